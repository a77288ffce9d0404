import type { ReceiverEvent } from "../handler.ts";
import type { Clock } from "../stores/store.ts";
import { MailError, type MailTransport, type OutgoingMail } from "../transports/transport.ts";

// One attempt at one message and what its answer means for the outbox: the rules every outbox's sender follows
// (the Node server's loop in sender.ts, the serverless hosts' drain in drain.ts), whatever store it keeps.

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats. A mail server down for 10 minutes is
 * tried 8 times and the message arrives within 5 minutes of its return. */
export const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;
export const backoffAfter = (attempts: number) =>
  BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? (BACKOFF_MS[0] as number);

/** A message still undelivered this long after it was accepted is reported (log, --status, alert mail). */
export const REPORT_AFTER_MS = 60 * 60 * 1000;

/** A message taken out to be sent, by whoever holds it for this one attempt. */
export interface Attempt {
  key: string;
  mail: OutgoingMail;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Earlier attempts that sent the whole message and heard no reply (RFC 1047): each may be a copy. */
  unanswered?: number;
}

/**
 * Attempts whose end of DATA got no reply, at most: the first may have been delivered, so one more is tried
 * (the server may have dropped it), and then the message is held for the operator. A server that answers
 * after the timeout makes at most this many copies, all with one Message-ID.
 */
export const MAX_UNANSWERED = 2;
/** last_error of a message held for the operator after MAX_UNANSWERED attempts without a reply. */
export const HELD = "held: ";

/** How an outbox records an attempt's outcome (synchronous for SQLite, a request for Blobs and KV). */
export interface OutcomeRecord {
  markSent(key: string): void | Promise<void>;
  /** `unanswered`: the attempts without a reply to the end of DATA so far, when this one was such. */
  retryAt(key: string, at: number, error: string, unanswered?: number): void | Promise<void>;
  markFailed(key: string, error: string): void | Promise<void>;
}

/** A message undelivered past REPORT_AFTER_MS, reported once. */
export interface Overdue {
  key: string;
  ageMs: number;
  attempts: number;
  lastError: string | null;
}

export interface DeliveryOptions {
  transport: MailTransport;
  record: OutcomeRecord;
  now: Clock;
  log: (event: ReceiverEvent) => void;
  /** Where a report goes as a mail too (CONTACT_ALERT_TO); its text never holds a message's text. */
  alert?: (subject: string, text: string) => Promise<void>;
  /** False once the attempt was given back (the Node sender stopping): its answer is then not recorded. */
  stillHeld?: (key: string) => boolean;
  /** The mail server refuses the receiver's settings (the reason), or took a message again (undefined). */
  onConfiguration?: (reason: string | undefined) => void;
}

/** last_error of a message held back by the mail server's configuration (login, TLS), not by the message. */
export const CONFIGURATION = "configuration: ";

/** The first 12 hex digits of a key's hash: what the log names a message by. */
export const short = (key: string) => key.slice(0, 12);

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function report(options: Pick<DeliveryOptions, "alert" | "log">, subject: string, lines: string[]) {
  options
    .alert?.(subject, `${lines.join("\n")}\n\nnpm run receiver -- --status shows the outbox.\n`)
    .catch((error) => options.log({ event: "alert-failed", reason: reasonOf(error) }));
}

/**
 * Sends one message and records the answer: 250 → sent (the text goes); a permanent 5xx → failed, reported
 * at once, never retried; the server refusing the receiver's settings (login, TLS, 530) → kept, reported
 * (onConfiguration) and retried; anything else → queued again after backoffAfter(attempts). Says which it was.
 * A record that fails (the store cannot write) rejects: it is never taken for a mail-server failure, so the
 * message is not sent again for it (the Node sender keeps the outcome until the store writes again).
 */
export async function deliver(
  { key, mail, attempts, unanswered = 0 }: Attempt,
  options: DeliveryOptions,
): Promise<"sent" | "failed" | "held" | "retry" | "given back"> {
  const { record, log } = options;
  const held = () => options.stillHeld?.(key) ?? true;
  let failure: unknown;
  let delivered = false;
  try {
    await options.transport.send(mail);
    delivered = true;
  } catch (error) {
    failure = error;
  }
  if (!held()) return "given back";
  if (delivered) {
    await record.markSent(key);
    log({ event: "delivered", key: short(key), attempts });
    options.onConfiguration?.(undefined);
    return "sent";
  }
  const reason = reasonOf(failure);
  if (failure instanceof MailError && failure.permanent) {
    await record.markFailed(key, reason);
    log({ event: "undeliverable", key: short(key), attempts, reason });
    report(options, "Contact form: a message was refused by the mail server", [
      `The mail server refused a contact message for good (key ${short(key)}):`,
      reason,
      'It is kept in the outbox for 7 days; see docs/receiver.md, "When a mail is refused".',
    ]);
    return "failed";
  }
  if (failure instanceof MailError && failure.unanswered) {
    const silent = unanswered + 1;
    if (silent >= MAX_UNANSWERED) {
      const why = `${HELD}no reply to the end of DATA in ${silent} attempts (${reason}): the mail server may have delivered it ${silent} times; look in the inbox for Message-ID ${mail.messageId}, and send it again with npm run receiver -- --retry-failed only if it is not there`;
      await record.markFailed(key, why);
      log({ event: "held", key: short(key), attempts, reason: why });
      report(options, "Contact form: a message is held, it may have been delivered", [
        `The mail server did not answer the end of a contact message (key ${short(key)}), twice:`,
        why,
        'See docs/receiver.md, "Exactly once".',
      ]);
      return "held";
    }
    const wait = backoffAfter(attempts);
    await record.retryAt(key, options.now() + wait, reason, silent);
    log({
      event: "retrying",
      key: short(key),
      attempts,
      reason: `${reason}; no reply to the end of DATA, so it may have arrived: one attempt more in ${wait / 1000} s, then it is held`,
    });
    return "retry";
  }
  const configuration = failure instanceof MailError && failure.configuration;
  const wait = backoffAfter(attempts);
  await record.retryAt(key, options.now() + wait, configuration ? `${CONFIGURATION}${reason}` : reason);
  if (configuration) options.onConfiguration?.(reason);
  log({ event: "retrying", key: short(key), attempts, reason: `${reason}; next attempt in ${wait / 1000} s` });
  return "retry";
}

/** One log line per overdue message (key hash, age, attempts, last error), and one alert mail for them all. */
export function reportOverdue(overdue: Overdue[], reportAfterMs: number, options: Omit<DeliveryOptions, "record">) {
  for (const each of overdue)
    options.log({
      event: "undelivered",
      key: short(each.key),
      attempts: each.attempts,
      ageSeconds: Math.round(each.ageMs / 1000),
      reason: each.lastError ?? "not tried yet",
    });
  if (overdue.length > 0)
    report(
      options,
      `Contact form: ${overdue.length} message(s) undelivered for over ${Math.round(reportAfterMs / 60_000)} minutes`,
      overdue.map(
        (each) =>
          `key ${short(each.key)}: ${Math.round(each.ageMs / 60_000)} min old, ${each.attempts} attempts, last: ${each.lastError ?? "not tried yet"}`,
      ),
    );
}
