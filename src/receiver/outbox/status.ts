import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { OutboxStatus } from "./sqlite-outbox.ts";

export interface StatusReport extends OutboxStatus {
  path: string;
  exists: boolean;
  /** Something an operator must look at: a message undelivered past the report age, or refused for good. */
  alarm: boolean;
  reportAfterMs: number;
}

/** The outbox's counts and its oldest undelivered message's age, read-only beside a running receiver. */
export function readStatus(path: string, reportAfterMs: number, now = Date.now()): StatusReport {
  const empty = { queued: 0, sending: 0, sent: 0, failed: 0, oldestPendingMs: null };
  if (!existsSync(path)) return { ...empty, path, exists: false, alarm: false, reportAfterMs };
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const counts: OutboxStatus = { ...empty };
    for (const row of db.prepare("SELECT state, count(*) AS n FROM outbox GROUP BY state").all() as {
      state: "queued" | "sending" | "sent" | "failed";
      n: number;
    }[])
      counts[row.state] = row.n;
    const oldest = (
      db.prepare("SELECT min(created_at) AS at FROM outbox WHERE state IN ('queued', 'sending')").get() as {
        at: number | null;
      }
    ).at;
    counts.oldestPendingMs = oldest === null ? null : now - oldest;
    const alarm = counts.failed > 0 || (counts.oldestPendingMs ?? 0) >= reportAfterMs;
    return { ...counts, path, exists: true, alarm, reportAfterMs };
  } finally {
    db.close();
  }
}

const age = (ms: number) =>
  ms < 120_000
    ? `${Math.round(ms / 1000)} s`
    : ms < 7_200_000
      ? `${Math.round(ms / 60_000)} min`
      : `${(ms / 3_600_000).toFixed(1)} h`;

/** Two lines for an operator (and a monitor that greps them); no message text, no address. */
export function formatStatus(status: StatusReport): string {
  if (!status.exists) return `outbox ${status.path}: none yet (no message received)`;
  const oldest = status.oldestPendingMs === null ? "none" : age(status.oldestPendingMs);
  const lines = [
    `outbox ${status.path}: ${status.queued} queued, ${status.sending} sending, ${status.sent} sent (kept 24 h as keys, text deleted), ${status.failed} refused by the mail server`,
    `oldest undelivered: ${oldest}`,
  ];
  if (status.alarm)
    lines.push(
      `! ${status.failed > 0 ? "a message was refused for good" : `a message is undelivered for over ${age(status.reportAfterMs)}`}: see docs/receiver.md, "Monitoring"`,
    );
  return lines.join("\n");
}
