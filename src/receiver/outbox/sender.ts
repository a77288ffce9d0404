import type { ReceiverEvent } from "../handler.ts";
import type { Clock } from "../stores/store.ts";
import { MailError, type MailTransport, type OutgoingMail } from "../transports/transport.ts";
import type { SqliteOutbox } from "./sqlite-outbox.ts";

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats. A mail server down for 10 minutes is
 * tried 8 times and the message arrives within 5 minutes of its return. */
export const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;
export const backoffAfter = (attempts: number) =>
  BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? (BACKOFF_MS[0] as number);

/** A message still undelivered this long after it was accepted is reported (log, --status, alert mail). */
export const REPORT_AFTER_MS = 60 * 60 * 1000;
/** The sender looks at the outbox at least this often, whatever its timers say (reports, a moved clock). */
const LOOK_EVERY_MS = 30_000;

export interface SenderOptions {
  outbox: SqliteOutbox;
  transport: MailTransport;
  now: Clock;
  log: (event: ReceiverEvent) => void;
  /** Sends in flight at most (the SMTP pool's connections). */
  maxInFlight?: number;
  reportAfterMs?: number;
  /** Where a report goes as a mail too (CONTACT_ALERT_TO), composed without any message's text. */
  alert?: (subject: string, text: string) => Promise<void>;
}

const short = (key: string) => key.slice(0, 12);

/**
 * Delivers the outbox: takes due messages one step at a time (queued → sending), at most maxInFlight at once
 * and never one message twice at once, and records the mail server's answer: 250 → sent (the text is deleted),
 * a permanent 5xx → failed and reported, anything else → queued again after a backoff. Messages left "sending"
 * by a crash are due again at start: the one duplicate docs/receiver.md allows, with the same Message-ID.
 */
export function createSender(options: SenderOptions) {
  const { outbox, transport, now, log } = options;
  const maxInFlight = options.maxInFlight ?? 5;
  const reportAfterMs = options.reportAfterMs ?? REPORT_AFTER_MS;
  const inFlight = new Map<string, Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  let idleWaiters: (() => void)[] = [];
  let lookedAt = Number.NEGATIVE_INFINITY;

  function report(subject: string, lines: string[]) {
    if (!options.alert) return;
    options
      .alert(subject, `${lines.join("\n")}\n\nnpm run receiver -- --status shows the outbox.\n`)
      .catch((error) => log({ event: "alert-failed", reason: error instanceof Error ? error.message : String(error) }));
  }

  async function attempt(key: string, mail: OutgoingMail, attempts: number) {
    try {
      await transport.send(mail);
      if (stopping && !inFlight.has(key)) return;
      outbox.markSent(key);
      log({ event: "delivered", key: short(key), attempts });
    } catch (error) {
      if (stopping && !inFlight.has(key)) return;
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof MailError && error.permanent) {
        outbox.markFailed(key, reason);
        log({ event: "undeliverable", key: short(key), attempts, reason });
        report("Contact form: a message was refused by the mail server", [
          `The mail server refused a contact message for good (key ${short(key)}):`,
          reason,
          'It is kept in the outbox for 7 days; see docs/receiver.md, "When a mail is refused".',
        ]);
      } else {
        const wait = backoffAfter(attempts);
        outbox.retryAt(key, now() + wait, reason);
        log({ event: "retrying", key: short(key), attempts, reason: `${reason}; next attempt in ${wait / 1000} s` });
      }
    }
  }

  function reportOverdue() {
    const overdue = outbox.takeOverdue(reportAfterMs);
    for (const each of overdue)
      log({
        event: "undelivered",
        key: short(each.key),
        attempts: each.attempts,
        ageSeconds: Math.round(each.ageMs / 1000),
        reason: each.lastError ?? "not tried yet",
      });
    if (overdue.length > 0)
      report(
        `Contact form: ${overdue.length} message(s) undelivered for over ${Math.round(reportAfterMs / 60_000)} minutes`,
        overdue.map(
          (each) =>
            `key ${short(each.key)}: ${Math.round(each.ageMs / 60_000)} min old, ${each.attempts} attempts, last: ${each.lastError ?? "not tried yet"}`,
        ),
      );
  }

  /** Starts what is due, as far as the bound allows, then sleeps until the next due time. */
  function run() {
    if (stopping) return;
    clearTimeout(timer);
    try {
      // Reports and the sweep are whole-table work: once per look, not once per message under load.
      if (now() - lookedAt >= LOOK_EVERY_MS) {
        lookedAt = now();
        reportOverdue();
        outbox.sweep();
      }
      while (inFlight.size < maxInFlight) {
        const claimed = outbox.claim();
        if (!claimed) break;
        const { key, mail, attempts } = claimed;
        // Never a second attempt of one message: the store's step guarantees it, and this says so twice.
        if (inFlight.has(key)) break;
        const settled = attempt(key, mail, attempts).finally(() => {
          inFlight.delete(key);
          if (inFlight.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
          run();
        });
        inFlight.set(key, settled);
      }
      const due = outbox.nextDueAt();
      const wait = due === undefined ? LOOK_EVERY_MS : Math.min(LOOK_EVERY_MS, Math.max(0, due - now()));
      timer = setTimeout(run, inFlight.size >= maxInFlight ? LOOK_EVERY_MS : wait);
      timer.unref?.();
    } catch (error) {
      // The store failed (disk full, closed): said once, and tried again at the next look.
      log({ event: "sender-error", reason: error instanceof Error ? error.message : String(error) });
      timer = setTimeout(run, LOOK_EVERY_MS);
      timer.unref?.();
    }
  }

  return {
    /** Resumes after a restart: what a crash left "sending" is due again, then the loop starts. */
    start() {
      const recovered = outbox.recover();
      if (recovered > 0)
        log({ event: "recovered", reason: `${recovered} send(s) interrupted by the last stop are due again` });
      run();
    },
    /** A new message, or a moved clock (tests): look now. */
    poke() {
      queueMicrotask(run);
    },
    inFlight: () => inFlight.size,
    /** Resolves once no send is in flight. */
    idle(): Promise<void> {
      if (inFlight.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /**
     * Takes nothing new; waits up to boundMs for the sends in flight, then returns the rest to the queue
     * (they are sent again after the restart, with the same Message-ID). Says how many it returned.
     */
    async stop(boundMs: number): Promise<number> {
      stopping = true;
      clearTimeout(timer);
      let bound: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight.values()]),
        new Promise((resolve) => {
          bound = setTimeout(resolve, boundMs);
        }),
      ]);
      clearTimeout(bound);
      const returned = [...inFlight.keys()];
      inFlight.clear();
      for (const key of returned) outbox.release(key);
      idleWaiters = [];
      return returned.length;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
