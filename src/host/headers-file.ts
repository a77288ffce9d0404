/**
 * The two hosts that read a _headers file. They agree on one rule (a name repeated inside a block is one
 * header, its values joined with ", ") and differ on what several rules matching one path make (README,
 * Deploying):
 * - Cloudflare Pages applies every matching rule in file order and joins a header set again by a later rule to
 *   the earlier value ("X-Robots-Tag: nosnippet, noindex"); "! Name" in a rule first removes what the rules
 *   before it set. A comma-joined Content-Security-Policy is two policies, and the browser enforces both.
 * - Netlify has no "! Name" (a line without a colon is skipped) and lets the later matching rule's value of a
 *   header replace the earlier one; names are compared as written, so two spellings are sent as two headers.
 */
export type HeadersReading = "cloudflare-pages" | "netlify";

export const HEADERS_READINGS: readonly HeadersReading[] = ["cloudflare-pages", "netlify"];

/** One block of a _headers file: a path pattern, its header lines in order, and the names it detaches. */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
  /** "! Name" lines: Cloudflare Pages removes these before the block's own headers are added. */
  detached: string[];
}

/**
 * Reads the _headers format as both hosts parse it (one splat, *, per pattern; no :placeholders): each line
 * trimmed, "#" a comment, a line starting with "/" a block's path, "Name: value" a header of the block, and
 * "! Name" (an exclamation mark and a space) a name it detaches; anything else, or a line before the first path,
 * is one the hosts refuse, and is skipped.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n").map((raw) => raw.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("/")) {
      const source = line.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [], detached: [] });
      continue;
    }
    const rule = rules.at(-1);
    const separator = line.indexOf(":");
    if (rule === undefined) continue;
    if (separator > 0) rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
    else if (separator === -1 && line.startsWith("! ")) rule.detached.push(line.slice(2).trim());
  }
  return rules;
}

/** A block's own headers, a repeated name's values joined, keyed as the host compares names. */
function blockHeaders(rule: HeaderRule, key: (name: string) => string): Map<string, [string, string]> {
  const own = new Map<string, [string, string]>();
  for (const [name, value] of rule.headers) {
    const earlier = own.get(key(name));
    own.set(key(name), earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
  }
  return own;
}

/** The headers a path is sent, as the host `reading` combines the matching rules (Cloudflare Pages unless said). */
export function headersFor(
  rules: HeaderRule[],
  pathname: string,
  reading: HeadersReading = "cloudflare-pages",
): [string, string][] {
  const matching = rules.filter((rule) => rule.pattern.test(pathname));
  const sent = new Map<string, [string, string]>();
  if (reading === "netlify") {
    for (const rule of matching) for (const [key, header] of blockHeaders(rule, (name) => name)) sent.set(key, header);
    return [...sent.values()];
  }
  const lower = (name: string) => name.toLowerCase();
  for (const rule of matching) {
    for (const name of rule.detached) sent.delete(lower(name));
    for (const [key, [name, value]] of blockHeaders(rule, lower)) {
      const earlier = sent.get(key);
      sent.set(key, earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
    }
  }
  return [...sent.values()];
}
