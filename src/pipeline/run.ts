import { asExpected } from "../content/read/errors.ts";
import type { BuildResult } from "./index.ts";
import type { BuildPlan } from "./plan.ts";
import { runSteps, type Steps, step } from "./steps/runner.ts";
import { type Unchanged, unchangedOutput } from "./steps/unchanged.ts";

/** Either nothing changed (and how long finding that out took), or what the build made. */
export type BuildOutcome = { unchanged: Unchanged; ms: number } | { built: BuildResult };

interface Step0 extends Steps {
  plan: BuildPlan;
  unchanged?: Unchanged;
}

const STEP_0 = step<Step0>("unchanged", "checking whether anything changed since the last build", async (c) => {
  c.unchanged = await unchangedOutput(c.plan);
  return c.unchanged ? "done" : undefined;
});

/**
 * A build as every entry point runs it: step 0 (steps/unchanged.ts) through the same runner as the others, then,
 * only where something changed, build() with its steps. The build's code is loaded only then: it takes longer to
 * load than step 0 takes to answer.
 */
export async function buildUnlessUnchanged(plan: BuildPlan): Promise<BuildOutcome> {
  const context: Step0 = { plan, doing: { step: "" }, times: {} };
  try {
    if ((await runSteps(context, [STEP_0])) && context.unchanged)
      return { unchanged: context.unchanged, ms: context.times.unchanged ?? 0 };
  } catch (error) {
    throw asExpected(error, context.doing.step, context.doing.file);
  }
  const { build } = await import("./index.ts");
  return { built: await build(plan) };
}
