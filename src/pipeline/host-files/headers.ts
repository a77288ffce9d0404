import {
  ADMIN_PATH,
  adminHeaders,
  answerHeaders,
  contentSecurityPolicy,
  type FramedPage,
  IMMUTABLE_CACHE,
  IMMUTABLE_PATHS,
  mediaTypeOf,
  type PolicyInputs,
} from "../../host/policy.ts";

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
  // Every answer revalidates (REVALIDATE_CACHE) but the hashed files (IMMUTABLE_PATHS), whose blocks detach it and keep them a year.
  const lines = ["/*", ...Object.entries(answerHeaders(inputs)).map(([name, value]) => `  ${name}: ${value}`)];
  lines.push("");
  for (const { prefix } of IMMUTABLE_PATHS)
    lines.push(`${prefix}*`, "  ! Cache-Control", `  Cache-Control: ${IMMUTABLE_CACHE}`, "");
  // A page with a video: its own policy, detached from the site's as /admin/ does below, by its exact path, and by
  // the path of its file (/page.html, which the local servers and nginx's try_files serve too).
  for (const { path, frames } of framed) {
    for (const spelling of [path, `${path}.html`])
      lines.push(
        spelling,
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
