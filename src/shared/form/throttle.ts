export interface ThrottleLimits {
  minGapMs: number;
  maxPerWindow: number;
  windowMs: number;
}

export interface ThrottleState {
  lastSubmissionAt: number | null;
  count: number;
}

export const NO_HISTORY: ThrottleState = Object.freeze({ lastSubmissionAt: null, count: 0 });

export type ThrottleVerdict = "ok" | "wait" | "tooMany";

// Exactly windowMs after the last submission still counts as inside the window.
function countInWindow(state: ThrottleState, now: number, limits: ThrottleLimits): number {
  const last = state.lastSubmissionAt;
  return last === null || now - last > limits.windowMs ? 0 : state.count;
}

/** Too many wins over wait: it is the longer wait and the more useful message. */
export function checkThrottle(state: ThrottleState, now: number, limits: ThrottleLimits): ThrottleVerdict {
  if (countInWindow(state, now, limits) >= limits.maxPerWindow) return "tooMany";
  const last = state.lastSubmissionAt;
  if (last !== null && now - last < limits.minGapMs) return "wait";
  return "ok";
}

export function recordSubmission(state: ThrottleState, now: number, limits: ThrottleLimits): ThrottleState {
  return { lastSubmissionAt: now, count: countInWindow(state, now, limits) + 1 };
}

function isTimestamp(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x) && x >= 0;
}

/** Reads persisted state; anything malformed means no history, never an exception. */
export function parseThrottleState(raw: unknown): ThrottleState {
  if (typeof raw !== "object" || raw === null) return NO_HISTORY;
  const { lastSubmissionAt, count } = raw as Record<string, unknown>;
  if (!isTimestamp(lastSubmissionAt)) return NO_HISTORY;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) return NO_HISTORY;
  return { lastSubmissionAt, count };
}
