// The dev server's build worker. It keeps modules, the route model and the validator warm between builds;
// a content-only change reuses the previous bundle, and a change to one page's text rebuilds that page
// alone (pipeline/dev-build.ts). Drafts are built here and only here. The dev server starts a new worker
// when src/ changes, so the rendering code is always the code on disk.
import { join } from "node:path";
import { DevBuild } from "../pipeline/dev-build.ts";
import { contentErrorsOf, describeFailure, isContentFailure } from "../pipeline/report.ts";
import type { MessageLanguage } from "../shared/messages/catalogue.ts";
import { KeptPlaceholders } from "../content/rules/placeholders.ts";
import { ContentFolder } from "../content/read/folder.ts";
import { defaultLocale } from "../content/locales.ts";
import { earlyTranslations } from "../content/rules/schedule.ts";
import { structureErrors } from "../content/rules/structure.ts";
import { incompleteTranslations } from "../content/rules/translations.ts";
import {
  DEV_CLIENT_PATH,
  DEV_EDITOR_FS_CLIENT_PATH,
  DEV_OUT_DIR,
  type BuildReply,
  type BuildRequest,
  type PreviewProblem,
  type PreviewReply,
  type PreviewRequest,
  type ShownRequest,
  type WorkerMessage,
} from "./browser/protocol.ts";

const builder = new DevBuild({
  outDir: DEV_OUT_DIR,
  devClient: DEV_CLIENT_PATH,
  editorStandIn: DEV_EDITOR_FS_CLIENT_PATH,
});

function explain(error: unknown): string {
  return describeFailure(error, { log: "dev" });
}

/** The same in German for the editor's German interface, where it is the author's to fix (a content problem). */
const explainInGerman = (error: unknown) =>
  isContentFailure(error) ? describeFailure(error, { log: "dev", language: "de" }) : undefined;

/**
 * What the live site's build (npm run build -- --strict) refuses and this preview build lets through: where site.yaml
 * says translations: complete, a page missing in a published language and a translation lacking a heading, component
 * or figure of the default language's page; and a translation dated before its original. The placeholders left in
 * content/ go with them as samples (the editor names their fields). The build's own checks (links, values,
 * scheduled pages) are the same in both and come as its errors and warnings.
 */
function strictOnly(language: MessageLanguage): string[] {
  const content = builder.content;
  if (!content) return [];
  return [
    ...incompleteTranslations(content),
    ...structureErrors(content),
    ...earlyTranslations(content.pages, defaultLocale(content.locales).code),
  ].map((problem) => problem.messageIn(language));
}

/** The placeholders of each content file as last read: after a save only the files it changed are read again. */
const placeholders = new KeptPlaceholders();

/**
 * The editor's preview of an unsaved entry, answered between builds and during one (on the last build's model: a
 * build in progress replaces it only when it is done).
 */
async function preview({ id, file, text }: PreviewRequest): Promise<PreviewReply> {
  try {
    return { preview: id, main: await builder.preview(join(process.cwd(), file), text) };
  } catch (error) {
    const problems = contentErrorsOf(error)?.map(
      ({ file, detail, de, position: { line, keyPath } }): PreviewProblem => ({
        file,
        ...(line === undefined ? {} : { line }),
        ...(keyPath === undefined ? {} : { keyPath }),
        message: { en: detail, de: de ?? detail },
      }),
    );
    return { preview: id, problem: explain(error), german: explainInGerman(error), ...(problems ? { problems } : {}) };
  }
}

process.on("message", async (request: BuildRequest | PreviewRequest | ShownRequest) => {
  if (request.kind === "shown") {
    try {
      builder.afterShown();
    } catch (error) {
      console.error(explain(error));
    }
    return;
  }
  if (request.kind === "preview") {
    process.send?.(await preview(request));
    return;
  }
  const reuse = request.kind === "content";
  let reply: BuildReply;
  try {
    const result = await builder.run(
      request.kind === "content" ? request.changed.map((file) => join(process.cwd(), file)) : [],
      { reuseAssets: reuse },
    );
    const t = result.timings;
    const bundle = result.onePage ? "one page" : reuse ? "bundle reused" : `bundle ${Math.round(t.bundle)} ms`;
    const split = `content ${Math.round(t.content)} ms, ${bundle}, render ${Math.round(t.render)} ms, validate ${Math.round(t.validate)} ms`;
    // Only the files this save changed are read again for placeholders (KeptPlaceholders).
    const changed = request.kind === "content" ? request.changed.map((file) => join(process.cwd(), file)) : undefined;
    const found = placeholders.find(builder.content?.folder ?? new ContentFolder("content"), changed);
    reply = {
      ok: true,
      kind: request.kind,
      ms: t.total,
      split,
      warnings: result.warnings,
      strict: strictOnly("en"),
      german: { warnings: result.german, strict: strictOnly("de") },
      samples: found.map(({ file, key, text }) => ({ file, ...(key ? { key } : {}), text })),
    };
  } catch (error) {
    reply = { ok: false, kind: request.kind, message: explain(error), german: explainInGerman(error) };
  }
  // The page is shown on the reply; what it does not need (the search index) waits for the server's "shown"
  // (or the next build, which does it first).
  process.send?.(reply);
});

// Without the dev server (stopped, or killed itself) there is nobody to build for.
process.on("disconnect", () => process.exit(0));
// The imports above have loaded: the code on disk works well enough to take requests.
process.send?.({ ready: true } satisfies WorkerMessage);
