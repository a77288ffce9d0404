import type { PublishedAddress } from "../content/rules/published.ts";
import type { Content } from "../content/types.ts";
import { localePath } from "../content/locales.ts";
import type { Redirect } from "./aliases.ts";
import type { Route } from "./route.ts";

/** Whether a published address is a tag's list page: below a language's tags folder (common.yaml's tags.path). */
export function isTagAddress(content: Content, address: string): boolean {
  return content.locales.some((locale) => {
    const folder = content.langs[locale.code]?.common.tags.path;
    return folder !== undefined && address.startsWith(`${localePath(locale, folder)}/`);
  });
}

/**
 * Tags move like pages (issue 54): a tag's list page that published.yaml lists and nothing answers any more was
 * renamed when the page its line names now carries exactly one tag whose list page the list has never seen; its old
 * address then redirects there, and the build records the move in published.yaml (the line then names the new
 * address), so the redirect stays when the new tag is listed too. A line that names an address redirects there, or
 * along the moves that address made since. Where no successor is clear, routes/moved.ts says what to do.
 */
export function tagMoves(
  content: Content,
  built: readonly Route[],
  aliases: readonly Redirect[],
): { redirects: Redirect[]; recorded: { address: string; to: string }[] } {
  const answered = new Set([...built.map((route) => route.path), ...aliases.map((redirect) => redirect.from)]);
  const listed = new Set(content.published.map((entry) => entry.address));
  const byAddress = new Map(content.published.map((entry) => [entry.address, entry]));
  const tagPagesOf = (file: string) =>
    built.filter((route) => route.kind === "tag" && (route.list?.number ?? 1) === 1 && route.sources.includes(file));
  const successorOf = (entry: PublishedAddress): string | undefined => {
    if (entry.to !== undefined) return entry.to;
    if (!isTagAddress(content, entry.address)) return undefined;
    const newcomers = tagPagesOf(entry.file).filter((route) => !listed.has(route.path));
    return newcomers.length === 1 ? newcomers[0]?.path : undefined;
  };
  const redirects: Redirect[] = [];
  const recorded: { address: string; to: string }[] = [];
  const listFile = `${content.folder.display(content.folder.root)}/published.yaml`;
  for (const entry of content.published) {
    if (answered.has(entry.address)) continue;
    // Follow the moves to an address that answers (a tag renamed twice), never round in a circle.
    const seen = new Set([entry.address]);
    let to = successorOf(entry);
    while (to !== undefined && !answered.has(to) && !seen.has(to)) {
      seen.add(to);
      const next = byAddress.get(to);
      to = next ? successorOf(next) : undefined;
    }
    if (to === undefined || !answered.has(to)) continue;
    redirects.push({ from: entry.address, to, file: listFile });
    if (entry.to === undefined) recorded.push({ address: entry.address, to });
  }
  return { redirects, recorded };
}
