import type { ReceiverEvent } from "../handler.ts";
import type { Clock } from "../stores/store.ts";
import type { MailTransport } from "../transports/transport.ts";
import { type DeliveryOptions, deliver, type OutcomeRecord, REPORT_AFTER_MS, reportOverdue } from "./delivery.ts";
import type { Health } from "./health.ts";
import type { SqliteOutbox } from "./sqlite-outbox.ts";
import { StorageError } from "./storage-error.ts";

export { BACKOFF_MS, backoffAfter, REPORT_AFTER_MS } from "./delivery.ts";

/** The sender looks at the outbox at least this often, whatever its timers say (reports, a moved clock). */
const LOOK_EVERY_MS = 30_000;
/** While the store takes no write (a full disk), it is tried this often. */
export const PROBE_EVERY_MS = 2_000;

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
  /** Where the sender says that the store or the mail server's settings fail, and reads whether to wait. */
  health?: Health;
}

/**
 * Delivers the outbox: takes due messages one step at a time (queued → sending), at most maxInFlight at once
 * and never one message twice at once, and records the mail server's answer by delivery.ts's rules. Messages
 * left "sending" by a crash are due again at start: the one duplicate docs/receiver.md allows, with the same
 * Message-ID.
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
  let poked = false;
  const health = options.health;
  /**
   * Outcomes the store could not write (a full disk): the message stays "sending" in the file, so it is not
   * taken again, and its outcome is written first once the store writes again. Each lead is mailed once.
   */
  const unrecorded = new Map<string, () => void>();
  const recording =
    (write: (key: string, ...rest: never[]) => void) =>
    (key: string, ...rest: never[]) => {
      const attempt = () => write(key, ...rest);
      try {
        attempt();
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        unrecorded.set(key, attempt);
      }
    };
  const record: OutcomeRecord = {
    markSent: recording((key) => outbox.markSent(key)),
    retryAt: recording((key, at: number, error: string, unanswered?: number) =>
      outbox.retryAt(key, at, error, unanswered),
    ) as OutcomeRecord["retryAt"],
    markFailed: recording((key, error: string) => outbox.markFailed(key, error)) as OutcomeRecord["markFailed"],
  };
  /** Writes the kept outcomes; false while the store still refuses. */
  function flush(): boolean {
    for (const [key, attempt] of unrecorded) {
      try {
        attempt();
        unrecorded.delete(key);
      } catch {
        return false;
      }
    }
    return true;
  }
  const delivery: DeliveryOptions = {
    transport,
    record,
    now,
    log,
    alert: options.alert,
    // A send that stop() gave back to the queue is not recorded when its answer comes after all.
    stillHeld: (key) => !stopping || inFlight.has(key),
    onConfiguration(reason) {
      if (!health) return;
      if (reason === undefined) return health.clear("mail", "the mail server takes messages again");
      const first = !health.has("mail");
      health.set(
        "mail",
        `the mail server refuses the receiver's settings (${reason}): messages are kept and retried; fix SMTP_URL and restart (npm run receiver -- --check)`,
      );
      if (first)
        options
          .alert?.(
            "Contact form: the mail server refuses the receiver's settings",
            `${reason}\n\nMessages are kept and retried.\n`,
          )
          .catch((error) =>
            log({ event: "alert-failed", reason: error instanceof Error ? error.message : String(error) }),
          );
    },
  };

  /** While the store refuses writes: waits (probing) and says so once; true when it may go on. */
  function storeWrites(): boolean {
    if (!health?.has("unwritable") && unrecorded.size === 0) return true;
    if (outbox.probe() && flush()) {
      health?.clear("unwritable", "the outbox takes writes again: messages are kept and sent");
      return true;
    }
    return false;
  }

  /** Starts what is due, as far as the bound allows, then sleeps until the next due time. */
  function run() {
    if (stopping) return;
    clearTimeout(timer);
    try {
      if (!storeWrites()) {
        timer = setTimeout(run, PROBE_EVERY_MS);
        timer.unref?.();
        return;
      }
      // Reports and the sweep are whole-table work: once per look, not once per message under load.
      if (now() - lookedAt >= LOOK_EVERY_MS) {
        lookedAt = now();
        reportOverdue(outbox.takeOverdue(reportAfterMs), reportAfterMs, delivery);
        outbox.sweep();
      }
      while (inFlight.size < maxInFlight) {
        const claimed = outbox.claim();
        if (!claimed) break;
        const { key, mail, attempts, unanswered } = claimed;
        // Never a second attempt of one message: the store's step guarantees it, and this says so twice.
        if (inFlight.has(key)) break;
        const settled = deliver({ key, mail, attempts, unanswered }, delivery)
          .then(
            () => {},
            (error: unknown) =>
              log({
                event: "sender-error",
                key: key.slice(0, 12),
                reason: error instanceof Error ? error.message : String(error),
              }),
          )
          .finally(() => {
            inFlight.delete(key);
            if (inFlight.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
            run();
          });
        inFlight.set(key, settled);
      }
      // With every place taken, a settling send runs this again: the next due time is looked up only when needed.
      let wait = LOOK_EVERY_MS;
      if (inFlight.size < maxInFlight) {
        const due = outbox.nextDueAt();
        if (due !== undefined) wait = Math.min(LOOK_EVERY_MS, Math.max(0, due - now()));
      }
      timer = setTimeout(run, wait);
      timer.unref?.();
    } catch (error) {
      // The store failed (disk full, closed): the outbox told the health already; a look again soon.
      if (!(error instanceof StorageError))
        log({ event: "sender-error", reason: error instanceof Error ? error.message : String(error) });
      timer = setTimeout(run, PROBE_EVERY_MS);
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
      // Many messages kept in one turn of the event loop need one look, not one each.
      if (poked) return;
      poked = true;
      queueMicrotask(() => {
        poked = false;
        run();
      });
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
      flush();
      for (const key of returned) {
        try {
          outbox.release(key);
        } catch {
          // Left "sending": due again at the next start, as after a crash.
        }
      }
      idleWaiters = [];
      return returned.length;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
