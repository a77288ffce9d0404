/**
 * npm run dev under hostile and clumsy saves (issue 21): each save is reported in the overlay with file
 * and line, the last good build stays served, and the next good save recovers. Runs on a temporary copy
 * of the site, never the real content/.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { KNOWN_ATTACKS } from "../unit/pipeline/images/svg-attacks.ts";

test.describe("the dev server under hostile saves", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let site = "";
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  /** What the dev server printed to the author's terminal. */
  const printed: string[] = [];
  const path = (file: string) => join(site, "content", file);
  const read = (file: string) => readFileSync(path(file), "utf8");
  const write = (file: string, text: string) => {
    mkdirSync(dirname(path(file)), { recursive: true });
    writeFileSync(path(file), text);
  };
  const ARTICLE = "en/pages/insights/rag-agents.md";

  test.beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), "dev-hostile-"));
    for (const entry of ["content", "src", "tsconfig.json", "package.json"])
      cpSync(entry, join(site, entry), { recursive: true });
    symlinkSync(resolve("node_modules"), join(site, "node_modules"));
    dev = await startDevServer({ cwd: site, port: 0, log: (line) => void printed.push(line) });
  });

  test.afterAll(async () => {
    await dev?.close();
    rmSync(site, { recursive: true, force: true });
  });

  /** Saves a change, sees the overlay name the problem, sees the last good page still served, then undoes the change and sees it recover. */
  async function breakAndRecover(
    page: Page,
    breakIt: () => void,
    message: RegExp,
    repair: () => void,
    whileBroken?: () => Promise<void>,
  ): Promise<void> {
    // The previous step's recovery may still reload the open tab: a navigation it aborts is tried again.
    await expect(async () => {
      await page.goto(`${dev.url}/insights/rag-agents`);
    }).toPass({ timeout: 30_000 });
    const heading = await page.locator("h1").textContent();
    breakIt();
    const overlay = page.getByRole("alertdialog", { name: "Build error" });
    await expect(overlay).toContainText(message, { timeout: 30_000 });
    await expect(overlay).not.toContainText(/\n\s+at |\/tmp\/|node_modules/);
    expect((await page.request.get(`${dev.url}/insights/rag-agents`)).status()).toBe(200);
    await expect(page.locator("h1")).toHaveText(heading ?? "");
    await whileBroken?.();
    repair();
    await expect(overlay).toBeHidden({ timeout: 30_000 });
  }

  test("each hostile input of issue 21 is reported with its file and line, and the fixed file recovers", async ({
    page,
  }) => {
    const original = read(ARTICLE);
    const restore = () => write(ARTICLE, original);
    const cases: [string, () => void, RegExp][] = [
      [
        "SVG with a script",
        () => {
          write("en/pages/insights/evil.svg", KNOWN_ATTACKS["namespaced script"] ?? "");
          write(ARTICLE, `${original}\n![A diagram](./evil.svg)\n`);
        },
        /content\/en\/pages\/insights\/rag-agents\.md:\d+: the image \.\/evil\.svg is refused: the element <x:script>/,
      ],
      [
        "image outside content/",
        () => write(ARTICLE, original.replace(/^image: .*$/m, "image: ../../../../../../etc/hostname")),
        /rag-agents\.md:7: image: .* is outside the content folder/,
      ],
      [
        "deep nesting",
        () => write(ARTICLE, `${original}\n${"> ".repeat(3000)}x\n`),
        /rag-agents\.md:\d+: the text nests more than 40 levels deep/,
      ],
      [
        "U+FFFE in front matter",
        () => write(ARTICLE, original.replace(/^title: (.)/m, "title: $1\ufffe")),
        /rag-agents\.md:2:9: invisible character U\+FFFE/,
      ],
      [
        "reserved slug",
        () => write(ARTICLE, original.replace(/^title:/m, "url: /assets/x\ntitle:")),
        /rag-agents\.md:\d+: url: url "\/assets\/x": "assets" is reserved/,
      ],
    ];
    for (const [name, breakIt, message] of cases) {
      await test.step(name, () => breakAndRecover(page, breakIt, message, restore));
    }
    await test.step("a page named like a generated file", () =>
      breakAndRecover(
        page,
        () => write("en/pages/insights/feed.xml.md", original),
        /content\/en\/pages\/insights\/feed\.xml\.md: the file name "insights\/feed\.xml\.md" cannot be an address/,
        () => rmSync(path("en/pages/insights/feed.xml.md")),
      ));
  });

  test("an error message holding markup is shown as text in the overlay, never as markup", async ({ page }) => {
    const original = read(ARTICLE);
    await breakAndRecover(
      page,
      () => write(ARTICLE, original.replace(/^date: .*$/m, 'date: "<img src=x id=injected>"')),
      /date: must be a date written YYYY-MM-DD, e\.g\. 2026-11-16 \(not "<img src=x id=injected>"\)/,
      () => write(ARTICLE, original),
      async () => {
        await expect(page.getByRole("alertdialog")).toContainText("<img src=x id=injected>");
        await expect(page.locator("#injected")).toHaveCount(0);
      },
    );
  });

  test("deleting a language folder is refused and renaming a section folder in one language is reported; putting them back recovers", async ({
    page,
  }) => {
    const german = join(site, "content/de");
    const parked = join(site, "de-parked");
    await breakAndRecover(
      page,
      () => renameSync(german, parked),
      /content\/de\/common\.yaml: file is missing/,
      () => renameSync(parked, german),
    );

    // A section in one language only is allowed (partial translations); this site says translations: complete,
    // so the terminal names every page that lost its twin, and npm run build -- --strict would refuse them.
    const section = join(site, "content/en/pages/insights");
    const renamed = join(site, "content/en/pages/einsichten");
    const served = (address: string) => async () => (await page.request.get(`${dev.url}${address}`)).status();
    renameSync(section, renamed);
    await expect.poll(served("/einsichten/rag-agents"), { timeout: 30_000 }).toBe(200);
    // The server answers from the new build as soon as it is swapped in; its report reaches this process's pipe after.
    await expect
      .poll(() => printed.join("\n"))
      .toMatch(/content\/en\/pages\/einsichten\/rag-agents\.md: has no counterpart in de/);
    expect(printed.join("\n")).not.toMatch(/\n\s+at |\/tmp\/|node_modules/);
    renameSync(renamed, section);
    await expect.poll(served("/insights/rag-agents"), { timeout: 30_000 }).toBe(200);
    expect(await served("/einsichten/rag-agents")()).toBe(404);
  });

  test("200 files created at once are built together, and the server answers throughout", async ({ page }) => {
    const page_ = (lang: string, index: number) =>
      `---\ntitle: Note ${index} ${lang}\ndescription: A generated note.\ndraft: true\n---\n\nText of note ${index}.\n`;
    for (let index = 0; index < 100; index += 1) {
      for (const lang of ["en", "de"]) writeFileSync(path(`${lang}/pages/note-${index}.md`), page_(lang, index));
    }
    expect((await page.request.get(`${dev.url}/`)).status()).toBe(200);
    await expect
      .poll(async () => (await page.request.get(`${dev.url}/de/note-99`)).status(), { timeout: 60_000 })
      .toBe(200);
    await page.goto(`${dev.url}/note-42`);
    await expect(page.locator("h1")).toHaveText("Note 42 en");
  });

  test("malformed requests to the dev server's own endpoints are answered and it keeps serving", async () => {
    const { hostname, port } = new URL(dev.url);
    const status = (method: string, target: string, headers: Record<string, string> = {}) =>
      new Promise<number>((done, fail) => {
        const call = request({ hostname, port, path: target, method, headers, agent: false }, (response) => {
          response.destroy();
          done(response.statusCode ?? 0);
        });
        call.on("error", fail);
        call.end(method === "POST" ? "x".repeat(100_000) : undefined);
      });
    for (const [method, target] of [
      ["DELETE", "/__dev/events"],
      ["POST", "/__dev/client.js"],
      ["POST", "/__dev/loaded?x=<script>"],
      ["GET", "/__dev/%"],
      ["GET", "/__dev/loaded/../../content/site.yaml"],
      ["GET", "//__dev/client.js"],
      ["GET", "/__dev/client.js%00"],
    ]) {
      expect(await status(method as string, target as string), `${method} ${target}`).toBeLessThan(500);
    }
    expect(await status("GET", "/__dev/loaded/../../content/site.yaml")).not.toBe(200);
    expect(await status("GET", "/")).toBe(200);
  });
});
