import { mkdir, readdir, readFile, realpath, rm, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join, posix, sep } from "node:path";
import { EDITOR_FS_HEADER, EDITOR_FS_PATH } from "./browser/protocol.ts";
import { writeFileAtomic } from "../cache/atomic.ts";

/** The folder the editor may read and write, relative to the project: content/ and nothing else. */
const WRITABLE = "content";
/**
 * The editor's local mode checks that the folder it was given is a repository (a .git entry). The stand-in
 * shows it an empty one; the real .git is never listed or read.
 */
const GIT_MARKER = ".git";
/** A Markdown page or YAML file is small; anything far larger is a mistake, not an edit. */
const MAX_BODY = 20 * 1024 * 1024;

type Answer = { status: number; body?: string | Buffer; type?: string; lastModified?: number };

const json = (status: number, value: unknown): Answer => ({
  status,
  body: JSON.stringify(value),
  type: "application/json",
});
const notFound = () => json(404, { error: "NotFoundError" });

/**
 * The path asked for, as a path under the project that the editor may touch, or undefined. Only content/
 * itself, what lies below it, the project root ("") and the .git marker pass; "..", absolute paths,
 * backslashes and NUL never do.
 */
export function allowedPath(raw: string | null): string | undefined {
  if (raw === null || /[\\\0]/.test(raw)) return undefined;
  const path = posix.normalize(raw === "" ? "." : raw).replace(/\/+$/, "");
  if (path === ".") return "";
  if (path.startsWith("/") || path.startsWith("..")) return undefined;
  if (path === GIT_MARKER || path === WRITABLE || path.startsWith(`${WRITABLE}/`)) return path;
  return undefined;
}

/** A request from a page the dev server served itself, at a loopback address (no other site's, no rebound name's). */
export function fromOwnPage(request: IncomingMessage): boolean {
  const host = request.headers.host ?? "";
  const site = request.headers["sec-fetch-site"];
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host) && (site === undefined || site === "same-origin");
}

/** Only the dev server's own pages may call: a page of another site cannot send the custom header without a preflight, which nothing here answers. */
const trusted = (request: IncomingMessage) => request.headers[EDITOR_FS_HEADER] === "1" && fromOwnPage(request);

export async function readBody(request: IncomingMessage, max = MAX_BODY): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a path, with every symbolic link on the way resolved, stays inside the real content/: a link already
 * inside content/ (to src/, to the home folder) must not let the editor list, read, write or delete there. A path
 * that does not exist yet (a file to be written) is judged by the deepest folder of it that does.
 */
async function resolvesInside(cwd: string, onDisk: string): Promise<boolean> {
  const root = await realpath(join(cwd, WRITABLE)).catch(() => undefined);
  if (root === undefined) return false;
  for (let at = onDisk; ; at = dirname(at)) {
    try {
      const real = await realpath(at);
      return real === root || real.startsWith(root + sep);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(at) === at) return false;
    }
  }
}

async function answer(cwd: string, request: IncomingMessage, action: string, path: string): Promise<Answer> {
  const onDisk = join(cwd, path);
  if (path === "" && action === "list")
    return json(200, [
      { name: GIT_MARKER, kind: "directory" },
      { name: WRITABLE, kind: "directory" },
    ]);
  if (path === "" || path === GIT_MARKER)
    return action === "list" ? json(200, []) : json(403, { error: "NotAllowedError" });
  if (!(await resolvesInside(cwd, onDisk))) return json(403, { error: "NotAllowedError" });
  switch (`${request.method} ${action}`) {
    case "GET list": {
      const entries = await readdir(onDisk, { withFileTypes: true }).catch(() => undefined);
      if (!entries) return notFound();
      return json(
        200,
        entries
          .filter((entry) => entry.isFile() || entry.isDirectory())
          .map((entry) => ({ name: entry.name, kind: entry.isDirectory() ? "directory" : "file" })),
      );
    }
    case "GET file": {
      const info = await stat(onDisk).catch(() => undefined);
      if (!info?.isFile()) return notFound();
      return {
        status: 200,
        body: await readFile(onDisk),
        type: "application/octet-stream",
        lastModified: Math.round(info.mtimeMs),
      };
    }
    case "PUT file": {
      const body = await readBody(request);
      if (!body) return json(413, { error: "QuotaExceededError" });
      // The editor writes every language of an entry on each save; a file whose bytes did not change is left
      // alone, so it keeps its time, and neither the watcher nor a review sees a change nobody made.
      const current = await readFile(onDisk).catch(() => undefined);
      if (current?.equals(body)) return json(200, { ok: true, written: false });
      // Its scratch file beside the project (outside the watched content/), renamed in: the watcher and the
      // build never read a half-written file.
      writeFileAtomic(onDisk, body, { scratchDir: cwd });
      return json(200, { ok: true, written: true });
    }
    case "PUT dir":
      await mkdir(onDisk, { recursive: true });
      return json(200, { ok: true });
    case "DELETE entry": {
      const info = await stat(onDisk).catch(() => undefined);
      if (!info) return notFound();
      if (path === WRITABLE) return json(403, { error: "NotAllowedError" });
      // Like FileSystemDirectoryHandle.removeEntry without { recursive }: a folder must be empty.
      if (info.isDirectory() && (await readdir(onDisk)).length > 0)
        return json(409, { error: "InvalidModificationError" });
      await rm(onDisk, { recursive: true });
      return json(200, { ok: true });
    }
    default:
      return json(405, { error: "NotSupportedError" });
  }
}

/**
 * The dev server's side of the editor's local mode (editor-fs-client.ts): list, read, write and delete
 * files under content/ of the working copy. Returns false for any other path.
 */
export function editorFsHandler(cwd: string) {
  return (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    if (!path.startsWith(`${EDITOR_FS_PATH}/`)) return false;
    const action = path.slice(EDITOR_FS_PATH.length + 1);
    const target = allowedPath(new URL(request.url ?? "/", "http://localhost").searchParams.get("path"));
    const reply = (result: Answer) => {
      const headers: Record<string, string> = {
        "Cache-Control": "no-store",
        "Content-Type": result.type ?? "text/plain",
      };
      if (result.lastModified !== undefined) headers["X-Last-Modified"] = String(result.lastModified);
      response.writeHead(result.status, headers).end(result.body);
    };
    if (!trusted(request)) reply(json(403, { error: "SecurityError" }));
    else if (target === undefined) reply(json(403, { error: "NotAllowedError" }));
    else answer(cwd, request, action, target).then(reply, () => reply(json(500, { error: "UnknownError" })));
    return true;
  };
}
