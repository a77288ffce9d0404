import { build, planBuild } from "../../../../src/pipeline/index.ts";
import type { PlanOptions } from "../../../../src/pipeline/plan.ts";
import { unchangedOutput } from "../../../../src/pipeline/steps/unchanged.ts";

/**
 * An incremental build as `npm run build` makes it (src/cli/build.ts): the nothing-changed check first, which
 * compares the inputs' one fingerprint and stops, then the build. A test calling build() alone would never see
 * the check miss a change (a page added as a symbolic link once passed for "Nothing changed").
 */
export async function asNpmRunBuild(options: PlanOptions): Promise<"unchanged" | Awaited<ReturnType<typeof build>>> {
  const plan = planBuild({ ...options, incremental: true });
  const unchanged = await unchangedOutput(plan);
  return unchanged ? "unchanged" : build(plan);
}
