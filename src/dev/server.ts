import type { IncomingMessage, ServerResponse } from "node:http";
import { statSync } from "node:fs";
import { join, relative } from "node:path";
import chokidar from "chokidar";
import * as esbuild from "esbuild";
import { LOOPBACK_HOST, startStaticServer, urlOf } from "../server/static-server.ts";
import { browserBundle } from "../pipeline/browser-bundle.ts";
import { CACHES } from "../pipeline/caches.ts";
import { logUnexpected } from "../pipeline/error-log.ts";
import { buildWorker } from "./build-worker.ts";
import { editorFsHandler } from "./editor-fs.ts";
import { previewHandler } from "./preview.ts";
import { buildStamp } from "./browser/build-stamp.ts";
import {
  type BuildRequest,
  DEV_CLIENT_PATH,
  DEV_EDITOR_FS_CLIENT_PATH,
  DEV_EVENTS_PATH,
  DEV_LOADED_PATH,
  DEV_OUT_DIR,
  type DevEvent,
} from "./browser/protocol.ts";

/**
 * When a file was saved: its modification time, which the editor set as it wrote the file, unless that is
 * not from just now (a file copied with its old time, a deleted file): then the moment the watcher heard of it.
 */
function savedAt(path: string): number {
  const now = Date.now();
  try {
    const { mtimeMs } = statSync(path);
    return mtimeMs <= now && mtimeMs > now - 10_000 ? mtimeMs : now;
  } catch {
    return now;
  }
}

/** How long the search write waits for a reloading tab's report before it runs anyway. */
const SHOWN_WAIT_MS = 3000;

export interface DevServerOptions {
  port?: number;
  /** Where content/, src/ live (a test runs the dev server on a temporary copy of the site). */
  cwd?: string;
  log?: (line: string) => void;
}

/**
 * npm run dev: build, serve, watch content/ and src/, rebuild only what changed, reload open tabs, and show
 * content errors (and a build worker that died) in the terminal and in an overlay while the last good pages stay served.
 */
