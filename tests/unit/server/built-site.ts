import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type PlanOptions, build } from "../../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { pageHeaders } from "./raw-http.ts";

/**
 * The real site (or the content and options given) built into a temporary folder and served by the real server
 * on a port the OS picks.
 */
export async function serveBuiltSite(
  options: Omit<PlanOptions, "outDir"> = {},
): Promise<{ dist: string; url: string; close(): Promise<void> }> {
  const work = mkdtempSync(join(tmpdir(), "served-"));
  const dist = join(work, "dist");
  await build({ ...options, outDir: dist });
  const server: Server = await startStaticServer({ dir: dist, port: 0 });
  return {
    dist,
    url: urlOf(server),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: the built site served before its tests and closed after them, with the headers a page
 * gets (read once from the built _headers).
 */
export function servedSiteForTests(): {
  readonly site: Awaited<ReturnType<typeof serveBuiltSite>>;
  readonly page: Record<string, string>;
} {
  let site: Awaited<ReturnType<typeof serveBuiltSite>> | undefined;
  let page: Record<string, string> = {};
  beforeAll(async () => {
    site = await serveBuiltSite();
    page = pageHeaders(site.dist);
  }, 60_000);
  afterAll(() => site?.close());
  return {
    get site() {
      if (!site) throw new Error("the site is served from beforeAll on");
      return site;
    },
    get page() {
      return page;
    },
  };
}
