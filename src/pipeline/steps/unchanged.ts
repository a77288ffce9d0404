import { Incremental, type Unchanged } from "../incremental/reuse.ts";
import type { BuildPlan } from "../plan.ts";
import { buildAtomically } from "../swap.ts";

export type { Unchanged };

/**
 * Step 0, for an incremental build: the reuse rule (../incremental/reuse.ts) asked of the whole output, whose input
 * key is every input (code, content, git dates, options). When it is what the last build into the same folder was
 * made from, there is nothing to build: its output is put back from the build cache where the folder is not exactly
 * it any more, swapped in whole as a build's is. Undefined when something changed (or the build is not incremental).
 */
export async function unchangedOutput(plan: BuildPlan): Promise<Unchanged | undefined> {
  if (!plan.inputs) return undefined;
  const restore = (write: (temp: string) => void) => buildAtomically(plan.outDir, async (temp) => write(temp));
  return new Incremental(plan.caches.build, plan.outDir, plan.inputs, plan.last).unchanged(restore);
}
