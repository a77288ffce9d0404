import type { Locale } from "../../content/locales.ts";

/** An old address and the page it now leads to (the route model's redirects, from the pages' aliases). */
export interface AliasRedirect {
  from: string;
  to: string;
}

/**
 * Netlify's and Cloudflare Pages' _redirects: first every page's old addresses (aliases), each a 301 to the page;
 * then a visitor who mistypes an address under /de/ gets the German 404 page, and so on. The aliases come first
 * because the hosts take the first rule that matches.
 */
export function redirectsFile(locales: readonly Locale[], aliases: readonly AliasRedirect[] = []): string {
  const moved = aliases.map(({ from, to }) => `${from}  ${to}  301`);
  const prefixed = locales
    .filter((locale) => locale.prefix !== "")
    .map((locale) => `${locale.prefix}/*  ${locale.prefix}/404.html  404`);
  // Why there is no trailing-slash rule: see fileOfPath (content/locales.ts) and docs/deploying.md.
  const note =
    "# /name/ -> /name and /de -> /de/ need no rule here: the hosts redirect so on their own for name.html and de/index.html.";
  return [
    note,
    ...(moved.length > 0 ? ["# Old addresses of pages (their aliases):", ...moved] : []),
    ...prefixed,
    "/*  /404.html  404",
    "",
  ].join("\n");
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
