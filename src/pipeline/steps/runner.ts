/** What the build is doing, for the message of an error nobody foresaw. */
export interface Doing {
  step: string;
  file?: string;
}

/** A build step: its name (what its time is kept under) and what it does, as the error report says it. */
export interface Step<C> {
  name: string;
  doing: string;
  run: (context: C) => unknown;
}

export const step = <C>(name: string, doing: string, run: (context: C) => unknown): Step<C> => ({ name, doing, run });

/** What every context the runner runs over carries: what it is doing, and each step's time so far (ms). */
export interface Steps {
  doing: Doing;
  times: Record<string, number>;
}

/**
 * Runs the steps in order over one context: each is named in `doing` before it starts (an error nobody foresaw
 * says which step it stopped), and timed under its name. Stops after a step that answers "done" (step 0: nothing
 * changed). Returns whether one did.
 */
export async function runSteps<C extends Steps>(context: C, steps: readonly Step<C>[]): Promise<boolean> {
  for (const { name, doing, run } of steps) {
    context.doing.step = doing;
    context.doing.file = undefined;
    const started = performance.now();
    const answer = await run(context);
    context.times[name] = (context.times[name] ?? 0) + performance.now() - started;
    if (answer === "done") return true;
  }
  return false;
}
