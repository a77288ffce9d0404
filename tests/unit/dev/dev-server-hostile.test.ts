import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_FS_HEADER, EDITOR_FS_PATH } from "../../../src/dev/browser/protocol.ts";
import { startDevServer } from "../../../src/dev/server.ts";
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
