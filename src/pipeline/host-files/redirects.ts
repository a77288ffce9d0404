import type { Locale } from "../../content/locales.ts";

/** Netlify's _redirects: a visitor who mistypes an address under /de/ gets the German 404 page, and so on. */
export function redirectsFile(locales: readonly Locale[]): string {
  const prefixed = locales
    .filter((locale) => locale.prefix !== "")
    .map((locale) => `${locale.prefix}/*  ${locale.prefix}/404.html  404`);
  // Why there is no trailing-slash rule: see fileOfPath (content/locales.ts) and README, Deploying.
  const note =
    "# /name/ -> /name and /de -> /de/ need no rule here: the hosts redirect so on their own for name.html and de/index.html.";
  return [note, ...prefixed, "/*  /404.html  404", ""].join("\n");
}
