import { ConfigError, type Env, readConfig, sendTimeoutOf } from "../config.ts";
import { createReceiver } from "../handler.ts";
import { alertBy } from "../outbox/alert.ts";
import { cloudflareKvOutbox, type KVOutboxNamespace } from "../outbox/cloudflare-kv.ts";
import { drainOutbox } from "../outbox/drain.ts";
import { kvOutbox } from "../outbox/kv-outbox.ts";
import type { ReceiverRules } from "../rules.ts";
import { cloudflareKvStore, type KVNamespaceLike } from "../stores/cloudflare-kv.ts";
import type { Clock } from "../stores/store.ts";
import { brevoTransport } from "../transports/brevo.ts";
import { lazyReceiver, logToConsole } from "./serverless.ts";

/** The time, read anew each call (a test that moves the clock moves it for every part alike). */
const now: Clock = () => Date.now();

/** What a Cloudflare Pages Function gets (the parts the receiver reads). */
export interface PagesContext {
  request: Request;
  /** Settings (text) and bindings (CONTACT_KEYS, a KV namespace). */
  env: Record<string, unknown>;
  waitUntil(promise: Promise<unknown>): void;
}

/** A drain starts no new attempt after this: Cloudflare gives waitUntil's work 30 s after the answer. */
export const DRAIN_BUDGET_MS = 15_000;

/** The settings and the outbox, from the Function's env (or a Cron-triggered Worker's, see cloudflareDrain). */
function cloudflareParts(rules: ReceiverRules, bindings: Record<string, unknown>) {
  const env = Object.fromEntries(Object.entries(bindings).filter(([, value]) => typeof value === "string")) as Env;
  const namespace = bindings.CONTACT_KEYS as KVOutboxNamespace | undefined;
  const config = readConfig(env, rules, "api");
  if (!namespace) throw new ConfigError("CONTACT_KEYS is not bound to a KV namespace (Settings, Functions)");
  const sendTimeoutMs = sendTimeoutOf(rules);
  const transport = brevoTransport(config.mailApiKey ?? "", sendTimeoutMs, config.mailApiUrl);
  const kv = cloudflareKvOutbox(namespace, now);
  const alert = alertBy(transport, config.from, config.alertTo, config.siteUrl, now);
  return {
    config,
    transport,
    kv,
    sendTimeoutMs,
    drain: (only?: string) =>
      drainOutbox(kv, { transport, now, log: logToConsole, alert, budgetMs: DRAIN_BUDGET_MS, only }),
  };
}

/**
 * One drain at a time in this isolate, so two never race for one message here (KV's "only if new" is a read and
 * a write): a request while one runs asks for one more round after it, rather than a second drain beside it. A
 * message just stored is tried first, by its key.
 */
function oneAtATime(drain: (only?: string) => Promise<unknown>) {
  let running: Promise<void> | undefined;
  let again = false;
  let listing = false;
  const stored: string[] = [];
  const logged = (round: Promise<unknown>) =>
    round.catch((error: unknown) =>
      logToConsole({ event: "sender-error", reason: error instanceof Error ? error.message : String(error) }),
    );
  return (justStored?: string): Promise<void> => {
    if (justStored) stored.push(justStored);
    if (running) {
      // A round whose list is yet to come covers this request too.
      if (listing) again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        listing = false;
        for (const key of stored.splice(0)) await logged(drain(key));
        listing = true;
        await logged(drain());
      } while (again || stored.length > 0);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * The receiver as a Cloudflare Pages Function. Workers cannot speak SMTP through nodemailer, so the mail goes
 * to Brevo's HTTP API (MAIL_API_KEY). The answer is 202 once the message is in the outbox in the KV namespace
 * bound as CONTACT_KEYS (under `outbox/`); Pages Functions have no schedule, so every request to the Function
 * then drains the outbox after its answer (waitUntil): the one that stored the message tries it at once, later
 * ones retry what is due (docs/receiver.md says what that guarantees when no request comes).
 */
export function cloudflareContact(rules: ReceiverRules) {
  let receive: ReturnType<typeof lazyReceiver> | undefined;
  let drainSoon: ((justStored?: string) => Promise<void>) | undefined;
  return async (context: PagesContext) => {
    receive ??= lazyReceiver(() => {
      const parts = cloudflareParts(rules, context.env);
      drainSoon = oneAtATime(parts.drain);
      const { config } = parts;
      return createReceiver({
        rules,
        siteUrl: config.siteUrl,
        mail: { from: config.from, to: config.to, timeZone: config.timeZone, frameLanguage: config.mailLanguage },
        outbox: kvOutbox(parts.kv, now),
        onStored: (key, client) => client.waitUntil?.(drainSoon?.(key) ?? Promise.resolve()),
        transport: parts.transport,
        // Keys and limits are the outbox's entries; the store holds each proof of work's one use, in the same KV
        // namespace (its own key prefix), seen by every isolate (a read, then a write: docs/receiver.md).
        store: cloudflareKvStore(context.env.CONTACT_KEYS as KVNamespaceLike, now),
        secret: config.mailApiKey ?? "",
        now,
        log: logToConsole,
        sendTimeoutMs: parts.sendTimeoutMs,
      });
    });
    const response = await receive(context.request, {
      address: context.request.headers.get("CF-Connecting-IP") ?? "unknown",
      waitUntil: (promise) => context.waitUntil(promise),
    });
    if (drainSoon) context.waitUntil(drainSoon());
    return response;
  };
}

/**
 * The optional Cron-triggered Worker beside the site (docs/receiver.md, "Cloudflare Pages"): its `scheduled`
 * handler drains the same outbox every minute, so a message waits no longer than that even when no request
 * comes. Bind the same KV namespace as CONTACT_KEYS and the same settings to it.
 */
export function cloudflareDrain(rules: ReceiverRules) {
  // One drain at a time in this isolate, as in the Function: crons that overlap add a round, not a second drain.
  let drainSoon: ((justStored?: string) => Promise<void>) | undefined;
  return {
    async scheduled(
      _controller: unknown,
      env: Record<string, unknown>,
      context: { waitUntil(p: Promise<unknown>): void },
    ) {
      try {
        drainSoon ??= oneAtATime(cloudflareParts(rules, env).drain);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        console.error(`contact outbox not delivered, not configured: ${error.message.replaceAll("\n", "; ")}`);
        return;
      }
      context.waitUntil(drainSoon());
    },
  };
}
