// What an address may be on every host, and the one table of the addresses that belong to the build, the hosts,
// the receiver and the editor. An author's slug, url, aliases, tags and the folders common.yaml names (search.path,
// tags.path) are read against it (content/rules/reserved.ts, by shared/verdict/reserved.ts's matching, which the web
// editor runs on the same table as the author types), and NEVER_SERVED (policy.ts) is taken from it.

/** The folder of the build's hashed files (styles, scripts, images, cards), served with a year-long cache. */
export const ASSET_DIR = "assets";
/** The web editor's folder. */
export const ADMIN_DIR = "admin";
/**
 * Where the web editor's preview pane asks npm run dev for an entry's page as the build renders it (src/dev/preview.ts).
 * Inside the editor's folder, which no page may take; no host but the dev server answers it.
 */
export const EDITOR_PREVIEW_PATH = `/${ADMIN_DIR}/__preview`;
/** Where the contact receiver answers (nginx, the hosts' functions and npm run serve send it this path only). */
export const CONTACT_PATH = "/api/contact";

/** Where a reserved name is matched: the first segment, any segment, or the segment right below a section. */
export type ReservedWhere = "top" | "anywhere" | "below a section";

export interface ReservedAddress {
  /** A path segment as a page's address or an old address would hold it; "_*" is every name starting with _. */
  name: string;
  where: ReservedWhere;
  /** What the address is, in the author's words: "… is reserved for {why}". */
  why: string;
  /** The same in German: "… ist reserviert für {whyDe}" (the message itself is the catalogue's, shared/messages/). */
  whyDe: string;
  /** The addresses of it that no host answers with their file (policy.ts, NEVER_SERVED): a regular expression over the path. */
  neverServed?: { regex: string; why: string };
  /** The key of common.yaml that may take this name as the address it names (search.path: search). */
  ownedBy?: "search.path";
}

/**
 * Every address an author's page, old address or tag may not take: the build writes it, a host or the local
 * servers treat it specially, or the receiver or the editor answer it. A segment matches with or without
 * ".html" (/de/404 and /de/404.html are one file), case folded. The home pages are routes, so the route model's
 * collision and alias checks find them; their file, index.html, is here.
 */
export const RESERVED_ADDRESSES: readonly ReservedAddress[] = [
  {
    name: "index",
    where: "anywhere",
    why: "the home page and the first page of each language (index.html)",
    whyDe: "die Startseite und die erste Seite jeder Sprache (index.html)",
  },
  {
    name: "_*",
    where: "top",
    why: "the hosts' configuration files (_headers, _redirects, _nginx-*.conf) and the dev server",
    whyDe: "die Konfigurationsdateien der Hosts (_headers, _redirects, _nginx-*.conf) und den Entwicklungsserver",
    neverServed: {
      regex: "^/_",
      why: "The host configuration files (_headers, _redirects, _nginx-headers.conf) are not pages.",
    },
  },
  {
    name: "404",
    where: "anywhere",
    why: "the page for addresses that do not exist",
    whyDe: "die Seite für Adressen, die es nicht gibt",
    neverServed: {
      regex: "/404(\\.html)?(\\.gz)?/?$",
      why: "The 404 pages are only ever the answer to a missing page, never a page with status 200.",
    },
  },
  {
    name: ASSET_DIR,
    where: "top",
    why: "the site's styles, scripts and images, cached by browsers for a year",
    whyDe: "die Stile, Skripte und Bilder der Website, die Browser ein Jahr lang speichern",
  },
  {
    name: "media",
    where: "top",
    why: "the images every language shares (content/media/)",
    whyDe: "die Bilder, die alle Sprachen teilen (content/media/)",
  },
  { name: ADMIN_DIR, where: "top", why: "the web editor", whyDe: "den Web-Editor" },
  {
    name: CONTACT_PATH.split("/")[1] ?? "",
    where: "top",
    why: `the contact form's receiver (${CONTACT_PATH})`,
    whyDe: `den Empfänger des Kontaktformulars (${CONTACT_PATH})`,
  },
  {
    name: "sitemap.xml",
    where: "top",
    why: "the list of pages for search engines",
    whyDe: "die Liste der Seiten für Suchmaschinen",
  },
  { name: "robots.txt", where: "top", why: "the rules for search engines", whyDe: "die Regeln für Suchmaschinen" },
  { name: "favicon.ico", where: "top", why: "the browser tab's icon", whyDe: "das Symbol im Browser-Tab" },
  { name: "feed.xml", where: "anywhere", why: "a section's news feed", whyDe: "den Newsfeed eines Bereichs" },
  {
    name: "search",
    where: "top",
    why: "the site search's page and its index",
    whyDe: "die Seite der Website-Suche und ihren Index",
    ownedBy: "search.path",
  },
  {
    name: "suche",
    where: "top",
    why: "the German site search's page",
    whyDe: "die deutsche Seite der Website-Suche",
    ownedBy: "search.path",
  },
  { name: "cdn-cgi", where: "top", why: "Cloudflare's own addresses", whyDe: "Cloudflares eigene Adressen" },
  { name: ".netlify", where: "top", why: "Netlify's own addresses", whyDe: "Netlifys eigene Adressen" },
  {
    name: "page",
    where: "below a section",
    why: "a long section's further list pages",
    whyDe: "die weiteren Listenseiten eines langen Bereichs",
  },
];

