import { getStore, type Store } from "@netlify/blobs";
import { type Env, readConfig, sendTimeoutOf } from "../config.ts";
import { createReceiver } from "../handler.ts";
import type { ReceiverRules } from "../rules.ts";
import { netlifyBlobsStore } from "../stores/netlify-blobs.ts";
import { smtpTransport } from "../transports/smtp.ts";
import { lazyReceiver, logToConsole } from "./serverless.ts";

/** What Netlify passes a function besides the Request (Functions 2.0). */
export interface NetlifyContext {
  ip: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * The receiver as a Netlify Function: SMTP works from Netlify's functions (AWS Lambda), and the keys live in
 * Netlify Blobs, so a retry that reaches another instance is still recognised.
 */
export function netlifyContact(
  rules: ReceiverRules,
  env: Env = process.env,
  blobs: () => Store = () => getStore({ name: "contact-receiver", consistency: "strong" }),
) {
  const receive = lazyReceiver(() => {
    const config = readConfig(env, rules, "smtp");
    const sendTimeoutMs = sendTimeoutOf(rules);
    return createReceiver({
      rules,
      siteUrl: config.siteUrl,
      mail: { from: config.from, to: config.to, timeZone: config.timeZone, frameLanguage: config.mailLanguage },
      transport: smtpTransport(config.smtpUrl ?? "", sendTimeoutMs),
      store: netlifyBlobsStore(blobs(), Date.now),
      secret: config.smtpUrl ?? "",
      now: Date.now,
      log: logToConsole,
      sendTimeoutMs,
    });
  });
  return (request: Request, context: NetlifyContext) =>
    receive(request, { address: context.ip, waitUntil: context.waitUntil?.bind(context) });
}
