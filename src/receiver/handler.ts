import { firstForbiddenField, sanitizeContact, validateContact } from "../shared/form/index.ts";
import { clientGroup } from "./client-group.ts";
import { FILL_TOKEN_MAX_AGE_MS, fillTokens } from "./fill-time.ts";
import { keyedHash, sha256 } from "./hash.ts";
import { reserveOnce } from "./one-use.ts";
import { proofsOfWork } from "./proof-of-work.ts";
import { composeMail, type MailContext } from "./mail.ts";
import { readContactRequest, Refused } from "./request.ts";
import type { ReceiverRules } from "./rules.ts";
import type { Outbox } from "./outbox/outbox.ts";
import { StorageError } from "./outbox/storage-error.ts";
import type { Clock, ExpiringStore } from "./stores/store.ts";
import type { MailTransport } from "./transports/transport.ts";

/** How long a delivered key answers a retry with success instead of a second mail. */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;
/** Messages per client address and window: far above the form's own throttle (3 an hour), so a person never meets it. */
export const CLIENT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
/** What the visitor's browser is told to wait after the mail server failed. */
export const RETRY_AFTER_SECONDS = 30;
/** What it is told to wait when the outbox could not keep its message. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/** One line of the log (JSON, log.ts): what happened, never what the message said. */
export interface ReceiverEvent {
  event:
    | "refused"
    | "dropped"
    | "duplicate"
    | "conflict"
    | "limited"
    | "received"
    | "shed"
    | "delivered"
    | "failed"
    | "busy"
    | "retrying"
    | "undeliverable"
    | "held"
    | "undelivered"
    | "recovered"
    | "alert-failed"
    | "sender-error"
    | "storage"
    | "misconfigured"
    | "started"
    | "stopping"
    | "stopped";
  /** The HTTP status the request was answered with; none for the sender's events. */
  status?: number;
  /** The first 12 hex digits of the idempotency key's SHA-256, where the request had one. */
  key?: string;
  reason?: string;
  /** The sender's: attempts so far, and how old an undelivered message is. */
  attempts?: number;
  ageSeconds?: number;
}

export interface ReceiverOptions {
  rules: ReceiverRules;
  /** The site's address (SITE_URL, or site.yaml's url): its origin is the only Origin accepted. */
  siteUrl: string;
  mail: Omit<MailContext, "companyName" | "siteUrl">;
  /**
   * Where an accepted message is kept until the mail server has it (every host: the Node server's SQLite file,
   * Netlify Blobs, Cloudflare KV): the answer is 2xx once it is stored, and that host's sender delivers it.
   * Without one (the handler's own tests) the mail is sent while the visitor waits, and 2xx means the mail
   * server accepted it.
   */
  outbox?: Outbox;
  /** Called after a message was stored in the outbox, with its key's hash and the request's host info (wakes
   * the Node sender; a serverless host tries the message at once with waitUntil). */
  onStored?: (key: string, client: ClientInfo) => void;
  transport: MailTransport;
  store: ExpiringStore;
  /** Keys the hash of client addresses (see hash.ts). */
  secret: string;
  now: Clock;
  log: (event: ReceiverEvent) => void;
  /** The mail server gets this long; shorter than the form's deliveryTimeoutMs, so the form hears a 503. */
  sendTimeoutMs: number;
  limit?: { max: number; windowMs: number };
}

