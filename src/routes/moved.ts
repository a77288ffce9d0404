import { ContentError } from "../content/read/errors.ts";
import { PUBLISHED_FILE } from "../content/rules/published.ts";
import { didYouMean } from "../content/read/suggest.ts";
import type { Page } from "../content/types.ts";
import type { RouteModel } from "./model.ts";
import type { Route } from "./route.ts";
import { isTagAddress } from "./tag-moves.ts";
import { tagSlug } from "./tags.ts";
import { localePath } from "../content/locales.ts";
import { say } from "../shared/messages/catalogue.ts";

/** The addresses a build publishes, with their files (relative to the content folder): what published.yaml records. */
export function publishedAddresses(model: RouteModel): { address: string; file: string }[] {
  const root = `${model.content.folder.display(model.content.folder.root)}/`;
  return model.routes
    .filter(
      (route) =>
        route.indexable &&
        ["home", "page", "section", "impressum", "tag"].includes(route.kind) &&
        (route.list?.number ?? 1) === 1 &&
        route.sources[0] !== undefined,
    )
    .map((route) => ({ address: route.path, file: (route.sources[0] as string).replace(root, "") }));
}

/** Whether the page writes a tag whose list page is at address (as model.ts's tagRoutes makes it). */
function carriesTagAt(model: RouteModel, page: Page, address: string): boolean {
  const { content } = model;
  const locale = content.locales.find((each) => each.code === page.lang);
  const folder = content.langs[page.lang]?.common.tags.path;
  if (!locale || folder === undefined) return false;
  return (page.meta.tags ?? []).some((tag) => localePath(locale, `${folder}/${tagSlug(tag, page.lang)}`) === address);
}

const aliasLine = (address: string) => `aliases: [${address}]`;

/**
 * Every address published before (content/published.yaml) that this build leaves without an answer: no page is
 * there and no alias leads from it. A page that was renamed, moved or given another slug is named with the line
 * to add to its front matter; a page that is a draft, scheduled or expired now was taken down on purpose, and
 * is left alone. Where nothing looks like the page's successor, the list's own line is named, to add the alias
 * to the right page or delete the line.
 */
export function movedPages(model: RouteModel): ContentError[] {
  const { content } = model;
  const answered = new Set([...model.routes.map((route) => route.path), ...model.redirects.map((r) => r.from)]);
  const listed = new Set(content.published.map((entry) => entry.address));
  const listFile = content.folder.display(`${content.folder.root}/${PUBLISHED_FILE}`);
  const routeOf = new Map<Page, Route>();
  for (const route of [...model.routes, ...model.unpublished.values()])
    if (route.page && !routeOf.has(route.page)) routeOf.set(route.page, route);
  const errors: ContentError[] = [];
  for (const { address, file, line, to } of content.published) {
    if (answered.has(address) || answered.has(`${address}/`)) continue;
    const page = content.pages.find((candidate) => candidate.file === file);
    const route = page ? routeOf.get(page) : undefined;
    // Taken down on purpose: the page is a draft, scheduled or expired now (BUILD_DATE before its date, say), and
    // so is the tag's list page that came with it, while that page still carries a tag of that address.
    const down = page !== undefined && route !== undefined && (route.draft || route.schedule) !== undefined;
    if (down && to === undefined && isTagAddress(content, address) && carriesTagAt(model, page, address)) continue;
    // A tag's list page moves with its name (tag-moves.ts redirects where the new name is clear): said on the list.
    if (to !== undefined || isTagAddress(content, address)) {
      errors.push(new ContentError(listFile, say("tagGone", { address, file: listFile }), { line }));
      continue;
    }
    if (down) continue;
    if (page && route) {
      const key = page.meta.url !== undefined ? "url" : page.meta.slug !== undefined ? "slug" : undefined;
      errors.push(
        new ContentError(
          page.file,
          say("addressMoved", { address, now: route.path, alias: aliasLine(address) }),
          key ? { line: page.keyLines[key], keyPath: key } : {},
        ),
      );
      continue;
    }
    // The file is gone: the page that took its place is one this list has not seen, in the same language, with a name like it.
    const lang = /^content\/([^/]+)\/pages\//.exec(file)?.[1];
    const newcomers = content.pages.filter(
      (candidate) => candidate.lang === lang && !listed.has(routeOf.get(candidate)?.path ?? ""),
    );
    const name = file.replace(/^content\/[^/]+\/pages\//, "").replace(/\.md$/, "");
    const meant = didYouMean(
      name,
      newcomers.map((candidate) => candidate.key),
    );
    const successor = newcomers.find((candidate) => candidate.key === meant);
    if (successor)
      errors.push(
        new ContentError(
          successor.file,
          say("looksMoved", { file, address, alias: aliasLine(address), list: listFile }),
        ),
      );
    else
      errors.push(
        new ContentError(listFile, say("addressGone", { address, file, alias: aliasLine(address) }), { line }),
      );
  }
  return errors;
}
