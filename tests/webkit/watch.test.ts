/**
 * The watch itself (watch.ts), so a quiet page means a clean page: a policy violation while a page loads reaches
 * the test through WebKit's report, and errors after the load through the listeners.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { attach, open, setViewport, violations } from "./session.ts";
import { startReportingServer } from "./server.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

test("a policy violation while the page loads is reported: the home page with its inline style changed by a byte", async () => {
  const dir = mkdtempSync(join(tmpdir(), "webkit-watch-"));
  const server = await startReportingServer(dir);
  try {
    copyFileSync("dist/_headers", join(dir, "_headers"));
    const html = readFileSync("dist/index.html", "utf8");
    // Its hash in the policy no longer matches, so WebKit refuses the stylesheet as the page is parsed.
    writeFileSync(join(dir, "index.html"), html.replace(/<style>:root\{/, "<style>:root{ "));
    const tampered = { driver: page.driver, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    await setViewport(tampered, 1280);
    await open(tampered, "/", { module: false });
    expect(await violations(tampered)).toEqual([`${tampered.origin}/: style-src-elem blocked inline`]);
  } finally {
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an uncaught error, a rejection and console.error after the load are seen", async () => {
  await setViewport(page, 1280);
  await open(page, "/");
  // Done once both events have reached the page (the watch's listeners came first, so they have them too).
  await page.driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    let pending = 2;
    const settle = () => (pending -= 1) === 0 && done();
    addEventListener("error", settle, { once: true });
    addEventListener("unhandledrejection", settle, { once: true });
    console.error("logged", 42);
    Promise.reject(new Error("nobody waited"));
    setTimeout(() => { throw new Error("thrown"); });
  `);
  expect((await pageErrors(page.driver)).sort()).toEqual([
    "logged 42",
    "uncaught: Error: thrown",
    "unhandled rejection: Error: nobody waited",
  ]);
  expect(await violations(page)).toEqual([]);
});
