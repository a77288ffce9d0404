import { EMPTY_VALUES, FIELDS, type ContactValues } from "./fields.ts";
import { NO_HISTORY, parseThrottleState, type ThrottleState } from "./throttle.ts";

export interface StorageLike {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export interface FormStore {
  readonly draft: ContactValues;
  readonly throttle: ThrottleState;
  saveDraft(v: ContactValues): void;
  saveThrottle(s: ThrottleState): void;
  clearDraft(): void;
}

export const DEFAULT_STORE_KEY = "leap-ai:contact-form";
const VERSION = 1;

// Draft fields that are missing or not strings become "" instead of failing.
function parseDraft(raw: unknown): ContactValues {
  const source = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const draft = { ...EMPTY_VALUES };
  for (const field of FIELDS) {
    const value = source[field];
    if (typeof value === "string") draft[field] = value;
  }
  return draft;
}

function read(storage: StorageLike | null, key: string): { draft: ContactValues; throttle: ThrottleState } {
  try {
    const text = storage?.getItem(key);
    if (typeof text !== "string") return { draft: EMPTY_VALUES, throttle: NO_HISTORY };
    const parsed: unknown = JSON.parse(text);
    const record = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    if (record.v !== VERSION) return { draft: EMPTY_VALUES, throttle: NO_HISTORY };
    return {
      draft: Object.freeze(parseDraft(record.draft)),
      throttle: Object.freeze(parseThrottleState(record.throttle)),
    };
  } catch {
    return { draft: EMPTY_VALUES, throttle: NO_HISTORY };
  }
}

/**
 * Draft and throttle persistence. § 25 TDDDG treats Web Storage like cookies,
 * so creating the store only reads; the first write happens when the visitor
 * has typed or submitted. Storage that is missing, blocked or full is not an
 * error: the store then lives in memory for the rest of the page's life.
 */
export function createFormStore(
  getStorage: () => StorageLike | null | undefined,
  key: string = DEFAULT_STORE_KEY,
): FormStore {
  let storage: StorageLike | null;
  try {
    // Merely touching window.sessionStorage throws when storage is disabled.
    storage = getStorage() ?? null;
  } catch {
    storage = null;
  }
  let { draft, throttle } = read(storage, key);

  function persist(): void {
    try {
      const isEmpty = FIELDS.every((field) => draft[field] === "");
      // Keep nothing once there is nothing worth keeping.
      if (isEmpty && throttle.lastSubmissionAt === null) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify({ v: VERSION, draft, throttle }));
    } catch {
      // Quota or security errors: the in-memory copy stays authoritative.
    }
  }

  return {
    get draft() {
      return draft;
    },
    get throttle() {
      return throttle;
    },
    saveDraft(v) {
      draft = Object.freeze(parseDraft(v));
      persist();
    },
    saveThrottle(s) {
      throttle = Object.freeze(parseThrottleState(s));
      persist();
    },
    clearDraft() {
      draft = EMPTY_VALUES;
      persist();
    },
  };
}
