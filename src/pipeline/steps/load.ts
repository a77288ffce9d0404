import { loadContent } from "../../content/load.ts";
import { ContentError, ContentErrors } from "../../content/read/errors.ts";
import { defaultLocale } from "../../content/locales.ts";
import { findPlaceholders } from "../../content/rules/placeholders.ts";
import { earlyTranslations } from "../../content/rules/schedule.ts";
import { structureErrors } from "../../content/rules/structure.ts";
import { incompleteTranslations } from "../../content/rules/translations.ts";
import { siteUrlSchema } from "../../content/schemas/index.ts";
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
        new ContentError(p.file, `placeholder "${p.text}" (${p.reason}) must be replaced before a strict build`, {
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
  preview: plan.noindex,
  future: plan.future,
  today: plan.today,
});

/**
 * The address pages are built for: the plan's (SITE_URL) when given, held to site.yaml's rule for url, except
 * that http://localhost is fine for builds served on this machine (npm run audit).
 */
function checkedSiteUrl(override: string | undefined, fromContent: string): string {
  if (override === undefined) return fromContent;
  const value = override.replace(/\/+$/, "");
  if (/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(value)) return value;
  const result = siteUrlSchema.safeParse(value);
  if (!result.success)
    throw new ContentErrors([
      new ContentError(
        "SITE_URL (environment)",
        `"${override}" ${result.error.issues[0]?.message ?? "is not a valid address"}`,
      ),
    ]);
  return value;
}
