import { Worker } from "node:worker_threads";
import { ContentError, ContentErrors } from "../../content/read/errors.ts";
import type { Page, PageJob, PageJobContext, PageThreads } from "../../content/types.ts";
import type { Assets } from "../../components/context.ts";
import type { RouteModel, RouteModelOptions } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import type { ImageProcessor } from "../images/processor.ts";
import { renderRoutes } from "../render/pages.ts";
import type { PageResult, ThreadReply, ThreadRequest } from "./protocol.ts";

/** Omit over each member of a union (TypeScript's Omit merges them first). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Pages (or routes) sent to the other thread at a time: large enough to pay for the message, small enough to share. */
const BATCH = 8;
/** Pages read at once on this thread while the other thread works (see content/read/page-cache.ts). */
const LOCAL_AT_ONCE = 16;
/** Below this many routes to render, the other thread is not asked (renders are about a millisecond each). */
const RENDER_THRESHOLD = 200;

/**
 * The build's second thread, for a large site on a machine with more than one core: it reads Markdown pages and
 * renders routes alongside the main thread, which keeps working meanwhile and takes whatever the other thread
 * has not taken yet, so a slow start (loading its modules, about half a second) costs nothing. Started on the
 * first request; `close` ends it, and the build always closes it before it returns.
 */
export class BuildThread implements PageThreads {
  private worker?: Worker;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }
  >();
  private sentPages = false;
  private sentRender = false;

  constructor(
    private readonly imageCache: string,
    private readonly processor: ImageProcessor,
  ) {}

  private request(message: DistributiveOmit<ThreadRequest, "id">): Promise<ThreadReply> {
    if (!this.worker) {
      const worker = new Worker(new URL("./bootstrap.mjs", import.meta.url), {
        workerData: { module: new URL("./thread.ts", import.meta.url).href },
      });
      worker.on("message", (reply: ThreadReply) => {
        const waiting = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if (reply.type === "failed") waiting?.reject(new Error(`the build's other thread failed: ${reply.message}`));
        else waiting?.resolve(reply);
      });
      const fail = (error: Error) => {
        for (const { reject } of this.waiting.values()) reject(error);
        this.waiting.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`the build's other thread stopped (exit code ${code})`)));
      this.worker = worker;
      this.processor.shareCores();
    }
    const id = this.next++;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } as ThreadRequest);
    });
  }

  async loadAll(
    jobs: readonly PageJob[],
    context: PageJobContext,
    local: (job: PageJob) => Promise<Page>,
  ): Promise<PromiseSettledResult<Page>[]> {
    const results: PromiseSettledResult<Page>[] = new Array(jobs.length);
    let taken = 0;
    const take = (count: number) => {
      const start = taken;
      taken = Math.min(jobs.length, taken + count);
      return Array.from({ length: taken - start }, (_, offset) => start + offset);
    };
    const elsewhere = async () => {
      for (let batch = take(BATCH); batch.length > 0; batch = take(BATCH)) {
        const first = !this.sentPages;
        this.sentPages = true;
        const reply = await this.request({
          type: "pages",
          jobs: batch.map((index) => jobs[index] as PageJob),
          context: first ? { ...context, imageCache: this.imageCache } : undefined,
        });
        if (reply.type !== "pages") throw new Error("the build's other thread answered another question");
        this.processor.adopt(reply.images);
        for (const [position, index] of batch.entries()) results[index] = settled(reply.results[position]);
      }
    };
    const here = async () => {
      for (let [index] = take(1); index !== undefined; [index] = take(1)) {
        try {
          results[index] = { status: "fulfilled", value: await local(jobs[index] as PageJob) };
        } catch (reason) {
          results[index] = { status: "rejected", reason };
        }
        // A turn of the event loop: a page is read synchronously, so without it this thread would take every page
        // before it read the other thread's first answer, and the other thread would wait idle.
        await new Promise(setImmediate);
      }
    };
    // Two requests in flight: the other thread starts its next batch the moment it answers one, before this
    // thread, busy with a page, has read the answer.
    await Promise.all([elsewhere(), elsewhere(), ...Array.from({ length: LOCAL_AT_ONCE }, here)]);
    return results;
  }

  /** Renders routes to their files, shared between this thread and the other one on a large site. */
  async render(
    outDir: string,
    model: RouteModel,
    assets: Assets & { loader: string },
    siteUrl: string,
    options: RouteModelOptions,
    routes: readonly Route[],
  ): Promise<void> {
    if (routes.length < RENDER_THRESHOLD) {
      renderRoutes(outDir, model, assets, siteUrl, routes);
      return;
    }
    const indexOf = new Map(model.routes.map((route, index) => [route, index]));
    let taken = 0;
    const take = (count: number) => {
      const start = taken;
      taken = Math.min(routes.length, taken + count);
      return routes.slice(start, taken);
    };
    const elsewhere = async () => {
      for (let batch = take(BATCH * 4); batch.length > 0; batch = take(BATCH * 4)) {
        const first = !this.sentRender;
        this.sentRender = true;
        await this.request({
          type: "render",
          routes: batch.map((route) => indexOf.get(route) ?? -1),
          outDir,
          context: first ? { content: model.content, options, assets, siteUrl } : undefined,
        });
      }
    };
    const here = async () => {
      for (let batch = take(BATCH); batch.length > 0; batch = take(BATCH)) {
        renderRoutes(outDir, model, assets, siteUrl, batch);
        // A turn of the event loop, so that the other thread's answer is read and it gets its next batch at once.
        await new Promise(setImmediate);
      }
    };
    // Two requests in flight, as in loadAll.
    await Promise.all([elsewhere(), elsewhere(), here()]);
  }

  /** Ends the other thread, if it was started; nothing of it outlives the build. */
  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

/** A page's result as this thread knows results: problems become content errors again, with file and line. */
function settled(result: PageResult | undefined): PromiseSettledResult<Page> {
  if (!result) return { status: "rejected", reason: new Error("the build's other thread gave no answer for a page") };
  if (result.ok) return { status: "fulfilled", value: result.page };
  if ("unexpected" in result) return { status: "rejected", reason: new Error(result.unexpected) };
  const errors = result.problems.map(({ file, detail, position }) => new ContentError(file, detail, position));
  return { status: "rejected", reason: errors.length === 1 ? errors[0] : new ContentErrors(errors) };
}
