import { ConfigError, type Env, readConfig, sendTimeoutOf } from "../config.ts";
import { createReceiver } from "../handler.ts";
import type { ReceiverRules } from "../rules.ts";
import { cloudflareKvStore, type KVNamespaceLike } from "../stores/cloudflare-kv.ts";
import { brevoTransport } from "../transports/brevo.ts";
import { lazyReceiver, logToConsole } from "./serverless.ts";

/** What a Cloudflare Pages Function gets (the parts the receiver reads). */
export interface PagesContext {
  request: Request;
  /** Settings (text) and bindings (CONTACT_KEYS, a KV namespace). */
  env: Record<string, unknown>;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The receiver as a Cloudflare Pages Function. Workers cannot speak SMTP through nodemailer, so the mail goes
 * to Brevo's HTTP API (MAIL_API_KEY); the keys live in the KV namespace bound as CONTACT_KEYS.
 */
export function cloudflareContact(rules: ReceiverRules) {
  let receive: ReturnType<typeof lazyReceiver> | undefined;
  return (context: PagesContext) => {
    receive ??= lazyReceiver(() => {
      const env = Object.fromEntries(
        Object.entries(context.env).filter(([, value]) => typeof value === "string"),
      ) as Env;
      const keys = context.env.CONTACT_KEYS as KVNamespaceLike | undefined;
      const config = readConfig(env, rules, "api");
      if (!keys) throw new ConfigError("CONTACT_KEYS is not bound to a KV namespace (Settings, Functions)");
      const sendTimeoutMs = sendTimeoutOf(rules);
      return createReceiver({
        rules,
        siteUrl: config.siteUrl,
        mail: { from: config.from, to: config.to, timeZone: config.timeZone, frameLanguage: config.mailLanguage },
        transport: brevoTransport(config.mailApiKey ?? "", sendTimeoutMs, config.mailApiUrl),
        store: cloudflareKvStore(keys, Date.now),
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
