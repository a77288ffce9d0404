import { type ChildProcess, fork } from "node:child_process";
import type {
  BuildReply,
  BuildRequest,
  PreviewReply,
  PreviewRequest,
  ShownRequest,
  WorkerMessage,
} from "./browser/protocol.ts";

/**
 * The dev server's build worker, one child process at a time; a full build gets a fresh one, so the rendering
 * code is the code on disk. A worker that dies on its own is replaced at once: a build it was running answers
 * with `workerStopped`, an idle death goes to `onIdleDeath`. One that dies before it was ready (code on disk
 * that does not load) is not replaced, or it would die again in a loop: the next build starts one.
 */
export function buildWorker(cwd: string, onIdleDeath: (message: string) => void) {
  let child: ChildProcess | undefined;
  /** Each worker's "ready": a request is sent only once the worker listens (one sent while it loads would be lost). */
  const readiness = new WeakMap<ChildProcess, Promise<void>>();
  let pending: { request: BuildRequest; resolve: (reply: BuildReply) => void } | undefined;
  /** The editor's previews asked of the current worker, by id: answered beside its builds, in any order. */
  const previews = new Map<number, (reply: PreviewReply) => void>();
  let previewIds = 0;
  /** A worker that goes away leaves its previews unanswered: they get no page, and the pane asks again. */
  const dropPreviews = () => {
    for (const [id, resolve] of previews) resolve({ preview: id });
    previews.clear();
  };

  function start(): ChildProcess {
    const previous = child;
    const current = fork(`${cwd}/src/dev/worker.ts`, [], {
      cwd,
      execArgv: ["--import", "tsx"],
      // React renders the pages in production mode, as npm run build's does (cli/production-mode.ts): the same HTML,
      // in about half the time of development mode's checks.
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = current;
    previous?.kill();
    dropPreviews();
    let ready = false;
    let markReady = () => {};
    readiness.set(current, new Promise<void>((resolve) => (markReady = resolve)));
    current.on("message", (message: WorkerMessage) => {
      if ("ready" in message) {
        ready = true;
        markReady();
        return;
      }
      if ("preview" in message) {
        previews.get(message.preview)?.(message);
        previews.delete(message.preview);
        return;
      }
      const waiting = pending;
      pending = undefined;
      waiting?.resolve(message);
    });
    // A message that cannot be sent any more belongs to a worker that is exiting: its exit reports it.
    current.on("error", () => undefined);
    current.on("exit", (code, signal) => {
      if (current !== child) return; // replaced or stopped on purpose
      child = undefined;
      dropPreviews();
      const replacement = ready ? start() : undefined;
      const waiting = pending;
      pending = undefined;
      const message = [
        `The build worker (pid ${current.pid}) ${signal ? `was killed (${signal})` : `exited with code ${code}`}`,
        waiting ? ` during a ${waiting.request.kind} build. ` : " while idle. ",
        replacement
          ? `A new one has started (pid ${replacement.pid}): save a file to rebuild.`
          : "It stopped before it was ready (its error is in the terminal): save a file to try again.",
      ].join("");
      if (waiting) waiting.resolve({ ok: false, kind: waiting.request.kind, message, workerStopped: true });
      else onIdleDeath(message);
    });
    return current;
  }

  return {
    /** One build at a time: the caller waits for the reply before asking again. */
    build(request: BuildRequest): Promise<BuildReply> {
      const current = request.kind === "full" || child === undefined ? start() : child;
      return new Promise((resolve) => {
        pending = { request, resolve };
        // A worker that dies before it is ready answers through its exit, which resolves `pending`.
        void readiness.get(current)?.then(() => current.send(request, () => undefined));
      });
    },
    /** The editor's preview of one page's unsaved text, on the running worker's last build (none without one). */
    preview(file: string, text: string): Promise<PreviewReply> {
      const current = child;
      previewIds += 1;
      const id = previewIds;
      if (current === undefined) return Promise.resolve({ preview: id });
      return new Promise((resolve) => {
        previews.set(id, resolve);
        const request: PreviewRequest = { kind: "preview", id, file, text };
        void readiness.get(current)?.then(() => current.send(request, () => undefined));
      });
    },
    /** The open tab shows the last build: the worker may do what it left for after that (ShownRequest). */
    shown(): void {
      const current = child;
      const request: ShownRequest = { kind: "shown" };
      if (current) void readiness.get(current)?.then(() => current.send(request, () => undefined));
    },
    get pid(): number | undefined {
      return child?.pid;
    },
    async stop(): Promise<void> {
      const current = child;
      child = undefined;
      dropPreviews();
      if (current === undefined || current.exitCode !== null || current.signalCode !== null) return;
      await new Promise((resolve) => {
        current.once("exit", resolve);
        current.kill();
      });
    },
  };
}
