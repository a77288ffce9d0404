import type { Locale } from "../../content/locales.ts";

/** An old address and the page it now leads to (the route model's redirects, from the pages' aliases). */
export interface AliasRedirect {
  from: string;
  to: string;
}

/**
 * Netlify's and Cloudflare Pages' _redirects: every page's old addresses (aliases), each a 301 to the page, written
 * with and without the trailing slash (Cloudflare Pages matches a rule's path exactly; Netlify matches both
 * spellings with either line, and takes the first). Only lines both hosts accept: Cloudflare Pages refuses a 404
 * rule and a forced one ("404!"), so the 404 pages are each host's own business (docs/deploying.md): Cloudflare
 * Pages finds the nearest 404.html itself and answers their own addresses through a Function (routesFile below),
 * Netlify reads its 404 rules from netlify.toml.
 */
export function redirectsFile(aliases: readonly AliasRedirect[] = []): string {
  const moved = aliases.flatMap(({ from, to }) => [`${from}  ${to}  301`, `${from}/  ${to}  301`]);
  // Why there is no trailing-slash rule for the pages themselves: see fileOfPath (content/locales.ts) and docs/deploying.md.
  const note =
    "# /name/ -> /name and /de -> /de/ need no rule here: the hosts redirect so on their own for name.html and de/index.html.";
  return [note, ...(moved.length > 0 ? ["# Old addresses of pages (their aliases):", ...moved] : []), ""].join("\n");
}

/**
 * Cloudflare Pages' _routes.json: the paths its Functions answer, every other one a static file. Besides the
 * contact receiver (functions/api/contact.ts) these are what Cloudflare Pages would otherwise serve with status
 * 200: each language's 404 page at its own address (/404, /de/404) and the nginx includes (/_nginx-*.conf), which
 * functions/[[path]].ts answers with the nearest 404 page and status 404.
 */
export function routesFile(locales: readonly Locale[]): string {
  const notFound = locales.map((locale) => `${locale.prefix}/404`);
  return `${JSON.stringify({ version: 1, include: ["/api/*", ...notFound, "/_*"], exclude: [] }, null, 2)}\n`;
}

/**
 * The same old addresses for nginx (docs/deploying.md): an exact location each, with and without the trailing
 * slash, answering 301 with the query kept. nginx matches a location against the decoded path, so a %-encoded
 * alias (/de/%C3%BCbersicht) is written decoded; the alias rules (host/addresses.ts) leave only letters beyond
 * ASCII to decode, never a space or nginx's syntax. Empty, and still included, on a site without aliases.
 */
export function nginxRedirects(aliases: readonly AliasRedirect[]): string {
  const blocks = aliases.flatMap(({ from, to }) =>
    [decodeURIComponent(from), `${decodeURIComponent(from)}/`].map(
      (path) => `location = ${path} {\n    return 301 ${to}$is_args$args;\n}\n`,
    ),
  );
  return `# Written by npm run build: the pages' old addresses (aliases), each a 301 to the page. Include it in nginx's server block.\n${blocks.join("")}`;
}