/** What the host knows about the request beyond the Request itself. */
export interface ClientInfo {
  address: string;
  /** Keeps a serverless function alive for work after the answer (a send that outlived its timeout). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

type Outcome = { status: "sent" } | { status: "failed"; reason: string } | { status: "late"; settled: Promise<void> };

/**
 * The contact receiver on the web's standard interface: a Request in, a Response out. It checks a message
 * with the form's own rules and never sends one message twice. With an outbox (every host: the Node server,
 * Netlify, Cloudflare) it answers 202 once the message is stored, and the host's sender delivers it; without one
 * (the handler's own tests) it answers 2xx only once the mail server has accepted it, and a key that was
 * delivered answers 2xx again for 24 hours without another mail.
 */
export function createReceiver(options: ReceiverOptions) {
  const { rules, store, now, log, transport } = options;
  const limit = options.limit ?? CLIENT_LIMIT;
  const languages = Object.keys(rules.messages);
  const clientHash = keyedHash(options.secret);
  const tokens = fillTokens(options.secret);
  const minFillMs = rules.minFillMs ?? 0;
  const pow = proofsOfWork(options.secret);
  const powMaxNumber = rules.proofOfWork ?? 0;
  const siteOrigin = new URL(options.siteUrl).origin;
  const mailContext: MailContext = {
    ...options.mail,
    frameLanguage: options.mail.frameLanguage ?? rules.defaultLanguage,
    companyName: rules.companyName,
    siteUrl: options.siteUrl,
    ...(rules.campaigns ? { campaigns: rules.campaigns } : {}),
  };

  /** The mail server's answer within sendTimeoutMs; a later one still settles the key (see "late"). */
  async function send(mail: ReturnType<typeof composeMail>): Promise<Outcome> {
    const sending = transport.send(mail).then(
      (): Outcome => ({ status: "sent" }),
      (error: unknown): Outcome => ({
        status: "failed",
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Outcome>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            status: "late",
            settled: sending.then((outcome) => {
              if (outcome.status !== "sent") throw new Error("not accepted after all");
            }),
          }),
        options.sendTimeoutMs,
      );
    });
    const outcome = await Promise.race([sending, late]);
    clearTimeout(timer);
    return outcome;
  }

  return async function receive(request: Request, client: ClientInfo): Promise<Response> {
    let key: string | undefined;
    const refuse = (status: number, reason: string, body: unknown, headers: Record<string, string> = {}) => {
      log({ event: status === 429 ? "limited" : "refused", status, key, reason });
      return json(status, body, headers);
    };
    // A bot's message: answered exactly as a kept one would be on this host, so the bot learns nothing; nothing
    // is stored or sent, and the log says why.
    const dropQuietly = (reason: string) => {
      const status = options.outbox ? 202 : 200;
      log({ event: "dropped", status, key, reason });
      return json(status, options.outbox ? { status: "received" } : { status: "delivered" });
    };
    // The form asks for a fill token when the visitor first touches it (fill-time.ts); not logged: a page view.
    if (request.method === "GET") {
      const ticket = await tokens.issue(now(), minFillMs);
      if (powMaxNumber === 0) return json(200, ticket);
      return json(200, { ...ticket, challenge: await pow.issue(now(), powMaxNumber, ticket.token) });
    }
    // The fill token's and the proof of work's one-use reservations, released (finally, below) unless kept.
    const releases: (() => Promise<void>)[] = [];
    const release = async () => {
      for (const each of releases.splice(0)) await each();
    };
    let keep = false;
    try {
      const message = await readContactRequest(request, siteOrigin, languages);
      const keyHash = await sha256(message.idempotencyKey);
      key = keyHash.slice(0, 12);
      const storeKey = `key:${keyHash}`;
      if (message.honeypot !== "") return dropQuietly("honeypot filled in");
      if (minFillMs > 0) {
        const verdict = await tokens.check(message.fillToken, now(), minFillMs);
        if (verdict !== "ok") return dropQuietly(verdict === "too-fast" ? "too-fast" : `fill token ${verdict}`);
      }
      let powChallenge: string | undefined;
      if (powMaxNumber > 0) {
        const solved = await pow.check(message.proofOfWork, message.fillToken, now());
        if (solved.verdict !== "ok") return dropQuietly(`proof of work ${solved.verdict}`);
        powChallenge = solved.challenge;
      }
      // The form's checks, in the form's order and words (the message's language). The lengths are checked on
      // what will be mailed (sanitised), and whatever sanitising would remove is refused, never dropped unsaid.
      const messages = rules.messages[message.language] ?? rules.messages[rules.defaultLanguage];
      if (!messages) throw new Refused(400, `no messages for ${message.language}`);
      const checked = validateContact(sanitizeContact(message.values), rules.limits, messages);
      if (!checked.ok)
        return refuse(422, `rules: ${Object.keys(checked.errors).join(", ")}`, {
          error: "fields",
          fields: checked.errors,
        });
      const forbidden = firstForbiddenField(message.values);
      if (forbidden) return refuse(422, `forbidden input in ${forbidden}`, { error: "forbidden", field: forbidden });
      // Only now, so a message the visitor must fix (422) does not use up the token or the challenge. A token is
      // good for one message: a script must fetch one and wait out minFillMs for each (a retry keeps its key).
      if (minFillMs > 0) {
        const spent = await reserveOnce(
          store,
          `fill:${await sha256(message.fillToken)}`,
          keyHash,
          now() + FILL_TOKEN_MAX_AGE_MS,
        );
        if (spent.verdict !== "ok") return dropQuietly("fill token spent");
        releases.push(spent.release);
      }
      if (powChallenge) {
        const reserved = await pow.reserve(store, powChallenge, keyHash, now());
        if (reserved.verdict !== "ok") return dropQuietly(`proof of work ${reserved.verdict}`);
        releases.push(reserved.release);
      }
      if (options.outbox) {
        const mail = composeMail(
          { ...message, values: checked.values, receivedAt: new Date(now()), keyHash: keyHash.slice(0, 32) },
          mailContext,
        );
        const { name, email, company, message: text } = checked.values;
        const kept = await options.outbox.enqueue({
          key: keyHash,
          body: await sha256(JSON.stringify([name, email, company, text])),
          client: await clientHash(clientGroup(client.address)),
          mail,
        });
        keep = kept.status === "stored" || kept.status === "duplicate";
        switch (kept.status) {
          case "stored":
            options.onStored?.(keyHash, client);
            log({ event: "received", status: 202, key });
            return json(202, { status: "received" });
          case "duplicate":
            log({ event: "duplicate", status: 202, key, reason: "kept before: no second mail" });
            return json(202, { status: "received", duplicate: true });
          case "conflict":
            log({ event: "conflict", status: 409, key, reason: "this key came before with other text" });
            return json(409, { error: "keyReused" });
          case "limited":
            return refuse(
              429,
              "per-client limit reached",
              { error: "tooMany" },
              {
                "Retry-After": String(kept.retryAfterSeconds),
              },
            );
          case "full":
            log({ event: "shed", status: 503, key, reason: `${kept.reason}: not kept` });
            return json(503, { error: "unavailable" }, { "Retry-After": String(kept.retryAfterSeconds) });
        }
      }

      const state = await store.get(storeKey);
      if (state === "delivered") {
        keep = true;
        log({ event: "duplicate", status: 200, key, reason: "delivered before: no second mail" });
        return json(200, { status: "delivered", duplicate: true });
      }
      const clientKey = `client:${await clientHash(clientGroup(client.address))}`;
      const count = JSON.parse((await store.get(clientKey)) ?? "null") as { n: number; until: number } | null;
      const time = now();
      if (count && count.n >= limit.max) {
        const wait = Math.max(1, Math.ceil((count.until - time) / 1000));
        return refuse(
          429,
          `${count.n} messages from this client this hour`,
          { error: "tooMany" },
          { "Retry-After": String(wait) },
        );
      }
      // One attempt at a time per key: a second one while the first is with the mail server waits for it.
      const claimUntil = time + options.sendTimeoutMs * 3;
      if (!(await store.put(storeKey, "sending", claimUntil, true))) {
        log({ event: "busy", status: 409, key, reason: "this message is being sent" });
        return json(409, { error: "busy" }, { "Retry-After": String(Math.ceil(options.sendTimeoutMs / 1000)) });
      }

      const mail = composeMail(
        {
          ...message,
          values: sanitizeContact(checked.values),
          receivedAt: new Date(time),
          keyHash: keyHash.slice(0, 32),
        },
        mailContext,
      );
      const delivered = async () => {
        await store.put(storeKey, "delivered", now() + KEY_KEPT_MS);
        const current = JSON.parse((await store.get(clientKey)) ?? "null") as { n: number; until: number } | null;
        const next = current ? { n: current.n + 1, until: current.until } : { n: 1, until: now() + limit.windowMs };
        await store.put(clientKey, JSON.stringify(next), next.until);
      };
      const outcome = await send(mail);
      keep = outcome.status !== "failed";
      if (outcome.status === "sent") {
        await delivered();
        log({ event: "delivered", status: 200, key });
        return json(200, { status: "delivered" });
      }
      const retryAfter = { "Retry-After": String(RETRY_AFTER_SECONDS) };
      if (outcome.status === "late") {
        // The form hears 503 now; should the server still accept, a retry gets 2xx and no second mail.
        const settle = outcome.settled.then(
          async () => {
            await delivered();
            log({ event: "delivered", status: 0, key, reason: "after the timeout: a retry gets no second mail" });
          },
          async () => {
            await store.delete(storeKey);
            await release();
          },
        );
        client.waitUntil?.(settle);
        log({
          event: "failed",
          status: 503,
          key,
          reason: `no answer from the mail server within ${options.sendTimeoutMs} ms`,
        });
        return json(503, { error: "unavailable" }, retryAfter);
      }
      await store.delete(storeKey);
      log({ event: "failed", status: 503, key, reason: outcome.reason });
      return json(503, { error: "unavailable" }, retryAfter);
    } catch (error) {
      if (error instanceof Refused) return refuse(error.status, error.reason, { error: "refused" }, error.headers);
      // The outbox could not write it (a full disk, a deleted file): not kept, and "503" says so.
      if (error instanceof StorageError) {
        log({ event: "shed", status: 503, key, reason: `${error.message}: not kept` });
        return json(503, { error: "unavailable" }, { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) });
      }
      log({ event: "failed", status: 500, key, reason: error instanceof Error ? error.message : String(error) });
      return json(500, { error: "internal" });
    } finally {
      if (!keep) await release();
    }
  };
}
