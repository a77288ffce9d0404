import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's caches that the unit tests' builds share (validation-cache.ts). */
    unitCaches: string;
  }
}

/** Makes the folder of the caches the unit tests share for this run, and removes it after the run. */
export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "unit-caches-"));
  project.provide("unitCaches", folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
