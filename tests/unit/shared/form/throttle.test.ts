import { describe, expect, it } from "vitest";
import {
  NO_HISTORY,
  checkThrottle,
  parseThrottleState,
  recordSubmission,
  type ThrottleState,
} from "../../../../src/shared/form/index.js";
import { THROTTLE } from "./fixtures.js";

const T0 = 1_700_000_000_000;
const SECOND = 1_000;
const HOUR = 3_600_000;

function submitAt(times: number[]): ThrottleState {
  return times.reduce((state, t) => recordSubmission(state, t, THROTTLE), NO_HISTORY);
}

describe("checkThrottle", () => {
  it("allows the very first submission", () => {
    expect(checkThrottle(NO_HISTORY, T0, THROTTLE)).toBe("ok");
  });

  it("asks to wait until 30 seconds have passed", () => {
    const state = submitAt([T0]);
    expect(checkThrottle(state, T0, THROTTLE)).toBe("wait");
    expect(checkThrottle(state, T0 + 29_999, THROTTLE)).toBe("wait");
    expect(checkThrottle(state, T0 + 30_000, THROTTLE)).toBe("ok");
  });

  it("allows three submissions per hour and rejects the fourth", () => {
    const times = [T0, T0 + 30 * SECOND, T0 + 60 * SECOND];
    let state = NO_HISTORY;
    for (const t of times) {
      expect(checkThrottle(state, t, THROTTLE)).toBe("ok");
      state = recordSubmission(state, t, THROTTLE);
    }
    expect(checkThrottle(state, T0 + 90 * SECOND, THROTTLE)).toBe("tooMany");
    expect(checkThrottle(state, T0 + 30 * 60 * SECOND, THROTTLE)).toBe("tooMany");
  });

  it("reports tooMany rather than wait when both apply", () => {
    const state = submitAt([T0, T0 + 30 * SECOND, T0 + 60 * SECOND]);
    expect(checkThrottle(state, T0 + 61 * SECOND, THROTTLE)).toBe("tooMany");
  });

  it("resets only when more than an hour has passed since the last submission", () => {
    const last = T0 + 60 * SECOND;
    const state = submitAt([T0, T0 + 30 * SECOND, last]);
    expect(checkThrottle(state, last + HOUR, THROTTLE)).toBe("tooMany");
    expect(checkThrottle(state, last + HOUR + 1, THROTTLE)).toBe("ok");
  });
});

describe("recordSubmission", () => {
  it("counts submissions inside the window", () => {
    expect(submitAt([T0])).toEqual({ lastSubmissionAt: T0, count: 1 });
    expect(submitAt([T0, T0 + HOUR])).toEqual({ lastSubmissionAt: T0 + HOUR, count: 2 });
  });

  it("starts a new count after the window", () => {
    expect(submitAt([T0, T0 + 30 * SECOND, T0 + HOUR + 30 * SECOND + 1])).toEqual({
      lastSubmissionAt: T0 + HOUR + 30 * SECOND + 1,
      count: 1,
    });
  });

  it("does not mutate the previous state", () => {
    const before = submitAt([T0]);
    recordSubmission(before, T0 + HOUR, THROTTLE);
    expect(before).toEqual({ lastSubmissionAt: T0, count: 1 });
  });
});

describe("parseThrottleState", () => {
  it("round-trips a valid state through JSON", () => {
    const state = submitAt([T0, T0 + 30 * SECOND]);
    expect(parseThrottleState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it.each([
    undefined,
    null,
    42,
    "state",
    [],
    {},
    { lastSubmissionAt: null, count: 2 },
    { lastSubmissionAt: "1700000000000", count: 1 },
    { lastSubmissionAt: T0, count: "1" },
    { lastSubmissionAt: T0 },
    { count: 1 },
    { lastSubmissionAt: Number.NaN, count: 1 },
    { lastSubmissionAt: Number.POSITIVE_INFINITY, count: 1 },
    { lastSubmissionAt: -1, count: 1 },
    { lastSubmissionAt: T0, count: -1 },
    { lastSubmissionAt: T0, count: 1.5 },
    { lastSubmissionAt: T0, count: Number.NaN },
  ])("treats %j as no history", (raw) => {
    expect(parseThrottleState(raw)).toEqual(NO_HISTORY);
  });
});
