import { describe, expect, it } from "vitest";
import {
  EMPTY_VALUES,
  NO_HISTORY,
  createFormStore,
  type StorageLike,
  type ThrottleState,
} from "../../../../src/shared/form/index.js";
import { VALID } from "./fixtures.js";

const KEY = "leap-ai:contact-form";
const THROTTLED: ThrottleState = { lastSubmissionAt: 1_700_000_000_000, count: 2 };

type Call = ["get" | "set" | "remove", ...string[]];

/** In-memory stand-in for sessionStorage that records every call. */
class RecordingStorage implements StorageLike {
  readonly items = new Map<string, string>();
  readonly calls: Call[] = [];
  failWrites = false;
  failReads = false;

  getItem(k: string): string | null {
    this.calls.push(["get", k]);
    if (this.failReads) throw new DOMException("denied", "SecurityError");
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.calls.push(["set", k, v]);
    if (this.failWrites) throw new DOMException("full", "QuotaExceededError");
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.calls.push(["remove", k]);
    if (this.failWrites) throw new DOMException("denied", "SecurityError");
    this.items.delete(k);
  }
  writes(): Call[] {
    return this.calls.filter(([kind]) => kind !== "get");
  }
}

function storageWith(raw: string): RecordingStorage {
  const storage = new RecordingStorage();
  storage.items.set(KEY, raw);
  return storage;
}

describe("createFormStore", () => {
  it("writes nothing when created or read", () => {
    const storage = new RecordingStorage();
    const store = createFormStore(() => storage);
    expect(store.draft).toEqual(EMPTY_VALUES);
    expect(store.throttle).toEqual(NO_HISTORY);
    expect(storage.writes()).toEqual([]);
    expect(storage.items.size).toBe(0);
  });

  it("writes nothing when reading an existing record", () => {
    const storage = storageWith(JSON.stringify({ v: 1, draft: VALID, throttle: THROTTLED }));
    const store = createFormStore(() => storage);
    expect(store.draft).toEqual(VALID);
    expect(store.throttle).toEqual(THROTTLED);
    expect(storage.writes()).toEqual([]);
  });

  it("keeps draft and throttle under one key, readable by a later store", () => {
    const storage = new RecordingStorage();
    const first = createFormStore(() => storage);
    first.saveDraft(VALID);
    first.saveThrottle(THROTTLED);
    expect([...storage.items.keys()]).toEqual([KEY]);

    const second = createFormStore(() => storage);
    expect(second.draft).toEqual(VALID);
    expect(second.throttle).toEqual(THROTTLED);
  });

  it("honours a custom key", () => {
    const storage = new RecordingStorage();
    createFormStore(() => storage, "other").saveDraft(VALID);
    expect([...storage.items.keys()]).toEqual(["other"]);
    expect(createFormStore(() => storage, "other").draft).toEqual(VALID);
    expect(createFormStore(() => storage).draft).toEqual(EMPTY_VALUES);
  });

  it("clears the draft but keeps the throttle state", () => {
    const storage = new RecordingStorage();
    const store = createFormStore(() => storage);
    store.saveDraft(VALID);
    store.saveThrottle(THROTTLED);
    store.clearDraft();
    expect(store.draft).toEqual(EMPTY_VALUES);
    expect(store.throttle).toEqual(THROTTLED);

    const reloaded = createFormStore(() => storage);
    expect(reloaded.draft).toEqual(EMPTY_VALUES);
    expect(reloaded.throttle).toEqual(THROTTLED);
  });

  it("leaves nothing stored once the draft is empty and there is no history", () => {
    const storage = new RecordingStorage();
    const store = createFormStore(() => storage);
    store.saveDraft({ ...EMPTY_VALUES, name: "A" });
    store.saveDraft(EMPTY_VALUES);
    expect(storage.items.size).toBe(0);
  });

  it("returns a copy of the draft, not the caller's object", () => {
    const store = createFormStore(() => new RecordingStorage());
    const values = { ...VALID };
    store.saveDraft(values);
    values.name = "changed";
    expect(store.draft).toEqual(VALID);
  });

  describe("works from memory when storage is unavailable", () => {
    const cases: [string, () => StorageLike | null | undefined][] = [
      [
        "the getter throws",
        () => {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      ],
      ["the getter returns null", () => null],
      ["the getter returns undefined", () => undefined],
      ["reads and writes throw", () => Object.assign(new RecordingStorage(), { failReads: true, failWrites: true })],
    ];

    it.each(cases)("when %s", (_label, getStorage) => {
      const store = createFormStore(getStorage);
      expect(store.draft).toEqual(EMPTY_VALUES);
      expect(store.throttle).toEqual(NO_HISTORY);
      store.saveDraft(VALID);
      store.saveThrottle(THROTTLED);
      expect(store.draft).toEqual(VALID);
      expect(store.throttle).toEqual(THROTTLED);
      store.clearDraft();
      expect(store.draft).toEqual(EMPTY_VALUES);
      expect(store.throttle).toEqual(THROTTLED);
    });
  });

  it("keeps values in memory when setItem throws QuotaExceededError", () => {
    const storage = new RecordingStorage();
    storage.failWrites = true;
    const store = createFormStore(() => storage);
    expect(() => store.saveDraft(VALID)).not.toThrow();
    expect(() => store.saveThrottle(THROTTLED)).not.toThrow();
    expect(store.draft).toEqual(VALID);
    expect(store.throttle).toEqual(THROTTLED);
    expect(storage.items.size).toBe(0);
  });

  it.each([
    "{not json",
    "",
    "null",
    "42",
    '"text"',
    "[]",
    "{}",
    JSON.stringify({ v: 2, draft: VALID, throttle: THROTTLED }),
    JSON.stringify({ draft: VALID, throttle: THROTTLED }),
  ])("treats stored %j as nothing stored", (raw) => {
    const store = createFormStore(() => storageWith(raw));
    expect(store.draft).toEqual(EMPTY_VALUES);
    expect(store.throttle).toEqual(NO_HISTORY);
  });

  it("repairs wrong shapes field by field", () => {
    const raw = JSON.stringify({
      v: 1,
      draft: { name: "Ada", email: 42, company: null, message: ["x"], extra: "ignored" },
      throttle: { lastSubmissionAt: "yesterday", count: 1 },
    });
    const store = createFormStore(() => storageWith(raw));
    expect(store.draft).toEqual({ name: "Ada", email: "", company: "", message: "" });
    expect(store.throttle).toEqual(NO_HISTORY);
  });

  it("keeps a valid throttle next to a broken draft", () => {
    const store = createFormStore(() => storageWith(JSON.stringify({ v: 1, draft: "oops", throttle: THROTTLED })));
    expect(store.draft).toEqual(EMPTY_VALUES);
    expect(store.throttle).toEqual(THROTTLED);
  });
});
