import type { IncomingMessage, ServerResponse } from "node:http";
import { EDITOR_PREVIEW_PATH } from "../host/addresses.ts";
import type { PreviewReply } from "./browser/protocol.ts";
import { allowedPath, fromOwnPage, readBody } from "./editor-fs.ts";

/** A page's text is far smaller (content's own limit is lower still, and the reader applies it). */
const MAX_TEXT = 4 * 1024 * 1024;

/** A page's file as the editor names it: a Markdown file in a language's pages/ folder of content/. */
const PAGE_FILE = /^content\/[^/]+\/pages\/.+\.md$/;

export type RenderPreview = (file: string, text: string) => Promise<PreviewReply>;

/**
 * The web editor's preview pane (editor/browser/preview.ts) posts an entry as its file would be written,
 * `{ "file": "content/de/pages/…", "text": "---\n…" }`, and gets the page's `<main>` as the build renders it from
 * that text (`{ "main": … }`, or `{ "problem", "german" }` for text the build refuses; 503 before the dev server
 * has built the page). Nothing is written: the build worker renders it on its last build's model (DevBuild.preview).
 *
 * Only the dev server's own pages may ask: a JSON body cannot be posted from another site without a preflight,
 * which nothing here answers.
 */
export function previewHandler(render: RenderPreview) {
  return (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    if (path !== EDITOR_PREVIEW_PATH) return false;
    const reply = (status: number, value: unknown) =>
      response
        .writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" })
        .end(JSON.stringify(value));
    const json = /^application\/json(;|$)/.test(request.headers["content-type"] ?? "");
    if (request.method !== "POST") reply(405, { error: "POST only" });
    else if (!json || !fromOwnPage(request)) reply(403, { error: "the dev server's own editor only" });
    else
      void answer(request, render).then(
        ([status, value]) => reply(status, value),
        () => reply(500, { error: "the preview failed" }),
      );
    return true;
  };
}

async function answer(request: IncomingMessage, render: RenderPreview): Promise<[number, unknown]> {
  const body = await readBody(request, MAX_TEXT);
  if (!body) return [413, { error: "too large for a page" }];
  let asked: unknown;
  try {
    asked = JSON.parse(body.toString("utf8"));
  } catch {
    return [400, { error: "not JSON" }];
  }
  const { file, text } = (asked ?? {}) as { file?: unknown; text?: unknown };
  const page = typeof file === "string" ? allowedPath(file) : undefined;
  if (page === undefined || !PAGE_FILE.test(page) || typeof text !== "string")
    return [400, { error: "file must be a page of content/ and text its Markdown" }];
  const { preview: _, ...result } = await render(page, text);
  return "main" in result && result.main !== undefined
    ? [200, result]
    : "problem" in result
      ? [422, result]
      : [503, {}];
}
