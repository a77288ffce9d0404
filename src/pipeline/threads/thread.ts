// The build's other thread: it reads pages and renders routes for the build on the main thread, which does the
// same meanwhile (pool.ts). It keeps what a build lends it (the pages' context, the route model) between requests.
import { parentPort } from "node:worker_threads";
import { ContentError, ContentErrors } from "../../content/read/errors.ts";
import { loadPage } from "../../content/pages.ts";
import { ContentFolder } from "../../content/read/folder.ts";
import { RouteModel } from "../../routes/model.ts";
import { imageService } from "../images/service.ts";
import { renderRoutes } from "../render/pages.ts";
import type { PageResult, ThreadProblem, ThreadReply, ThreadRequest } from "./protocol.ts";

let pages:
  | {
      context: NonNullable<Extract<ThreadRequest, { type: "pages" }>["context"]>;
      folder: ContentFolder;
      keys: Set<string>;
      images: ReturnType<typeof imageService>;
    }
  | undefined;
let render:
  | { model: RouteModel; context: NonNullable<Extract<ThreadRequest, { type: "render" }>["context"]> }
  | undefined;

const problemsOf = (error: ContentError): ThreadProblem => ({
  file: error.file,
  detail: error.detail,
  position: error.position,
});

async function loadOne(job: { lang: string; relativePath: string }): Promise<PageResult> {
  if (!pages) throw new Error("no pages context");
  const { context, folder, keys, images } = pages;
  try {
    const page = await loadPage(
      folder,
      job.lang,
      job.relativePath,
      keys,
      context.site,
      context.copy,
      images.service,
      context.draftSections && new Set(context.draftSections),
    );
    return { ok: true, page };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, problems: [problemsOf(error)] };
    if (error instanceof ContentErrors) return { ok: false, problems: error.errors.map(problemsOf) };
    return { ok: false, unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  if (request.type === "pages") {
    if (request.context) {
      const { context } = request;
      pages = {
        context,
        folder: new ContentFolder(context.root),
        keys: new Set(context.keys),
        images: imageService(context.imageCache),
      };
      // The build's main thread encodes too.
      pages.images.processor.shareCores();
    }
    const results = await Promise.all(request.jobs.map(loadOne));
    return { id: request.id, type: "pages", results, images: [...(pages?.images.processor.outputs() ?? [])] };
  }
  if (request.context) {
    const { content, options } = request.context;
    content.folder = new ContentFolder(content.folder.root);
    render = { model: new RouteModel(content, options), context: request.context };
  }
  if (!render) throw new Error("no render context");
  const { model, context } = render;
  const routes = request.routes.map((index) => model.routes[index]).filter((route) => route !== undefined);
  const rendered = renderRoutes(request.outDir, model, context.assets, context.siteUrl, routes);
  return { id: request.id, type: "render", files: rendered };
}

parentPort?.on("message", (request: ThreadRequest) => {
  answer(request).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        type: "failed",
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ThreadReply),
  );
});
