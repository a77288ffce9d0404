import { ADMIN_DIR, ASSET_DIR, RESERVED_ADDRESSES } from "./addresses.ts";

// What every host must do with dist/, whoever serves it: the security headers and Content-Security-Policy, the
// web editor's narrower policy, media types, the assets' cache rule and the paths never served. The build writes
// it into the hosts' files (pipeline/host-files/) and the local servers apply it (server/); it imports only the table of reserved addresses beside it.

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
export function contentSecurityPolicy(
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

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * The folders whose files are named by their content's digest, so a changed file is a new name: every host keeps
 * them a year (IMMUTABLE_CACHE; _headers, nginx's locations and the local servers from this one table). Each
 * folder is a URL path prefix with its slashes.
 */
export const IMMUTABLE_PATHS: { prefix: string; why: string }[] = [
  { prefix: `/${ASSET_DIR}/`, why: "The bundles, stylesheets, images and cards: each name carries its hash." },
  {
    prefix: "/search/shards/",
    why: "The search index's pages and term shards (src/search/split.ts): each name carries its digest; the manifests beside them (/search/index-<lang>.json) revalidate.",
  },
];

/**
 * Every answer but a hashed asset: the browser asks again before it reuses it (a 304 when nothing changed), so a
 * page never outlives the assets it names, which a rebuild replaces. Cloudflare Pages and Netlify send a
 * revalidating Cache-Control of their own; nginx sends none unless told (docs/deploying.md), and a browser then
 * guesses a lifetime from Last-Modified.
 */
export const REVALIDATE_CACHE = "no-cache";

/** The headers of every answer that is not a hashed asset: the security headers and the revalidation above. */
export function answerHeaders(inputs: PolicyInputs, frames: readonly string[] = []): Record<string, string> {
  return { ...securityHeaders(inputs, frames), "Cache-Control": REVALIDATE_CACHE };
}

/**
 * The headers of the contact receiver's JSON answers on the serverless hosts, which apply no _headers file to a
 * function (Cloudflare Pages) or may not (Netlify): the site's security headers, with a policy that lets a JSON
 * answer load nothing at all.
 */
export function apiHeaders(): Record<string, string> {
  return {
    ...securityHeaders({ delivery: "simulated", styleHash: "", scriptHash: "" }),
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  };
}

/**
 * Media types that the hosts' own tables get wrong, lack, or send without a charset, as regular expressions over
 * the path; the first match wins. nginx's mime.types says text/xml, sirv application/xml, both without a
 * charset, and a feed reader (Python's feedparser) then flags the German feed's "ü" and "–" as an encoding error.
 */
export const MEDIA_TYPES: { regex: string; type: string; why: string }[] = [
  { regex: "/feed\\.xml$", type: "application/atom+xml; charset=utf-8", why: "A section's Atom feed." },
  { regex: "\\.xml$", type: "application/xml; charset=utf-8", why: "The sitemap and any other XML." },
  // nginx, Netlify and Cloudflare know it; sirv's table (npm start) does not and would send no type at all.
  { regex: "\\.ico$", type: "image/x-icon", why: "The favicon for clients that ask for /favicon.ico." },
];

/** The media type MEDIA_TYPES gives a path, if any (otherwise the host's own table decides). */
export function mediaTypeOf(path: string): string | undefined {
  return MEDIA_TYPES.find(({ regex }) => new RegExp(regex).test(path))?.type;
}

/** The web editor's own path; its policy below applies there and nowhere else. */
export const ADMIN_PATH = `/${ADMIN_DIR}/`;

/**
 * The web editor's policy (/admin/ only). It loosens the site's policy exactly where Sveltia CMS needs it
 * (docs/editor-choice.md): inline styles (Svelte writes style elements and attributes), data: and blob:
 * for images and the previews it fetches, blob: for its preview frame and app manifest, and the API of the
 * one repository host it saves to. Still no inline script, no eval, no other origin.
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
    // The preview pane is a frame the editor writes as a blob: document (with the site's stylesheet), and its
    // "install as app" manifest is a blob: too.
    "frame-src blob:",
    "manifest-src 'self' blob:",
    "object-src 'none'",
    // The preview frame sets its base to this origin, so the page's images and links resolve there.
    "base-uri 'self'",
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

/** A page that shows another origin in a frame (a video's player, after the click), by its URL path. */
export interface FramedPage {
  path: string;
  frames: readonly string[];
}

/**
 * Paths no host answers with their file, as regular expressions over the decoded, normalised path (the
 * path nginx matches locations against, and the one the local server decides on). They also catch the
 * .gz twins and a trailing slash, which reach the same files.
 */
export const NEVER_SERVED: { regex: string; why: string }[] = RESERVED_ADDRESSES.flatMap(({ neverServed }) =>
  neverServed ? [neverServed] : [],
);

/** The host configuration files the build writes into dist/ (docs/deploying.md); none is ever served. */
export const HOST_FILES = {
  /** Netlify's and Cloudflare Pages' headers, which the local servers read too. */
  headers: "_headers",
  /** Netlify's and Cloudflare Pages' redirects: the pages' old addresses. */
  redirects: "_redirects",
  /** Cloudflare Pages: the paths its Functions answer (the receiver, and the 404 pages' own addresses). */
  routes: "_routes.json",
  /** nginx's include with the security headers. */
  nginxHeaders: "_nginx-headers.conf",
  /** The same for nginx's location /assets/: the security headers, and the hashed files' year-long cache. */
  nginxAssetHeaders: "_nginx-asset-headers.conf",
  /** The same for the web editor's location /admin/ (its own, narrower-where-it-counts policy). */
  nginxAdminHeaders: "_nginx-admin-headers.conf",
  /** The exact locations of the pages with a video, each with its policy. */
  nginxFramedPages: "_nginx-framed-pages.conf",
  /** nginx's exact locations for the pages' old addresses (aliases), each a 301 to the page. */
  nginxRedirects: "_nginx-redirects.conf",
} as const;
