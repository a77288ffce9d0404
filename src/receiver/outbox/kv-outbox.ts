import type { Clock } from "../stores/store.ts";
import type { OutgoingMail } from "../transports/transport.ts";
import {
  DEFAULT_BOUNDS,
  type EnqueueResult,
  FULL_RETRY_AFTER_SECONDS,
  type Outbox,
  type OutboxBounds,
  type OutboxEntry,
  SENT_KEPT_MS,
} from "./outbox.ts";

/**
 * What the serverless outbox needs of a host's key-value store (Netlify Blobs, Cloudflare KV; see
 * outbox/netlify-blobs.ts and outbox/cloudflare-kv.ts). Values are text; expiresAt lets a store that expires entries
 * itself (KV) do so, the sweep (drain.ts) deletes the rest.
 */
export interface OutboxKv {
  get(key: string): Promise<string | undefined>;
  /** Writes only if the key holds nothing, and says whether it wrote: one conditional write on Netlify Blobs,
   * a read then a write on Cloudflare KV (which has no conditional write). */
  create(key: string, value: string, expiresAt?: number): Promise<boolean>;
  set(key: string, value: string, expiresAt?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with prefix. */
  list(prefix: string): Promise<string[]>;
}

/** One message as kept: its text until the mail server accepted it, then only the hashes, for SENT_KEPT_MS. */
export interface KvRecord {
  body: string;
  client: string;
  mail: (Omit<OutgoingMail, "date"> & { date: string }) | null;
  state: "queued" | "sent" | "failed";
  /** Attempts recorded so far (an attempt in flight is a claim, see drain.ts). */
  attempts: number;
  nextAt: number;
  createdAt: number;
  doneAt: number | null;
  lastError: string | null;
  /** Earlier attempts without a reply to the end of DATA (delivery.ts, MAX_UNANSWERED); absent means 0. */
  unanswered?: number;
}

/**
 * Where each thing lives, so the bounds are counted by listing keys, never by reading every message:
 * `msg/<key>` the message; `due/<client>/<key>` while it is undelivered; `seen/<client>/<time>-<key>` for
 * the per-client window; `claim/<key>/<attempt>` one attempt's hold (drain.ts); `reported/<key>` once late.
 */
export const kvKeys = {
  message: (key: string) => `msg/${key}`,
  due: (client: string, key: string) => `due/${client}/${key}`,
  dueOf: (client: string) => `due/${client}/`,
  seen: (client: string, time: number, key: string) => `seen/${client}/${time}-${key}`,
  seenOf: (client: string) => `seen/${client}/`,
  claim: (key: string, attempt: number) => `claim/${key}/${attempt}`,
  claimsOf: (key: string) => `claim/${key}/`,
  reported: (key: string) => `reported/${key}`,
  /** The message's key is the last part of every key above but seen's. */
  lastPart: (kvKey: string) => kvKey.slice(kvKey.lastIndexOf("/") + 1),
};

export async function readRecord(kv: OutboxKv, key: string): Promise<KvRecord | undefined> {
  const raw = await kv.get(kvKeys.message(key));
  return raw === undefined ? undefined : (JSON.parse(raw) as KvRecord);
}

/**
 * The serverless hosts' outbox: each message one entry in the host's store from the moment the visitor is told
 * "received". The message is written before its `due/` marker, so what is listed as due always has its text;
 * a retry of a message whose marker a dying function did not write writes it again. The bounds are a count of
 * keys, then a write: not one transaction as in SQLite, so requests at the very same moment can pass a bound
 * together (docs/receiver.md says so).
 */
export function kvOutbox(kv: OutboxKv, now: Clock, bounds: OutboxBounds = DEFAULT_BOUNDS): Outbox {
  async function recognise(found: KvRecord, entry: OutboxEntry): Promise<EnqueueResult> {
    if (found.body !== entry.body) return { status: "conflict" };
    if (found.state === "queued") await kv.set(kvKeys.due(found.client, entry.key), String(found.createdAt));
    return { status: "duplicate" };
  }
  return {
    async enqueue(entry) {
      const time = now();
      const found = await readRecord(kv, entry.key);
      if (found?.state === "sent" && (found.doneAt ?? 0) <= time - SENT_KEPT_MS)
        await kv.delete(kvKeys.message(entry.key));
      else if (found) return recognise(found, entry);
      const window = (await kv.list(kvKeys.seenOf(entry.client)))
        .map((seen) => Number(seen.slice(kvKeys.seenOf(entry.client).length).split("-")[0]))
        .filter((at) => at > time - bounds.windowMs);
      if (window.length >= bounds.perClientPerWindow) {
        const wait = Math.ceil((Math.min(...window) + bounds.windowMs - time) / 1000);
        return { status: "limited", retryAfterSeconds: Math.max(1, wait) };
      }
      if ((await kv.list(kvKeys.dueOf(entry.client))).length >= bounds.pendingPerClient)
        return {
          status: "full",
          retryAfterSeconds: FULL_RETRY_AFTER_SECONDS,
          reason: "this client's undelivered messages at the bound",
        };
      if ((await kv.list("due/")).length >= bounds.pendingTotal)
        return { status: "full", retryAfterSeconds: FULL_RETRY_AFTER_SECONDS, reason: "the outbox is full" };
      const record: KvRecord = {
        body: entry.body,
        client: entry.client,
        mail: { ...entry.mail, date: entry.mail.date.toISOString() },
        state: "queued",
        attempts: 0,
        nextAt: time,
        createdAt: time,
        doneAt: null,
        lastError: null,
      };
      if (!(await kv.create(kvKeys.message(entry.key), JSON.stringify(record)))) {
        // Another request with this key got there first (a double click reaching two instances).
        const first = await readRecord(kv, entry.key);
        if (first) return recognise(first, entry);
        return { status: "full", retryAfterSeconds: FULL_RETRY_AFTER_SECONDS, reason: "the key changed meanwhile" };
      }
      await kv.set(kvKeys.due(entry.client, entry.key), String(time));
      await kv.set(kvKeys.seen(entry.client, time, entry.key), "", time + bounds.windowMs);
      return { status: "stored" };
    },
  };
}
