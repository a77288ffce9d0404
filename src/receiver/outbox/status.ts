import { existsSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { CONFIGURATION, HELD } from "./delivery.ts";
import { readHolder, runningHolder } from "./outbox-lock.ts";
import type { OutboxStatus } from "./sqlite-outbox.ts";

export interface StatusReport extends OutboxStatus {
  path: string;
  exists: boolean;
  /** Something an operator must look at: a message undelivered past the report age, or refused for good. */
  alarm: boolean;
  reportAfterMs: number;
  /** What else is wrong, one line each: the file lost or damaged, the running receiver's own problems. */
  problems: string[];
}

/** Why the file at path is not what a receiver keeps (deleted, replaced, damaged), and the running one's problems. */
function fileProblems(path: string): string[] {
  const running = runningHolder(path);
  const holder = running === "none" ? readHolder(path) : running;
  const stat = statSync(path, { throwIfNoEntry: false });
  const problems = running === "none" ? [] : [...(running.problems ?? [])];
  if (!stat && holder?.file)
    problems.push(
      running === "none"
        ? `outbox ${path} is missing, though the receiver with PID ${holder.pid} kept it there: restore it from a backup`
        : `outbox ${path} is missing while the receiver with PID ${holder.pid} runs: it was deleted`,
    );
  else if (stat && running !== "none" && running.file && running.file !== `${stat.dev}:${stat.ino}`)
    problems.push(
      `outbox ${path} is another file than the one the receiver with PID ${running.pid} writes: it was replaced`,
    );
  return [...new Set(problems)];
}

/** The outbox's counts and its oldest undelivered message's age, read-only beside a running receiver. */
export function readStatus(path: string, reportAfterMs: number, now = Date.now()): StatusReport {
  const empty = { queued: 0, sending: 0, sent: 0, failed: 0, oldestPendingMs: null };
  const problems = fileProblems(path);
  if (!existsSync(path)) return { ...empty, path, exists: false, alarm: problems.length > 0, reportAfterMs, problems };
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    db.prepare("SELECT count(*) FROM outbox").get();
  } catch (error) {
    const words = (error as { errstr?: string }).errstr ?? String(error);
    problems.push(
      `outbox ${path} cannot be read (${words}): restore it from a backup, or move it aside to start with an empty outbox`,
    );
    return { ...empty, path, exists: true, alarm: true, reportAfterMs, problems };
  }
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
    const held = db
      .prepare(`SELECT last_error FROM outbox WHERE state = 'queued' AND last_error LIKE '${CONFIGURATION}%' LIMIT 1`)
      .get() as { last_error: string } | undefined;
    if (held)
      problems.push(
        `the mail server refuses the receiver's settings (${held.last_error.slice(CONFIGURATION.length)}): messages are kept; fix SMTP_URL, check with --check, restart`,
      );
    const unanswered = (
      db.prepare(`SELECT count(*) AS n FROM outbox WHERE state = 'failed' AND last_error LIKE '${HELD}%'`).get() as {
        n: number;
      }
    ).n;
    if (unanswered > 0)
      problems.push(
        `${unanswered} message(s) held: no reply to the end of DATA twice, so each may have arrived twice; look in the inbox for its Message-ID (docs/receiver.md, "Exactly once"), then --retry-failed only for one that is not there`,
      );
    const alarm = counts.failed > 0 || (counts.oldestPendingMs ?? 0) >= reportAfterMs || problems.length > 0;
    return { ...counts, path, exists: true, alarm, reportAfterMs, problems: [...new Set(problems)] };
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
  const problems = status.problems.map((problem) => `! ${problem}`);
  if (!status.exists)
    return [
      `outbox ${status.path}: ${problems.length > 0 ? "missing" : "none yet (no message received)"}`,
      ...problems,
    ].join("\n");
  const oldest = status.oldestPendingMs === null ? "none" : age(status.oldestPendingMs);
  const lines = [
    `outbox ${status.path}: ${status.queued} queued, ${status.sending} sending, ${status.sent} sent (kept 24 h as keys, text deleted), ${status.failed} refused by the mail server`,
    `oldest undelivered: ${oldest}`,
  ];
  lines.push(...problems);
  if (status.failed > 0 || (status.oldestPendingMs ?? 0) >= status.reportAfterMs)
    lines.push(
      `! ${status.failed > 0 ? "a message was refused for good" : `a message is undelivered for over ${age(status.reportAfterMs)}`}: see docs/receiver.md, "Monitoring"`,
    );
  return lines.join("\n");
}
