import { SECTION_IDS } from "../shared/page-markup.ts";
import type { SiteAddresses } from "../shared/verdict/markdown.ts";
import type { RouteModel } from "./model.ts";
import { isFirstListPage } from "./route.ts";

/** One place a menu link (`to`) can lead, as the web editor offers it: the value written, and what the author sees. */
export interface LinkTarget {
  /** What `to` says: "#services", "home", "impressum" or a page's key ("insights/chatbot-roi"). */
  value: string;
  /** The page's title and address in that language ("How to judge the ROI … — /insights/chatbot-roi"). */
  label: string;
}

/**
 * Every target a menu link of each language can name, from the route model: the home page's sections, the home
 * page, the Impressum and each page and section that is built (no drafts), in that language's titles and addresses.
 */
export function linkTargets(model: RouteModel, homeLabels: Record<string, string>): Record<string, LinkTarget[]> {
  const targets: Record<string, LinkTarget[]> = {};
  for (const route of model.routes) {
    if (route.draft || !isFirstListPage(route)) continue;
    targets[route.lang] ??= [];
    const list = targets[route.lang] ?? [];
    const home = homeLabels[route.lang] ?? "home";
    if (route.kind === "home") {
      list.push({ value: "home", label: `${home} — ${route.path}` });
      for (const id of Object.values(SECTION_IDS)) list.push({ value: `#${id}`, label: `${home} › #${id}` });
    } else if (route.kind === "impressum") list.push({ value: "impressum", label: `Impressum — ${route.path}` });
    else if ((route.kind === "page" || route.kind === "section") && route.page)
      list.push({ value: route.key, label: `${route.page.meta.title} — ${route.path}` });
  }
  return targets;
}

/**
 * What the web editor's verdict needs of the route model (shared/verdict/entry.ts): every page's address and every
 * old address that redirects, as a body's links may name them, and each language's section addresses below its
 * prefix by the section's key ({ de: { insights: "einblicke" } }), so a slug is judged where it will live.
 */
export function verdictAddresses(
  model: RouteModel,
  prefixes: Record<string, string>,
): { site: SiteAddresses; sections: Record<string, Record<string, string>> } {
  const built = model.routes.filter((route) => !route.draft);
  const sections: Record<string, Record<string, string>> = {};
  for (const route of built.filter((candidate) => candidate.kind === "section" && isFirstListPage(candidate))) {
    sections[route.lang] ??= {};
    const below = route.path.slice((prefixes[route.lang] ?? "").length).replace(/^\/+|\/+$/g, "");
    (sections[route.lang] as Record<string, string>)[route.key] = below;
  }
  return {
    site: {
      pages: [...new Set(built.map((route) => route.path))].sort(),
      redirects: Object.fromEntries(model.redirects.map((redirect) => [redirect.from, redirect.to])),
    },
    sections,
  };
}