/** What each character outside a plain path means to a host, in the author's words. */
const MEANINGS: { test: RegExp; why: (found: string) => string }[] = [
  {
    test: /\*/,
    why: () => "an old address may not be a pattern: `*` means 'any address' on Netlify and Cloudflare Pages",
  },
  {
    test: /(^|\/):[^/]*/,
    why: (found) =>
      `an old address may not be a pattern: \`${found.replace(/^\//, "")}\` is a placeholder for any word on Netlify and Cloudflare Pages`,
  },
  { test: /[\s\p{Cc}]/u, why: () => "must be a path alone: no spaces, tabs or line breaks" },
  { test: /[?#]/, why: () => "must be a path alone: no spaces, query (?) or #anchor" },
  {
    test: /[;{}]/,
    why: (found) =>
      `\`${found}\` ends a directive or block in nginx's configuration: the redirect include would stop the server from reloading`,
  },
  { test: /\$/, why: () => "`$` starts a variable in nginx's configuration" },
  { test: /["'`\\]/, why: () => "quotes and backslashes are syntax in nginx's configuration" },
];

/** Allowed as they are: letters and digits of ASCII, - _ . ~ and /; anything else is %-encoded UTF-8. */
const PLAIN = /^(?:[A-Za-z0-9\-_.~/]|%[0-9A-Fa-f]{2})*$/;

/**
 * Why `path` (an old address from the site's root, /de/alter-name) is not a plain path that every host reads as
 * one address, or undefined: letters, digits, -, _, ., ~ and /, anything else %-encoded as a browser sends it.
 * A pattern or syntax character of any host's redirect format (Netlify, Cloudflare Pages, nginx) is named with
 * what it would mean there.
 */
export function plainPathProblem(path: string): string | undefined {
  if (!path.startsWith("/") || path.startsWith("//"))
    return "must be an old address of this site from its root, starting with /, e.g. /de/einblicke/alter-name";
  for (const { test, why } of MEANINGS) {
    const found = test.exec(path);
    if (found) return why(found[0]);
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return "has a malformed %-encoding";
  if (!PLAIN.test(path)) {
    const encoded = encodeURI(path);
    return PLAIN.test(encoded) && encoded !== path
      ? `may hold letters, digits, -, _, ., ~ and / only: write other characters %-encoded, as a browser sends them (${encoded})`
      : "may hold letters, digits, -, _, ., ~ and / only, and other characters %-encoded (%C3%BC for ü)";
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "has a malformed %-encoding";
  }
  const hidden = [...decoded].find((char) => char < "\u0080" && !/[A-Za-z0-9\-_.~/]/.test(char));
  if (hidden !== undefined || /%2f/i.test(path))
    return `${JSON.stringify(hidden ?? "/")} may not be %-encoded: a host may read it as the character itself`;
  if (path.split("/").some((segment) => segment === "." || segment === ".."))
    return "may not hold . or .. as a folder: they mean 'this folder' and 'the folder above'";
  if (/\/\//.test(path)) return "may not hold an empty folder (//)";
  return undefined;
}
