import { getStore, type Store } from "@netlify/blobs";
import { ConfigError, type Env, readConfig, sendTimeoutOf } from "../config.ts";
import { createReceiver } from "../handler.ts";
import { alertBy } from "../outbox/alert.ts";
import { drainOutbox } from "../outbox/drain.ts";
import { kvOutbox } from "../outbox/kv-outbox.ts";
import { netlifyBlobsOutbox } from "../outbox/netlify-blobs.ts";
import type { OutboxBounds } from "../outbox/outbox.ts";
import type { ReceiverRules } from "../rules.ts";
import { netlifyBlobsStore } from "../stores/netlify-blobs.ts";
import type { Clock } from "../stores/store.ts";
import { smtpTransport } from "../transports/smtp.ts";
import { lazyReceiver, logToConsole } from "./serverless.ts";

/** The time, read anew each call (a test that moves the clock moves it for every part alike). */
const now: Clock = () => Date.now();

/** What Netlify passes a function besides the Request (Functions 2.0). */
export interface NetlifyContext {
  ip: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The contact function's own try at the message it just stored starts within this, or is left to the schedule. */
const AT_ONCE_BUDGET_MS = 2_000;
/** The scheduled function starts no new attempt after this (Netlify stops a scheduled function at 30 s). */
export const SCHEDULED_BUDGET_MS = 15_000;

export interface NetlifyOptions {
  env?: Env;
  /** The outbox's Blobs store: `contact-outbox`, strongly consistent. */
  blobs?: () => Store;
  /** The Blobs store of what is kept a while (a proof of work's one use): `contact-receiver`. */
  keys?: () => Store;
  /** Tests lower the outbox's bounds; otherwise DEFAULT_BOUNDS. */
  bounds?: OutboxBounds;
}

const outboxStore = () => getStore({ name: "contact-outbox", consistency: "strong" });
const keysStore = () => getStore({ name: "contact-receiver", consistency: "strong" });

/** What the contact function and the scheduled function share: the settings, SMTP, the outbox in Blobs. */
function netlifyParts(rules: ReceiverRules, options: NetlifyOptions) {
  const config = readConfig(options.env ?? process.env, rules, "smtp");
  const sendTimeoutMs = sendTimeoutOf(rules);
  const transport = smtpTransport(config.smtpUrl ?? "", sendTimeoutMs);
  const kv = netlifyBlobsOutbox((options.blobs ?? outboxStore)());
  const drain = (budgetMs: number, only?: string) =>
    drainOutbox(kv, {
      transport,
      now,
      log: logToConsole,
      alert: alertBy(transport, config.from, config.alertTo, config.siteUrl, now),
      budgetMs,
      only,
    });
  return { config, transport, kv, drain, sendTimeoutMs };
}

/**
 * The receiver as a Netlify Function: 202 once the message is in the outbox in Netlify Blobs (strongly
 * consistent, so a retry reaching another instance is recognised); then the function tries it at once by SMTP
 * (waitUntil, after the answer), and the scheduled function (netlify/deliver.ts) delivers whatever is left.
 */
export function netlifyContact(rules: ReceiverRules, options: NetlifyOptions = {}) {
  const receive = lazyReceiver(() => {
    const parts = netlifyParts(rules, options);
    const { config } = parts;
    return createReceiver({
      rules,
      siteUrl: config.siteUrl,
      mail: { from: config.from, to: config.to, timeZone: config.timeZone, frameLanguage: config.mailLanguage },
      outbox: kvOutbox(parts.kv, now, options.bounds),
      onStored: (key, client) => client.waitUntil?.(parts.drain(AT_ONCE_BUDGET_MS, key)),
      transport: parts.transport,
      // Keys and limits are the outbox's entries; the store holds each proof of work's one use, shared by every
      // instance (Blobs' conditional write: one message per solution).
      store: netlifyBlobsStore((options.keys ?? keysStore)(), now),
      secret: config.smtpUrl ?? "",
      now,
      log: logToConsole,
      sendTimeoutMs: parts.sendTimeoutMs,
    });
  });
  return (request: Request, context: NetlifyContext) =>
    receive(request, { address: context.ip, waitUntil: context.waitUntil?.bind(context) });
}

/**
 * The scheduled function (every minute): delivers what is due in the outbox and reports what is late. Netlify
 * calls it with a POST whose body is `{"next_run": "…"}`; it answers 200 with what it did (no message text).
 */
export function netlifyDeliver(rules: ReceiverRules, options: NetlifyOptions = {}) {
  let parts: ReturnType<typeof netlifyParts> | undefined;
  return async (_request: Request): Promise<Response> => {
    try {
      parts ??= netlifyParts(rules, options);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`contact outbox not delivered, receiver not configured: ${error.message.replaceAll("\n", "; ")}`);
      return new Response(null, { status: 503 });
    }
    const result = await parts.drain(SCHEDULED_BUDGET_MS);
    return Response.json(result);
  };
}
