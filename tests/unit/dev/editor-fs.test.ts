import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { allowedPath, editorFsHandler } from "../../../src/dev/editor-fs.ts";
import { EDITOR_FS_HEADER, EDITOR_FS_PATH } from "../../../src/dev/browser/protocol.ts";

it("the stand-in reaches content/ and the .git marker, nothing else of the project", () => {
  expect(allowedPath("content/en/pages/privacy.md")).toBe("content/en/pages/privacy.md");
  expect(allowedPath("")).toBe("");
  expect(allowedPath(".git")).toBe(".git");
  for (const path of [
    "src/pipeline/index.ts",
    "content/../package.json",
    "../content",
    "/etc/passwd",
    "contents",
    "content\\..\\src",
    ".git/config",
    null,
  ]) {
    expect(allowedPath(path), String(path)).toBeUndefined();
  }
});

let root = "";
let base = "";
const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://x").pathname;
  if (!editorFsHandler(root)(request, response, path)) response.writeHead(404).end();
});
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "editor-fs-"));
  mkdirSync(join(root, "content/en"), { recursive: true });
  writeFileSync(join(root, "content/en/home.yaml"), "meta: {}\n");
  writeFileSync(join(root, "package.json"), "{}");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${EDITOR_FS_PATH}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const editor = { [EDITOR_FS_HEADER]: "1" };

it("reads, writes and lists under content/ for the editor's own calls", async () => {
  expect(await (await fetch(`${base}/list?path=`, { headers: editor })).json()).toEqual([
    { name: ".git", kind: "directory" },
    { name: "content", kind: "directory" },
  ]);
  expect(await (await fetch(`${base}/file?path=content/en/home.yaml`, { headers: editor })).text()).toBe("meta: {}\n");
  expect(
    (
      await fetch(`${base}/file?path=content/de/home.yaml`, {
        method: "PUT",
        headers: editor,
        body: "meta: { title: x }\n",
      })
    ).status,
  ).toBe(200);
  expect(readFileSync(join(root, "content/de/home.yaml"), "utf8")).toBe("meta: { title: x }\n");
  expect((await fetch(`${base}/file?path=content/fr/home.yaml`, { headers: editor })).status).toBe(404);
});

it("refuses a call without the editor's header (another site's page) and any path outside content/", async () => {
  expect((await fetch(`${base}/file?path=content/en/home.yaml`)).status).toBe(403);
  expect(
    (await fetch(`${base}/file?path=content/en/home.yaml`, { headers: { ...editor, "sec-fetch-site": "cross-site" } }))
      .status,
  ).toBe(403);
  expect((await fetch(`${base}/file?path=package.json`, { headers: editor })).status).toBe(403);
  expect(
    (await fetch(`${base}/file?path=content/../package.json`, { method: "PUT", headers: editor, body: "x" })).status,
  ).toBe(403);
  expect(readFileSync(join(root, "package.json"), "utf8")).toBe("{}");
});

it("a write of the bytes a file already holds leaves the file alone: its time stays, no watcher hears of it", async () => {
  const file = join(root, "content/en/same.yaml");
  writeFileSync(file, "title: Same\n");
  const old = new Date("2026-01-02T03:04:05Z");
  utimesSync(file, old, old);
  const put = (body: string) =>
    fetch(`${base}/file?path=content/en/same.yaml`, { method: "PUT", headers: editor, body }).then((r) => r.json());
  expect(await put("title: Same\n")).toEqual({ ok: true, written: false });
  expect(statSync(file).mtime.toISOString()).toBe(old.toISOString());
  expect(await put("title: Changed\n")).toEqual({ ok: true, written: true });
  expect(readFileSync(file, "utf8")).toBe("title: Changed\n");
  expect(statSync(file).mtime > old).toBe(true);
});
