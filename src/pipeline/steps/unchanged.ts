import { unchangedBuild } from "../incremental/index.ts";
import type { BuildPlan } from "../plan.ts";
import { buildAtomically } from "../swap.ts";

/** What a build that found nothing changed says again: the last build's summary, and whether dist/ was restored. */
export type Unchanged = NonNullable<Awaited<ReturnType<typeof unchangedBuild>>>;

/**
 * Step 0, for an incremental build: when every input (code, content, git dates, options: the plan's input key) is
 * what the last build into the same folder was made from, there is nothing to build. Its output is put back from
 * the build cache where the folder is not exactly it any more, swapped in whole as a build's is. Undefined when
 * something changed (or the build is not incremental).
 */
export async function unchangedOutput(plan: BuildPlan): Promise<Unchanged | undefined> {
  if (!plan.inputs) return undefined;
  const restore = (write: (temp: string) => void) => buildAtomically(plan.outDir, async (temp) => write(temp));
  return unchangedBuild(plan.caches.build, plan.outDir, plan.inputs, restore, plan.last);
}
