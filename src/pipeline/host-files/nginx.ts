import {
  answerHeaders,
  type FramedPage,
  HOST_FILES,
  IMMUTABLE_PATHS,
  MEDIA_TYPES,
  NEVER_SERVED,
  type PolicyInputs,
} from "../../host/policy.ts";

/**
 * The same headers as an nginx include, Cache-Control with them (add_header in a location replaces the server's,
 * so each include is complete). Generated rather than copied into nginx's config by hand, because the policy
 * carries the stylesheet's and the loader's hashes, which change whenever they do.
 */
export function nginxHeadersFile(
  inputs: PolicyInputs,
  headers: Record<string, string> = answerHeaders(inputs),
): string {
  const lines = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`,
  );
  return `# Written by npm run build from the same source as _headers; include it in nginx's server block.\n${lines.join("\n")}\n`;
}

/**
 * The framed pages as exact nginx locations (docs/deploying.md): each sends the page headers with its own
 * policy (add_header in a location replaces the server's, so all of them) and serves the page's file.
 * Empty, and still included, on a site without videos.
 */
export function nginxFramedLocations(inputs: PolicyInputs, framed: readonly FramedPage[]): string {
  const blocks = framed.flatMap(({ path, frames }) => {
    const headers = Object.entries(answerHeaders(inputs, frames)).map(
      ([name, value]) => `    add_header ${name} "${value.replace(/"/g, '\\"')}" always;`,
    );
    // The page's file, /page.html, is served too: with the same policy, or its video could not play there.
    return [
      `location = ${path} {\n${headers.join("\n")}\n    try_files $uri.html $uri/index.html =404;\n}\n`,
      `location = ${path}.html {\n${headers.join("\n")}\n    try_files $uri =404;\n}\n`,
    ];
  });
  return `# Written by npm run build: the pages with a video, whose policy allows its player as a frame. Include it in nginx's server block.\n${blocks.join("")}`;
}

/**
 * NEVER_SERVED as locations for nginx's server block (docs/deploying.md). `internal` answers a visitor's
 * request with 404 yet still lets `error_page` show the 404 pages.
 */
export function nginxAccessRules(): string {
  return NEVER_SERVED.map(
    ({ regex, why }) => `    # ${why}\n    location ~ ${regex} {\n        internal;\n    }\n`,
  ).join("");
}

/**
 * IMMUTABLE_PATHS as locations for nginx's server block (docs/deploying.md): the security headers and the year-long
 * cache of _nginx-asset-headers.conf (add_header in a location replaces the server's).
 */
export function nginxCacheRules(): string {
  return IMMUTABLE_PATHS.map(
    ({ prefix, why }) =>
      `    # ${why}
    location ${prefix} {
        include /var/www/leap-ai/dist/${HOST_FILES.nginxAssetHeaders};
    }
`,
  ).join("");
}

/**
 * MEDIA_TYPES as locations for nginx's server block (docs/deploying.md): an empty `types` and the type as
 * `default_type` is how nginx sends a type with its charset. These locations inherit the server's headers.
 */
export function nginxTypeRules(): string {
  return MEDIA_TYPES.map(
    ({ regex, type, why }) =>
      `    # ${why}\n    location ~ ${regex} {\n        types { }\n        default_type "${type}";\n    }\n`,
  ).join("");
}

/** The text types nginx's own table gives the site's files, compressed as they are sent. */
const TEXT_TYPES = [
  "text/css",
  "text/javascript",
  "application/javascript",
  "application/json",
  "image/svg+xml",
  "application/xml",
  "application/atom+xml",
  "text/plain",
];

/**
 * The gzip_types of the server block (docs/deploying.md). nginx compares the whole Content-Type with each entry,
 * so the types MEDIA_TYPES sends with their charset (the sitemap's and the feeds', from default_type) are listed
 * with it too: without them, neither was ever compressed.
 */
export function nginxGzipTypes(): string {
  const withCharset = MEDIA_TYPES.filter(({ type }) => type.includes(";")).map(({ type }) => `"${type}"`);
  return `    gzip_types ${TEXT_TYPES.join(" ")}\n               ${withCharset.join(" ")};\n`;
}
