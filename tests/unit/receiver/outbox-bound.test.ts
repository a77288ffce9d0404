import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BOUNDS } from "../../../src/receiver/outbox/outbox.ts";
import { sqliteOutbox } from "../../../src/receiver/outbox/sqlite-outbox.ts";

// The total bound is counted in memory (sqlite-outbox.ts): it must follow the file through every step that
// makes a message undelivered or delivered, or the outbox would shed for good, or never.
const mail = { from: "a@example.de", to: "b@example.de", subject: "s", text: "t", date: new Date(0), messageId: "<m>" };
const entry = (n: number) => ({ key: `k${n}`, body: `b${n}`, client: `c${n}`, mail });
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the outbox's total bound", () => {
  it("is full at the bound, and takes messages again as each is sent, refused or queued again", () => {
    const dir = mkdtempSync(join(tmpdir(), "outbox-bound-"));
    dirs.push(dir);
    const path = join(dir, "outbox.sqlite");
    const outbox = sqliteOutbox(path, () => 1_000, { ...DEFAULT_BOUNDS, pendingTotal: 2 });
    expect(outbox.enqueue(entry(1)).status).toBe("stored");
    expect(outbox.enqueue(entry(2)).status).toBe("stored");
    expect(outbox.full()).toBe(true);
    expect(outbox.enqueue(entry(3))).toMatchObject({ status: "full", reason: "the outbox is full" });
    const first = outbox.claim();
    outbox.markSent(first?.key ?? "");
    expect(outbox.full()).toBe(false);
    expect(outbox.enqueue(entry(3)).status).toBe("stored");
    const second = outbox.claim();
    outbox.markFailed(second?.key ?? "", "550 no");
    expect(outbox.full()).toBe(false);
    // A retry of a kept message and a refused one queued again count as the file says.
    expect(outbox.enqueue(entry(3)).status).toBe("duplicate");
    expect(outbox.retryFailed()).toBe(1);
    expect(outbox.full()).toBe(true);
    outbox.close();
    // A new start counts from the file.
    const again = sqliteOutbox(path, () => 1_000, { ...DEFAULT_BOUNDS, pendingTotal: 2 });
    expect(again.full()).toBe(true);
    again.close();
  });
});
