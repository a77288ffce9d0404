import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's one build for the host tests (tests/unit/hosts/site.ts builds it on first use). */
    hostsWork: string;
  }
}

/**
 * Names the folder the host tests share their one build in, and removes it after the run. Nothing is built here:
 * a run without host tests costs nothing, and the first host test to need the site builds it (site.ts).
 */
export default function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), "hosts-site-"));
  // mkdtemp makes it 0700: nginx's workers (nobody) must pass through it to reach dist/, as they pass /var/www.
  chmodSync(work, 0o755);
  project.provide("hostsWork", work);
  return () => rmSync(work, { recursive: true, force: true });
}
