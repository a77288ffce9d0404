import { loadContent } from "../../content/load.ts";
import { ContentError, ContentErrors } from "../../content/read/errors.ts";
import { defaultLocale } from "../../content/locales.ts";
import { findPlaceholders, placeholderReason } from "../../content/rules/placeholders.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { earlyTranslations } from "../../content/rules/schedule.ts";
import { structureErrors } from "../../content/rules/structure.ts";
import { incompleteTranslations } from "../../content/rules/translations.ts";
import { siteUrlFromEnvironment } from "../../shared/site-url.ts";
import type { Content } from "../../content/types.ts";
import { RouteModel } from "../../routes/model.ts";
import { movedPages } from "../../routes/moved.ts";
import type { PageStore } from "../incremental/page-store.ts";
import type { BuildImages } from "../images/service.ts";
import type { BuildPlan } from "../plan.ts";
import type { BuildThread } from "../threads/pool.ts";
import type { Doing } from "./runner.ts";

export interface Loaded {
  content: Content;
  model: RouteModel;
  /** The address pages are built for. */
  siteUrl: string;
  /** Content problems that do not stop this build. */
  warnings: ContentError[];
}

/** Step 1: load and check all content, compute the route model, refuse what this plan refuses. */
export async function loadAndModel(
  plan: BuildPlan,
  doing: Doing,
  tools: { images: BuildImages; pageStore?: PageStore; thread?: BuildThread },
): Promise<Loaded> {
  const content = await loadContent(plan.contentDir, {
    images: tools.images.service,
    staged: plan.staged,
    drafts: plan.drafts,
    pageCache: tools.pageStore,
    threads: tools.thread,
  });
  doing.step = "computing the pages";
  const model = new RouteModel(content, modelOptions(plan));
  // A page scheduled for a later day is held to it from that day on (steps/scheduled.ts warns now).
  const incomplete = incompleteTranslations(content, plan.today);
  // A translation dated before its original would go live first (issue 54): refused by a strict build, warned otherwise.
  const early = earlyTranslations(content.pages, defaultLocale(content.locales).code);
  if (plan.strict) {
    const placeholders = findPlaceholders(content.folder).map(
      (p) =>
        new ContentError(p.file, say("strictPlaceholder", { text: p.text, reason: placeholderReason(p.reason) }), {
          line: p.line,
        }),
    );
    // A translation lacking a heading, component or figure of the default language's page (structure: own opts out).
    const unequal = structureErrors(content, plan.today);
    if (placeholders.length + incomplete.length + unequal.length + early.length > 0)
      throw new ContentErrors([...incomplete, ...unequal, ...early, ...placeholders]);
  }
  const movedAway = movedPages(model);
  if (plan.moved === "error" && movedAway.length > 0) throw new ContentErrors(movedAway);
  const warnings = [
    ...content.warnings,
    ...content.menuWarnings,
    ...incomplete,
    ...early,
    ...model.warnings,
    ...(plan.moved === "warning" ? movedAway : []),
  ];
  return { content, model, siteUrl: checkedSiteUrl(plan.siteUrl, content.site.url), warnings };
}

/** The route model's options: what a plan builds, and its day. */
export const modelOptions = (plan: BuildPlan) => ({
  drafts: plan.drafts,
  noindex: plan.noindex,
  future: plan.future,
  today: plan.today,
});

/**
 * The address pages are built for: the plan's (SITE_URL) when given, read by the receiver's rule too
 * (shared/site-url.ts: https, or http on this machine for npm run audit), else site.yaml's url.
 */
function checkedSiteUrl(override: string | undefined, fromContent: string): string {
  if (override === undefined) return fromContent;
  const { url, why } = siteUrlFromEnvironment(override);
  // The operator's to fix, where the build runs: said in the command line's language like the content's problems.
  if (why)
    throw new ContentErrors([
      new ContentError("SITE_URL (environment)", say("siteUrlProblem", { value: override, why })),
    ]);
  return url;
}