export async function startDevServer({ port = 4173, cwd = process.cwd(), log = console.log }: DevServerOptions = {}) {
  const clients = new Set<ServerResponse>();
  let state: DevEvent = { buildId: 0 };
  /** When the last save happened (wall clock, ms), and which build first showed it: its reload is timed once. */
  let lastSave: number | undefined;
  let shown: { buildId: number; savedAt: number; reported: boolean } | undefined;
  const broadcast = (event: DevEvent) => {
    state = event;
    for (const client of clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
  };

  const bundle = async (entry: string, format: "esm" | "iife") =>
    (
      await esbuild.build({
        ...browserBundle(true),
        entryPoints: [`${cwd}/src/dev/browser/${entry}`],
        format,
        write: false,
      })
    ).outputFiles[0]?.text;
  const clientScript = await bundle("client.ts", "esm");
  // /admin/ loads it as a classic script before the editor, so the stand-in is in place when the editor looks.
  const editorFsClient = await bundle("editor-fs-client.ts", "iife");
  const editorFs = editorFsHandler(cwd);

  const worker = buildWorker(cwd, (message) => {
    log(`✗ ${message}`);
    broadcast({ buildId: state.buildId, problem: { kind: "worker-stopped", message } });
  });
  const preview = previewHandler((file, text) => worker.preview(file, text));
  let shownWait: ReturnType<typeof setTimeout> | undefined;
  let building = false;
  let queued: BuildRequest | undefined;
  let attempts = 0;
  async function rebuild(request: BuildRequest): Promise<void> {
    if (building) {
      // A full build wins over a content build that is already waiting; content changes add up.
      queued =
        queued?.kind === "full" || request.kind === "full"
          ? { kind: "full" }
          : { kind: "content", changed: [...new Set([...(queued?.changed ?? []), ...request.changed])] };
      return;
    }
    building = true;
    // The newest save this build includes: the one whose result the reloaded page shows.
    const savedAt = lastSave;
    const reply = await worker.build(request);
    building = false;
    attempts += 1;
    const build = { number: attempts, files: request.kind === "full" ? ("all" as const) : request.changed };
    if (reply.ok) {
      log(
        `✓ rebuilt (${reply.kind === "content" ? "content change" : "full"}) in ${Math.round(reply.ms)} ms: ${reply.split}`,
      );
      // Without an open tab nothing reloads: a tab opened later is no reload, and its time would measure the person.
      shown =
        savedAt === undefined || clients.size === 0
          ? undefined
          : { buildId: state.buildId + 1, savedAt, reported: false };
      // The search index of a one-page rebuild is written once the tab has loaded the page: written beside its reload,
      // it took the cores the reload needed. Without a tab to wait for, at once; a tab that never reports (closed
      // mid-reload) holds it back at most SHOWN_WAIT_MS.
      clearTimeout(shownWait);
      if (shown === undefined) worker.shown();
      else shownWait = setTimeout(() => worker.shown(), SHOWN_WAIT_MS);
      for (const warning of reply.warnings) log(`! ${warning}`);
      broadcast({
        buildId: state.buildId + 1,
        build: {
          ...build,
          warnings: reply.warnings,
          strict: reply.strict,
          german: reply.german,
          samples: reply.samples,
        },
      });
    } else {
      log(`✗ ${reply.message}\n  (still serving the last good build)`);
      broadcast({
        buildId: state.buildId,
        problem: {
          kind: reply.workerStopped ? "worker-stopped" : "build-error",
          message: reply.message,
          german: reply.german,
        },
        build,
      });
    }
    const next = queued;
    queued = undefined;
    if (next) await rebuild(next);
  }

  // --- HTTP: dist plus the dev endpoints ---
  const before = (request: IncomingMessage, response: ServerResponse, path: string) => {
    // Every answer names the last good build as it is served: a page's bytes are read after this, so they come
    // from that build or a newer one, and a tab never takes an older page for a newer (build-stamp.ts).
    response.setHeader("Server-Timing", buildStamp(state.buildId));
    // A page is answered in full, never 304: a browser may keep the stamp of the answer it revalidates, and a tab
    // would then reload for ever for a build its page is already from.
    if (request.headers["sec-fetch-dest"] === "document" || request.headers.accept?.startsWith("text/html")) {
      delete request.headers["if-none-match"];
      delete request.headers["if-modified-since"];
    }
    if (path === DEV_CLIENT_PATH) {
      response
        .writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" })
        .end(clientScript);
      return true;
    }
    if (path === DEV_EDITOR_FS_CLIENT_PATH) {
      response
        .writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" })
        .end(editorFsClient);
      return true;
    }
    if (editorFs(request, response, path)) return true;
    if (preview(request, response, path)) return true;
    if (path === DEV_EVENTS_PATH) {
      response.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
      });
      response.write(`data: ${JSON.stringify(state)}\n\n`);
      clients.add(response);
      request.on("close", () => clients.delete(response));
      return true;
    }
    if (path === DEV_LOADED_PATH) {
      // Sent by a tab that reloaded for a new build and has finished loading it, or swapped its text in place
      // and painted it: the first one for the build that showed a save gives the time from that save to a page
      // a person can see.
      const query = new URL(request.url ?? "", "http://dev").searchParams;
      const build = Number(query.get("build"));
      const how = query.get("how") === "swapped" ? "swapped in place" : "reloaded";
      if (shown && !shown.reported && build === shown.buildId) {
        shown.reported = true;
        clearTimeout(shownWait);
        worker.shown();
        log(`  page shown ${Math.max(0, Math.round(Date.now() - shown.savedAt))} ms after the save (${how})`);
      }
      response.writeHead(204).end();
      return true;
    }
    return false;
  };

  await rebuild({ kind: "full" });
  // An answer that fails unexpectedly (500): one line in the terminal, its details in the dev log.
  const onError = (doing: string, error: unknown) =>
    log(
      `✗ Unexpected error while ${doing}: answered 500; details in ${logUnexpected({ step: doing, cause: error }, join(CACHES.logs, "dev.log"), cwd)}`,
    );
  const served = { dir: `${cwd}/${DEV_OUT_DIR}`, before, hosts: LOOPBACK_HOST, onError };
  const server = await startStaticServer({ ...served, port }).catch(() => startStaticServer({ ...served, port: 0 }));

  const watcher = chokidar.watch(["content", "src"], { cwd, ignoreInitial: true });
  watcher.on("all", (_event, file) => {
    lastSave = savedAt(join(cwd, file));
    const isContent = file.startsWith("content");
    log(`… ${relative(".", file)} changed`);
    void rebuild(isContent ? { kind: "content", changed: [file] } : { kind: "full" });
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    url: urlOf(server),
    /** The build worker's process id, for tools and tests that need to reach it. */
    get workerPid(): number | undefined {
      return worker.pid;
    },
    /** Stops the watcher, the server and the build worker, and resolves once the worker has exited. */
    async close() {
      clearTimeout(shownWait);
      await watcher.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await worker.stop();
    },
  };
}
