import type { ReceiverEvent } from "../handler.ts";
import type { Clock } from "../stores/store.ts";
import type { MailTransport } from "../transports/transport.ts";
import { type DeliveryOptions, deliver, REPORT_AFTER_MS, reportOverdue } from "./delivery.ts";
import type { SqliteOutbox } from "./sqlite-outbox.ts";

export { BACKOFF_MS, backoffAfter, REPORT_AFTER_MS } from "./delivery.ts";

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
  const delivery: DeliveryOptions = {
    transport,
    record: outbox,
    now,
    log,
    alert: options.alert,
    // A send that stop() gave back to the queue is not recorded when its answer comes after all.
    stillHeld: (key) => !stopping || inFlight.has(key),
  };

  /** Starts what is due, as far as the bound allows, then sleeps until the next due time. */
  function run() {
    if (stopping) return;
    clearTimeout(timer);
    try {
      // Reports and the sweep are whole-table work: once per look, not once per message under load.
      if (now() - lookedAt >= LOOK_EVERY_MS) {
        lookedAt = now();
        reportOverdue(outbox.takeOverdue(reportAfterMs), reportAfterMs, delivery);
        outbox.sweep();
      }
      while (inFlight.size < maxInFlight) {
        const claimed = outbox.claim();
        if (!claimed) break;
        const { key, mail, attempts } = claimed;
        // Never a second attempt of one message: the store's step guarantees it, and this says so twice.
        if (inFlight.has(key)) break;
        const settled = deliver({ key, mail, attempts }, delivery)
          .then(() => {})
          .finally(() => {
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
