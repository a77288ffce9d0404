/**
 * The second engine: Debian's Firefox ESR takes full screenshots of the German home page and a German article
 * at a phone's and a laptop's width, from the built site on a server this test starts on 127.0.0.1. Playwright
 * cannot drive Debian's Firefox, so the screenshots are for a person to look at (they are attached to the
 * report); the test checks that Firefox loaded the page and everything it asked for, and drew a page.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { runnable } from "./browser.ts";
import { pathFor, paths } from "./content.ts";

const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const HEIGHT = 3000;
const run = promisify(execFile);

const PAGES = { home: paths.de.home, article: pathFor("insights/rag-agents", "de") };

test.describe("Firefox ESR", () => {
  let server: Server;
  const answers: { path: string; status: number }[] = [];

  test.beforeAll(async () => {
    if (!runnable(FIREFOX_PATH))
      throw new Error(
        `the Firefox screenshots need Firefox at ${FIREFOX_PATH}: install it with \`sudo apt-get install firefox-esr\`, or set FIREFOX_PATH`,
      );
    server = await startStaticServer({
      dir: "dist",
      port: 0,
      before: (_request, response, path) => {
        response.on("finish", () => answers.push({ path, status: response.statusCode }));
        return false;
      },
    });
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const [name, path] of Object.entries(PAGES)) {
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here, and the test needs no fixture
    test(`draws the German ${name} page (${path}) at 375 and 1280 px`, async ({}, testInfo) => {
      test.setTimeout(120_000);
      for (const width of [375, 1280]) {
        const file = testInfo.outputPath(`firefox-${name}-${width}.png`);
        // A fresh profile each time: Firefox refuses a profile another instance holds, and remembers nothing.
        const profile = mkdtempSync(join(tmpdir(), "firefox-profile-"));
        answers.length = 0;
        try {
          await run(
            FIREFOX_PATH,
            [
              "--headless",
              "--no-remote",
              "-profile",
              profile,
              "--screenshot",
              file,
              `--window-size=${width},${HEIGHT}`,
              urlOf(server) + path,
            ],
            {
              timeout: 60_000,
              env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: "1" },
            },
          );
        } finally {
          rmSync(profile, { recursive: true, force: true });
        }
        await testInfo.attach(`${name} at ${width} px`, { path: file, contentType: "image/png" });
        expect(answers.find((answer) => answer.path === path)?.status, `Firefox asked for ${path}`).toBe(200);
        expect(
          answers.filter((answer) => answer.status >= 400),
          "requests that failed",
        ).toEqual([]);
        const image = sharp(file);
        expect(await image.metadata()).toMatchObject({ width, height: HEIGHT });
        // A page, not an empty or error screen of one colour.
        const { channels } = await image.stats();
        expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
      }
    });
  }
});
