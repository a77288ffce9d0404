import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_FS_HEADER, EDITOR_FS_PATH } from "../../../src/dev/browser/protocol.ts";
import { startDevServer } from "../../../src/dev/server.ts";
import { EDITOR_PREVIEW_PATH } from "../../../src/host/addresses.ts";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { send } from "../server/raw-http.ts";

// Issue 29: npm run dev on a temporary copy of the site, as a hostile page or a careless request would reach it.
let site = "";
let dev: Awaited<ReturnType<typeof startDevServer>>;
const printed: string[] = [];
beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "checks-dev-"));
  for (const entry of ["content", "src", "tsconfig.json", "package.json"])
    cpSync(entry, join(site, entry), { recursive: true });
  symlinkSync(resolve("node_modules"), join(site, "node_modules"));
  // Links already inside content/, as a careless copy or a hostile commit would leave them.
  symlinkSync(join(site, "src"), join(site, "content", "code"));
  symlinkSync(join(site, "package.json"), join(site, "content", "package.json"));
  dev = await startDevServer({ cwd: site, port: 0, log: (line) => void printed.push(line) });
}, 120_000);
afterAll(async () => {
  await dev?.close();
  rmSync(site, { recursive: true, force: true });
});

const port = () => new URL(dev.url).port;
const ROUTES = [
  "/",
  "/insights/rag-agents",
  "/__dev/events",
  "/__dev/client.js",
  `${EDITOR_FS_PATH}/list?path=content`,
];

describe("npm run dev", () => {
  it.each([
    "evil.example",
    "evil.example:4173",
    "localhost.evil.example",
    "127.0.0.1.nip.io",
    "localhost:80@evil.example",
  ])(
    "refuses the Host %j on every route (a DNS-rebinding page cannot read drafts or the editor's files)",
    async (host) => {
      for (const path of ROUTES) {
        const answer = await send(dev.url, path, {
          headers: { Host: host.replace("4173", port()), [EDITOR_FS_HEADER]: "1" },
        });
        expect(answer.status, `${host} ${path}`).toBe(403);
        expect(answer.body.toString(), path).not.toContain("<html");
      }
    },
  );

  it.each(["localhost", "127.0.0.1", "[::1]"])("answers the loopback name %s", async (name) => {
    const answer = await send(dev.url, "/", { headers: { Host: `${name}:${port()}` } });
    expect(answer.status).toBe(200);
  });

  it("answers a path segment of 251 and more characters with 404, logging nothing", async () => {
    const before = printed.length;
    for (const length of [251, 256, 1000]) {
      const answer = await send(dev.url, `/${"a".repeat(length)}`);
      expect(answer.status, String(length)).toBe(404);
      expect((await send(dev.url, `/insights/${"b".repeat(length)}/x`)).status).toBe(404);
    }
    expect(printed.slice(before)).toEqual([]);
  });

  it("the editor's file endpoints do not follow a link inside content/ out of it: list, read, write and delete are refused", async () => {
    const editor = { [EDITOR_FS_HEADER]: "1", Host: `127.0.0.1:${port()}` };
    const call = (method: string, action: string, path: string) =>
      fetch(`${dev.url}${EDITOR_FS_PATH}/${action}?path=${encodeURIComponent(path)}`, {
        method,
        headers: editor,
        ...(method === "PUT" && action === "file" ? { body: "// written through a link\n" } : {}),
      });
    expect((await call("GET", "list", "content/code")).status).toBe(403);
    expect((await call("GET", "file", "content/code/dev/server.ts")).status).toBe(403);
    expect((await call("GET", "file", "content/package.json")).status).toBe(403);
    expect((await call("PUT", "file", "content/code/planted.ts")).status).toBe(403);
    expect((await call("DELETE", "entry", "content/code/README.md")).status).toBe(403);
    expect(readFileSync(join(site, "src/README.md"), "utf8")).toContain("# src/");
    // What is really inside content/ still works.
    expect((await call("GET", "file", "content/site.yaml")).status).toBe(200);
    mkdirSync(join(site, "content/en/pages/new"), { recursive: true });
    expect((await call("PUT", "file", "content/en/pages/new/page.md")).status).toBe(200);
  });
});

it("npm start's server answers a path segment of 251 and more characters with 404, not 500", async () => {
  const dir = mkdtempSync(join(tmpdir(), "checks-serve-"));
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title>");
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>");
  const server = await startStaticServer({ dir, port: 0 });
  try {
    for (const path of [`/${"a".repeat(251)}`, `/${"a".repeat(300)}/`, `/x/${"a".repeat(400)}.html`])
      expect((await send(urlOf(server), path)).status, path.length.toString()).toBe(404);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// Issue 59: the editor's preview asks the dev server for a page rendered from its unsaved text.
describe("npm run dev's preview of an unsaved page", () => {
  const file = "content/en/pages/privacy.md";
  const ask = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${dev.url}${EDITOR_PREVIEW_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("renders the page's <main> from the text sent, in its language, and writes nothing", async () => {
    const before = readFileSync(join(site, file), "utf8");
    const built = readdirSync(join(site, ".dev-dist"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [join(entry.parentPath, entry.name), statSync(join(entry.parentPath, entry.name)).mtimeMs]);
    const text = before.replace(/^title: .*$/m, "title: Unsaved title").concat("\nAn unsaved sentence.\n");
    const answer = await ask({ file, text });
    expect(answer.status).toBe(200);
    const { main } = (await answer.json()) as { main: string };
    expect(main).toMatch(
      /^<main id="main"[^>]*>[\s\S]*<h1>Unsaved title<\/h1>[\s\S]*An unsaved sentence\.[\s\S]*<\/main>$/,
    );
    const german = await ask({
      file: "content/de/pages/privacy.md",
      text: readFileSync(join(site, "content/de/pages/privacy.md"), "utf8"),
    });
    expect(((await german.json()) as { main: string }).main).toContain("Zurück zur Startseite");
    expect(readFileSync(join(site, file), "utf8")).toBe(before);
    for (const [path, time] of built) expect(statSync(path as string).mtimeMs, path as string).toBe(time);
  });

  it("answers a text the build refuses with the build's message: file, line and key", async () => {
    const text = readFileSync(join(site, file), "utf8").replace(/^title: .*$/m, `title: ${"x".repeat(61)}`);
    const answer = await ask({ file, text });
    expect(answer.status).toBe(422);
    const { problem } = (await answer.json()) as { problem: string };
    expect(problem).toMatch(/content\/en\/pages\/privacy\.md:\d+: title/);
  });

  it("refuses another site's page, a plain form's post, and any file that is not a page of content/", async () => {
    const text = readFileSync(join(site, file), "utf8");
    expect((await ask({ file, text }, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await ask({ file, text }, { "Content-Type": "text/plain" })).status).toBe(403);
    for (const other of ["content/site.yaml", "content/en/pages/../../../src/x.md", "src/cli/dev.ts", "/etc/passwd"])
      expect((await ask({ file: other, text })).status, other).toBe(400);
  });
});
