import type { Locale } from "../content/locales.ts";

/** What the policy depends on: the form back-end, and the hashes of the one inline stylesheet and script. */
export interface PolicyInputs {
  delivery: string;
  styleHash: string;
  scriptHash: string;
  /** A preview build (npm run build -- --drafts): search engines are told to index nothing. */
  noindex?: boolean;
}

/** The origins the page may connect to besides its own: only a configured form back-end on another origin. */
function connectOrigins(delivery: string): string[] {
  // A path (/api/contact) is the site's own receiver: 'self' covers it.
  return delivery === "simulated" || delivery.startsWith("/") ? [] : [new URL(delivery).origin];
}

/**
 * The policy for every page. styleHash and scriptHash allow the one inline stylesheet and the one inline
 * loader the build writes into <head> (pipeline/assets.ts); no other inline style or script. `frames` are
 * the origins a page may show in a frame: only a page with a video has one (its player's privacy-enhanced
 * origin, loaded when the visitor clicks); every other page's policy has no frame-src at all.
 */
function contentSecurityPolicy(
  { delivery, styleHash, scriptHash }: PolicyInputs,
  frames: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHash}`,
    `style-src 'self' ${styleHash}`,
    // data: for the inlined SVG favicon (Firefox applies img-src to favicons).
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins(delivery)].join(" "),
    ...(frames.length > 0 ? [`frame-src ${frames.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every response; the local server sends the same ones, so tests run under the real policy. */
export function securityHeaders(inputs: PolicyInputs, frames: readonly string[] = []): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(inputs, frames),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(inputs.noindex ? { "X-Robots-Tag": "noindex" } : {}),
  };
}

