import type { ReceiverEvent } from "../handler.ts";
import type { Clock } from "../stores/store.ts";
import type { MailTransport } from "../transports/transport.ts";
import { deliver, type OutcomeRecord, type Overdue, REPORT_AFTER_MS, reportOverdue, short } from "./delivery.ts";
import { type KvRecord, kvKeys, type OutboxKv, readRecord } from "./kv-outbox.ts";
import { DEFAULT_BOUNDS, FAILED_KEPT_MS, SENT_KEPT_MS } from "./outbox.ts";

/**
 * An attempt's hold on its message. Longer than any host lets one invocation run (Netlify's scheduled functions
 * 30 s, a Cloudflare waitUntil 30 s after the answer) and than the mail server's time, so a hold that has run
 * out belongs to an invocation that is gone: its message is due again (the one allowed duplicate, same
 * Message-ID, when that invocation died after the mail server's 250 and before the record).
 */
export const LEASE_MS = 60_000;
/** The whole-store sweep (expired keys, lost markers) runs at most this often. */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface DrainOptions {
  transport: MailTransport;
  now: Clock;
  log: (event: ReceiverEvent) => void;
  alert?: (subject: string, text: string) => Promise<void>;
  reportAfterMs?: number;
  /** No new attempt starts after this long (an invocation's time is short). */
  budgetMs: number;
  /** Only this message (the request that stored it tries it at once); otherwise everything due. */
  only?: string;
}

export interface DrainResult {
  sent: number;
  retry: number;
  failed: number;
  /** Due messages left for a later drain: held by another attempt, not yet due, or past the budget. */
  left: number;
}

/** Deletes what has served its time, and writes the `due/` marker of any undelivered message that lacks one. */
async function sweep(kv: OutboxKv, now: Clock) {
  const time = now();
  const last = Number((await kv.get("meta/swept")) ?? 0);
  if (time - last < SWEEP_EVERY_MS) return;
  await kv.set("meta/swept", String(time));
  const due = new Set((await kv.list("due/")).map(kvKeys.lastPart));
  for (const name of await kv.list("msg/")) {
    const key = kvKeys.lastPart(name);
    const record = await readRecord(kv, key);
    if (!record) continue;
    const kept = record.state === "sent" ? SENT_KEPT_MS : record.state === "failed" ? FAILED_KEPT_MS : undefined;
    if (kept !== undefined && (record.doneAt ?? 0) <= time - kept) {
      await kv.delete(name);
      for (const claim of await kv.list(kvKeys.claimsOf(key))) await kv.delete(claim);
      await kv.delete(kvKeys.reported(key));
    } else if (record.state === "queued" && !due.has(key))
      await kv.set(kvKeys.due(record.client, key), String(record.createdAt));
  }
  for (const seen of await kv.list("seen/")) {
    const at = Number(seen.slice(seen.lastIndexOf("/") + 1).split("-")[0]);
    if (!(at > time - DEFAULT_BOUNDS.windowMs)) await kv.delete(seen);
  }
}

/** How one attempt's outcome is written: the message's entry, and its `due/` marker gone once it is done. */
function recorder(kv: OutboxKv, record: KvRecord, attempts: number, now: Clock): OutcomeRecord {
  const write = (key: string, change: Partial<KvRecord>) =>
    kv.set(kvKeys.message(key), JSON.stringify({ ...record, attempts, ...change }));
  return {
    async markSent(key) {
      await write(key, { state: "sent", mail: null, doneAt: now(), lastError: null });
      await kv.delete(kvKeys.due(record.client, key));
    },
    async retryAt(key, at, error, unanswered) {
      await write(key, { nextAt: at, lastError: error, ...(unanswered === undefined ? {} : { unanswered }) });
    },
    async markFailed(key, error) {
      await write(key, { state: "failed", doneAt: now(), lastError: error });
      await kv.delete(kvKeys.due(record.client, key));
    },
  };
}

/**
 * Takes the attempt after the last one recorded, if nobody holds it: an attempt is one `claim/<key>/<n>` entry,
 * created only if new (one step on Netlify Blobs), so two drains never both hold attempt n. A claim past its
 * lease without a recorded outcome was an invocation that died: the next number is free then.
 */
async function claim(kv: OutboxKv, key: string, record: KvRecord, now: Clock, log: DrainOptions["log"]) {
  const numbers = (await kv.list(kvKeys.claimsOf(key))).map((name) => Number(kvKeys.lastPart(name)));
  const highest = Math.max(record.attempts, ...numbers);
  if (highest > record.attempts) {
    const held = JSON.parse((await kv.get(kvKeys.claim(key, highest))) ?? '{"until":0}') as { until: number };
    if (held.until > now()) return undefined;
    log({ event: "recovered", key: short(key), attempts: highest, reason: "an attempt ended without a record" });
  }
  const attempt = highest + 1;
  const until = now() + LEASE_MS;
  const won = await kv.create(kvKeys.claim(key, attempt), JSON.stringify({ until }), now() + SENT_KEPT_MS);
  return won ? attempt : undefined;
}

/**
 * Delivers what is due in the serverless outbox, one message after another, by delivery.ts's rules (the
 * Node sender's: backoff, 250 recorded before the text goes, 5xx reported, never two attempts at once), and
 * reports what is undelivered past reportAfterMs, once each.
 */
export async function drainOutbox(kv: OutboxKv, options: DrainOptions): Promise<DrainResult> {
  const { now, log } = options;
  const reportAfterMs = options.reportAfterMs ?? REPORT_AFTER_MS;
  const started = now();
  const result: DrainResult = { sent: 0, retry: 0, failed: 0, left: 0 };
  if (!options.only) await sweep(kv, now);
  // The message just stored is read by its key, not found by a list: KV's lists may lag its writes.
  const markers = options.only ? [undefined] : await kv.list("due/");
  const overdue: Overdue[] = [];
  for (const marker of markers) {
    const key = marker === undefined ? (options.only as string) : kvKeys.lastPart(marker);
    const record = await readRecord(kv, key);
    if (record?.state !== "queued" || !record.mail) {
      // Delivered or refused already (the marker's delete did not happen), or swept.
      if (marker !== undefined && record?.state !== "queued") await kv.delete(marker);
      continue;
    }
    const age = now() - record.createdAt;
    if (age >= reportAfterMs && (await kv.create(kvKeys.reported(key), "", record.createdAt + SENT_KEPT_MS)))
      overdue.push({ key, ageMs: age, attempts: record.attempts, lastError: record.lastError });
    if (record.nextAt > now() || now() - started > options.budgetMs) {
      result.left++;
      continue;
    }
    const attempt = await claim(kv, key, record, now, log);
    if (attempt === undefined) {
      result.left++;
      continue;
    }
    const mail = { ...record.mail, date: new Date(record.mail.date) };
    try {
      const outcome = await deliver(
        { key, mail, attempts: attempt, unanswered: record.unanswered ?? 0 },
        { transport: options.transport, record: recorder(kv, record, attempt, now), now, log, alert: options.alert },
      );
      if (outcome === "sent") result.sent++;
      else if (outcome === "failed" || outcome === "held") result.failed++;
      else result.retry++;
    } catch (error) {
      // The store failed to record the outcome: the claim runs out and the message is due again (same Message-ID).
      log({ event: "sender-error", key: short(key), reason: error instanceof Error ? error.message : String(error) });
      result.left++;
    }
  }
  reportOverdue(overdue, reportAfterMs, { transport: options.transport, now, log, alert: options.alert });
  return result;
}
