/** The hosts a site served on this machine answers at (npm run audit's build, the receiver's and hosts' tests). */
const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * SITE_URL as the build and the receiver read it, one rule for both: trimmed and without trailing slashes, an
 * https:// address, or http:// on this machine. `problem` says what is wrong ("must be an https:// URL"); each
 * caller names the variable its own way (the build as a content problem, the receiver in its start-up list).
 */
export function siteUrlFromEnvironment(value: string): {
  url: string;
  problem?: string;
  /** Which problem it is: the build says it from the messages catalogue, in the command line's language. */
  why?: "not a URL" | "not https";
} {
  const url = value.trim().replace(/\/+$/, "");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, problem: "is not a URL", why: "not a URL" };
  }
  const local = parsed.protocol === "http:" && LOCAL_HOSTS.includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !local) return { url, problem: "must be an https:// URL", why: "not https" };
  return { url };
}