const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * Media types that the hosts' own tables get wrong, lack, or send without a charset, as regular expressions over
 * the path; the first match wins. nginx's mime.types says text/xml, sirv application/xml, both without a
 * charset, and a feed reader (Python's feedparser) then flags the German feed's "ü" and "–" as an encoding error.
 */
const MEDIA_TYPES: { regex: string; type: string; why: string }[] = [
  { regex: "/feed\\.xml$", type: "application/atom+xml; charset=utf-8", why: "A section's Atom feed." },
  { regex: "\\.xml$", type: "application/xml; charset=utf-8", why: "The sitemap and any other XML." },
  // nginx, Netlify and Cloudflare know it; sirv's table (npm start) does not and would send no type at all.
  { regex: "\\.ico$", type: "image/x-icon", why: "The favicon for clients that ask for /favicon.ico." },
];

/** The media type MEDIA_TYPES gives a path, if any (otherwise the host's own table decides). */
function mediaTypeOf(path: string): string | undefined {
  return MEDIA_TYPES.find(({ regex }) => new RegExp(regex).test(path))?.type;
}

/** The web editor's own path; its policy below applies there and nowhere else. */
const ADMIN_PATH = "/admin/";

/**
 * The web editor's policy (/admin/ only). It loosens the site's policy exactly where Sveltia CMS needs it
 * (docs/editor-choice.md): inline styles (Svelte writes style elements and attributes), data: and blob:
 * for images and the previews it fetches, and the API of the one repository host it saves to. Still no
 * inline script, no eval, no other origin.
 */
function adminContentSecurityPolicy(hostOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...hostOrigins].join(" "),
    "font-src 'self'",
    ["connect-src 'self' data: blob:", ...hostOrigins].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The editor's headers: the site's, with its own policy, never indexed, and an opener policy that lets the
 * login pop-up (the host's OAuth page) hand the token back to the page that opened it.
 */
export function adminHeaders(inputs: PolicyInputs, hostOrigins: readonly string[]): Record<string, string> {
  return {
    ...securityHeaders(inputs),
    "Content-Security-Policy": adminContentSecurityPolicy(hostOrigins),
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "X-Robots-Tag": "noindex, nofollow",
  };
}

/**
 * The _headers file of Netlify and Cloudflare Pages. `files` are the URL paths of the files the build wrote
 * besides pages (feeds, sitemap, favicon.ico): each one MEDIA_TYPES covers gets its Content-Type by exact path, which both
 * hosts match the same way. (Netlify needs the name written Content-Type, or it sends two.) With hostOrigins,
 * an /admin/* block follows that detaches the site's policy ("! Name", Cloudflare Pages; Netlify skips a line
 * without a colon and lets the later, more specific rule's value stand) and sets the editor's.
 */
export function headersFile(
  inputs: PolicyInputs,
  files: readonly string[] = [],
  hostOrigins?: readonly string[],
  framed: readonly FramedPage[] = [],
): string {
  const lines = ["/*", ...Object.entries(securityHeaders(inputs)).map(([name, value]) => `  ${name}: ${value}`)];
  lines.push("", "/assets/*", `  Cache-Control: ${IMMUTABLE_CACHE}`, "");
  // A page with a video: its own policy, detached from the site's as /admin/ does below, by its exact path.
  for (const { path, frames } of framed) {
    lines.push(
      path,
      "  ! Content-Security-Policy",
      `  Content-Security-Policy: ${contentSecurityPolicy(inputs, frames)}`,
      "",
    );
  }
  if (hostOrigins) {
    const admin = adminHeaders(inputs, hostOrigins);
    const own = ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "X-Robots-Tag"];
    lines.push(`${ADMIN_PATH}*`, ...own.flatMap((name) => [`  ! ${name}`, `  ${name}: ${admin[name]}`]), "");
  }
  for (const file of files) {
    const type = mediaTypeOf(file);
    if (type) lines.push(file, `  Content-Type: ${type}`, "");
  }
  return lines.join("\n");
}

/**
 * The same security headers as an nginx include. Generated rather than copied into nginx's config by hand,
 * because the policy carries the stylesheet's and the loader's hashes, which change whenever they do.
 */
export function nginxHeadersFile(
  inputs: PolicyInputs,
  headers: Record<string, string> = securityHeaders(inputs),
): string {
  const lines = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`,
  );
  return `# Written by npm run build from the same source as _headers; include it in nginx's server block.\n${lines.join("\n")}\n`;
}

/** A page that shows another origin in a frame (a video's player, after the click), by its URL path. */
export interface FramedPage {
  path: string;
  frames: readonly string[];
}

/**
 * The framed pages as exact nginx locations (README, Deploying): each sends the page headers with its own
 * policy (add_header in a location replaces the server's, so all of them) and serves the page's file.
 * Empty, and still included, on a site without videos.
 */
export function nginxFramedLocations(inputs: PolicyInputs, framed: readonly FramedPage[]): string {
  const blocks = framed.map(({ path, frames }) => {
    const headers = Object.entries(securityHeaders(inputs, frames)).map(
      ([name, value]) => `    add_header ${name} "${value.replace(/"/g, '\\"')}" always;`,
    );
    return `location = ${path} {\n${headers.join("\n")}\n    try_files $uri.html $uri/index.html =404;\n}\n`;
  });
  return `# Written by npm run build: the pages with a video, whose policy allows its player as a frame. Include it in nginx's server block.\n${blocks.join("")}`;
}

/**
 * Paths no host answers with their file, as regular expressions over the decoded, normalised path (the
 * path nginx matches locations against, and the one the local server decides on). They also catch the
 * .gz twins and a trailing slash, which reach the same files.
 */
export const NEVER_SERVED: { regex: string; why: string }[] = [
  { regex: "^/_", why: "The host configuration files (_headers, _redirects, _nginx-headers.conf) are not pages." },
  {
    regex: "/404(\\.html)?(\\.gz)?/?$",
    why: "The 404 pages are only ever the answer to a missing page, never a page with status 200.",
  },
];

/**
 * NEVER_SERVED as locations for nginx's server block (README, Deploying). `internal` answers a visitor's
 * request with 404 yet still lets `error_page` show the 404 pages.
 */
export function nginxAccessRules(): string {
  return NEVER_SERVED.map(
    ({ regex, why }) => `    # ${why}\n    location ~ ${regex} {\n        internal;\n    }\n`,
  ).join("");
}

/**
 * MEDIA_TYPES as locations for nginx's server block (README, Deploying): an empty `types` and the type as
 * `default_type` is how nginx sends a type with its charset. These locations inherit the server's headers.
 */
export function nginxTypeRules(): string {
  return MEDIA_TYPES.map(
    ({ regex, type, why }) =>
      `    # ${why}\n    location ~ ${regex} {\n        types { }\n        default_type "${type}";\n    }\n`,
  ).join("");
}

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
