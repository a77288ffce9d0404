import { fork, type ChildProcess } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { relative } from "node:path";
import chokidar from "chokidar";
import * as esbuild from "esbuild";
import { startStaticServer, urlOf } from "../server/static-server.ts";
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH, DEV_LOADED_PATH, DEV_OUT_DIR, type BuildReply, type BuildRequest, type DevEvent } from "./protocol.ts";

export interface DevServerOptions {
  port?: number;
  /** Where content/, src/ live (a test runs the dev server on a temporary copy of the site). */
  cwd?: string;
  log?: (line: string) => void;
}

/**
 * npm run dev: build, serve, watch content/ and src/, rebuild only what changed, reload open tabs, and show
 * content errors in the terminal and in an overlay while the last good pages stay served.
 */
export async function startDevServer({ port = 4173, cwd = process.cwd(), log = console.log }: DevServerOptions = {}) {
  const clients = new Set<ServerResponse>();
  let state: DevEvent = { buildId: 0 };
  let savedAt: number | undefined;
  const broadcast = (event: DevEvent) => {
    state = event;
    for (const client of clients) client.write(`data: ${JSON.stringify(event)}\n\n`);
  };

  const clientScript = (
    await esbuild.build({ entryPoints: [`${cwd}/src/dev/client.ts`], bundle: true, format: "esm", write: false, logLevel: "silent" })
  ).outputFiles[0]?.text;

  // --- the build worker: one at a time, replaced when code changes ---
  let worker: ChildProcess | undefined;
  let running: Promise<BuildReply> | undefined;
  let queued: BuildRequest | undefined;
  const spawnWorker = () => {
    worker?.kill();
    worker = fork(`${cwd}/src/dev/worker.ts`, [], { cwd, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  };
  const runBuild = (request: BuildRequest): Promise<BuildReply> =>
    new Promise((resolve) => {
      const current = worker;
      current?.once("message", (reply: BuildReply) => resolve(reply));
      current?.send(request);
    });
  async function rebuild(request: BuildRequest): Promise<void> {
    if (running) {
      // A full build wins over a content build that is already waiting.
      queued = queued?.kind === "full" ? queued : request;
      return;
    }
    if (request.kind === "full") spawnWorker();
    running = runBuild(request);
    const reply = await running;
    running = undefined;
    if (reply.ok) {
      const sinceSave = savedAt === undefined ? "" : `, ${Math.round(performance.now() - savedAt)} ms after the save`;
      log(`✓ rebuilt (${reply.kind === "content" ? "content change" : "full"}) in ${Math.round(reply.ms)} ms: ${reply.split}${sinceSave}`);
      broadcast({ buildId: state.buildId + 1 });
    } else {
      log(`✗ ${reply.message}\n  (still serving the last good build)`);
      broadcast({ buildId: state.buildId, error: reply.message });
    }
    const next = queued;
    queued = undefined;
    if (next) await rebuild(next);
  }

  // --- HTTP: dist plus the dev endpoints ---
  const before = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === DEV_CLIENT_PATH) {
      response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }).end(clientScript);
      return true;
    }
    if (path === DEV_EVENTS_PATH) {
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
      response.write(`data: ${JSON.stringify(state)}\n\n`);
      clients.add(response);
      request.on("close", () => clients.delete(response));
      return true;
    }
    if (path === DEV_LOADED_PATH) {
      if (savedAt !== undefined) log(`  page reloaded ${Math.round(performance.now() - savedAt)} ms after the save`);
      savedAt = undefined;
      response.writeHead(204).end();
      return true;
    }
    return false;
  };

  spawnWorker();
  await rebuild({ kind: "full" });
  const server = await startStaticServer({ dir: `${cwd}/${DEV_OUT_DIR}`, port, before }).catch(() => startStaticServer({ dir: `${cwd}/${DEV_OUT_DIR}`, port: 0, before }));

  const watcher = chokidar.watch(["content", "src"], { cwd, ignoreInitial: true });
  watcher.on("all", (_event, file) => {
    savedAt = performance.now();
    const isContent = file.startsWith("content");
    log(`… ${relative(".", file)} changed`);
    void rebuild({ kind: isContent ? "content" : "full" });
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));

  return {
    url: urlOf(server),
    async close() {
      await watcher.close();
      for (const client of clients) client.end();
      server.closeAllConnections();
      server.close();
      worker?.kill();
    },
  };
}
