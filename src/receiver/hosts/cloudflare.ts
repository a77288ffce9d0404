import { ConfigError, type Env, readConfig, sendTimeoutOf } from "../config.ts";
import { createReceiver } from "../handler.ts";
import type { ReceiverRules } from "../rules.ts";
import { cloudflareKvStore, type KVNamespaceLike } from "../stores/cloudflare-kv.ts";
import { brevoTransport } from "../transports/brevo.ts";
import { lazyReceiver, logToConsole } from "./serverless.ts";

/** What a Cloudflare Pages Function gets (the parts the receiver reads). */
export interface PagesContext {
  request: Request;
  env: Env & { CONTACT_KEYS?: KVNamespaceLike };
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The receiver as a Cloudflare Pages Function. Workers cannot speak SMTP through nodemailer, so the mail goes
 * to Brevo's HTTP API (MAIL_API_KEY); the keys live in the KV namespace bound as CONTACT_KEYS.
 */
export function cloudflareContact(rules: ReceiverRules) {
  let receive: ReturnType<typeof lazyReceiver> | undefined;
  return (context: PagesContext) => {
    const { env } = context;
    receive ??= lazyReceiver(() => {
      const config = readConfig(env, rules, "api");
      if (!env.CONTACT_KEYS) throw new ConfigError("CONTACT_KEYS is not bound to a KV namespace (Settings, Functions)");
      const sendTimeoutMs = sendTimeoutOf(rules);
      return createReceiver({
        rules,
        siteOrigin: config.siteOrigin,
        mail: { from: config.from, to: config.to, timeZone: config.timeZone },
        transport: brevoTransport(config.mailApiKey ?? "", sendTimeoutMs, config.mailApiUrl),
        store: cloudflareKvStore(env.CONTACT_KEYS, Date.now),
        secret: config.mailApiKey ?? "",
        now: Date.now,
        log: logToConsole,
        sendTimeoutMs,
      });
    });
    return receive(context.request, {
      address: context.request.headers.get("CF-Connecting-IP") ?? "unknown",
      waitUntil: (promise) => context.waitUntil(promise),
    });
  };
}
