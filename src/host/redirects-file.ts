/** One rule of a _redirects file that the local servers apply: an exact old path and where it now lives. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

/** /old/ and /old are one address to every host (Netlify matches both alike). */
const normalised = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The exact-path redirects of a _redirects file, as Netlify and Cloudflare Pages read its lines ("from to status",
 * # comments): the local servers apply them the same way, so an alias answers npm run serve and npm run dev as
 * it answers on the hosts. Rules with a splat (*) or a placeholder (:name), and rewrites (200, 404), are the
 * hosts' own (the 404 pages): the servers find those pages by themselves.
 */
export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => line.split(/\s+/))
    .filter(([from = "", to = "", status = "301"]) => !/[*:]/.test(from) && to !== "" && /^30[1278]$/.test(status))
    .map(([from = "", to = "", status = "301"]) => ({ from: normalised(from), to, status: Number(status) }));
}

/** A path as a request's decoded path reads it: %C3%BC is ü (a malformed escape stays as written). */
const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * The rule for a decoded, normalised request path, if any. A rule's path is written %-encoded, as a browser sends
 * it (/de/einblicke/%C3%BCbersicht-alt): decoded before the two are compared, as nginx and Cloudflare compare them.
 */
export function redirectFor(rules: readonly RedirectRule[], path: string): RedirectRule | undefined {
  const wanted = normalised(path);
  return rules.find((rule) => decoded(rule.from) === wanted);
}
