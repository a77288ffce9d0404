import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Locale } from "../../content/locales.ts";
import {
  adminHeaders,
  type FramedPage,
  HOST_FILES,
  IMMUTABLE_CACHE,
  type PolicyInputs,
  REVALIDATE_CACHE,
  securityHeaders,
} from "../../host/policy.ts";
import { headersFile } from "./headers.ts";
import { nginxFramedLocations, nginxHeadersFile } from "./nginx.ts";
import { type AliasRedirect, nginxRedirects, redirectsFile, routesFile } from "./redirects.ts";

export interface HostFileInputs {
  policy: PolicyInputs;
  /** The URL paths of the files besides pages whose media type _headers sets (feeds, sitemap, favicon.ico). */
  typed: readonly string[];
  /** The repository host's origins the web editor's policy allows. */
  editorOrigins: readonly string[];
  /** The pages with a video, whose policy allows its player as a frame. */
  framed: readonly FramedPage[];
  locales: readonly Locale[];
  /** The pages' old addresses (aliases), each a 301 to the page. */
  redirects?: readonly AliasRedirect[];
}

/** Every host configuration file of dist/, from the one policy in host/policy.ts: _headers, _redirects and nginx's includes. */
export function hostFiles({
  policy,
  typed,
  editorOrigins,
  framed,
  locales,
  redirects = [],
}: HostFileInputs): Map<string, string> {
  return new Map([
    [HOST_FILES.headers, headersFile(policy, typed, editorOrigins, framed)],
    [HOST_FILES.nginxFramedPages, nginxFramedLocations(policy, framed)],
    [HOST_FILES.nginxHeaders, nginxHeadersFile(policy)],
    [
      HOST_FILES.nginxAssetHeaders,
      nginxHeadersFile(policy, { ...securityHeaders(policy), "Cache-Control": IMMUTABLE_CACHE }),
    ],
    [
      HOST_FILES.nginxAdminHeaders,
      nginxHeadersFile(policy, { ...adminHeaders(policy, editorOrigins), "Cache-Control": REVALIDATE_CACHE }),
    ],
    [HOST_FILES.redirects, redirectsFile(redirects)],
    [HOST_FILES.routes, routesFile(locales)],
    [HOST_FILES.nginxRedirects, nginxRedirects(redirects)],
  ]);
}

/** Writes them into the build's output folder. */
export function writeHostFiles(outDir: string, inputs: HostFileInputs): void {
  for (const [file, text] of hostFiles(inputs)) writeFileSync(join(outDir, file), text);
}
