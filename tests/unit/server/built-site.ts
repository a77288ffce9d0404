import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "../../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";

/** The real site built into a temporary folder and served by the real server on a port the OS picks. */
export async function serveBuiltSite(): Promise<{ dist: string; url: string; close(): Promise<void> }> {
  const work = mkdtempSync(join(tmpdir(), "served-"));
  const dist = join(work, "dist");
  await build({ outDir: dist });
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
