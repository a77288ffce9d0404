/**
 * The real handler in this process, as the spam tests (fill-time.test.ts, proof-of-work.test.ts) drive it: a clock
 * the test moves, a transport that records what it was given (and fails the first `failFirst` sends), the memory
 * store and, with `outbox`, the real SQLite outbox; the form's first touch (`ticket`) and its message (`post`). The
 * form's own side (tests/unit/shared/form/) reaches the same handler through `call`, as its fetch would.
 */
import { createReceiver, type ReceiverEvent } from "../../../src/receiver/handler.ts";
import { sqliteOutbox } from "../../../src/receiver/outbox/sqlite-outbox.ts";
import type { ReceiverRules } from "../../../src/receiver/rules.ts";
import { memoryStore } from "../../../src/receiver/stores/memory.ts";
import type { OutgoingMail } from "../../../src/receiver/transports/transport.ts";
import { EN, LIMITS } from "../shared/form/fixtures.ts";
import { ADA } from "../../support/message.ts";

export const SITE = "https://www.leap-ai.example";
export const START = Date.UTC(2026, 0, 5, 9, 0, 0);
export const MIN = 3_000;
export const SECRET = "smtp://website:s3cret@mail.leap-ai.example:587";
export const RULES: ReceiverRules = {
  siteUrl: SITE,
  companyName: "Leap AI",
  defaultLanguage: "en",
  messages: { en: EN },
  limits: LIMITS,
  deliveryTimeoutMs: 15_000,
  minFillMs: MIN,
};
export { ADA };
let keys = 0;
export const newKey = () => `0f1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`;

export const reasons = (events: ReceiverEvent[]) => events.map((event) => `${event.event}: ${event.reason ?? ""}`);

export interface HarnessOptions {
  rules?: Partial<ReceiverRules>;
  outbox?: boolean;
  failFirst?: number;
}

export function harness(options: HarnessOptions = {}) {
  let clock = START;
  let failures = options.failFirst ?? 0;
  const sent: OutgoingMail[] = [];
  const events: ReceiverEvent[] = [];
  const outbox = options.outbox ? sqliteOutbox(":memory:", () => clock) : undefined;
  const receive = createReceiver({
    rules: { ...RULES, ...options.rules },
    siteUrl: SITE,
    mail: { from: "website@leap-ai.example", to: "leads@leap-ai.example", timeZone: "Europe/Berlin" },
    transport: {
      send: async (mail) => {
        if (failures-- > 0) throw new Error("421 try again later");
        sent.push(mail);
      },
    },
    store: memoryStore(() => clock),
    ...(outbox ? { outbox } : {}),
    secret: SECRET,
    now: () => clock,
    log: (event) => events.push(event),
    sendTimeoutMs: 1_000,
  });
  const call = (request: Request) => receive(request, { address: "203.0.113.7" });
  return {
    sent,
    events,
    /** A request as the host hands it to the receiver, from one visitor's address. */
    call,
    now: () => clock,
    /** What the form does on the first focus: the answer of GET /api/contact. */
    ticket: () => call(new Request(`${SITE}/api/contact`, { headers: { Accept: "application/json" } })),
    /** A message from one visitor's address (or the one given). */
    post: (fields: Record<string, unknown>, address = "203.0.113.7") =>
      receive(
        new Request(`${SITE}/api/contact`, {
          method: "POST",
          headers: { Origin: SITE, "Content-Type": "application/json" },
          body: JSON.stringify({ ...ADA, idempotencyKey: newKey(), ...fields }),
        }),
        { address },
      ),
    pending: () => outbox?.status(),
    advance: (ms: number) => {
      clock += ms;
    },
  };
}
