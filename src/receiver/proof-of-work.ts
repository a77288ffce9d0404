import { reserveOnce } from "./one-use.ts";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { PowChallenge } from "../shared/form/proof-of-work.ts";
import { FILL_TOKEN_MAX_AGE_MS } from "./fill-time.ts";
import { sha256 } from "./hash.ts";
import type { ExpiringStore } from "./stores/store.ts";

/** Why a message's proof of work does not let it through; "ok" when it does. */
export type PowVerdict = "ok" | "missing" | "forged" | "expired" | "other-token" | "replayed";

const bytes = (text: string) => new TextEncoder().encode(text);
const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
/** The fill token a challenge belongs to, as it stands in the salt (a hash: short, and the token's own format stays free). */
const tokenTag = async (fillToken: string) => (await sha256(fillToken)).slice(0, 32);

/**
 * Proof of work (form.proofOfWork in site.yaml): ALTCHA challenges made and checked with altcha-lib on Web
 * Crypto. `GET /api/contact` hands one out beside the fill token, bound to it (its hash in the salt, under the
 * signature); the form solves it and sends the solution with the message. A solution counts when the receiver
 * signed the challenge, the number solves it, it has not expired (by the receiver's clock, 24 hours like the
 * token), the message carries the token it was issued with, and no other message (another idempotency key) was
 * kept with it: binding to the token alone would not do, since one token serves a page for 24 hours. The HMAC key
 * is derived from the receiver's secret for this one use, as the fill token's is.
 */
export function proofsOfWork(secret: string) {
  const hmacKey = (async () => {
    const parent = await crypto.subtle.importKey("raw", bytes(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    return hex(await crypto.subtle.sign("HMAC", parent, bytes("leap-ai contact form: proof of work v1")));
  })();

  async function issue(now: number, maxNumber: number, fillToken: string): Promise<PowChallenge> {
    const challenge = await createChallenge({
      hmacKey: await hmacKey,
      maxnumber: maxNumber,
      expires: new Date(now + FILL_TOKEN_MAX_AGE_MS),
      params: { fill: await tokenTag(fillToken) },
    });
    return { ...challenge, algorithm: "SHA-256", maxnumber: maxNumber };
  }

  /** The solution's own checks, nothing stored; returns the challenge (its one-use key) when it passes. */
  async function check(
    payload: string,
    fillToken: string,
    now: number,
  ): Promise<{ verdict: Exclude<PowVerdict, "replayed">; challenge?: string }> {
    if (payload === "") return { verdict: "missing" };
    let parsed: { algorithm?: unknown; challenge?: unknown };
    try {
      parsed = JSON.parse(atob(payload));
    } catch {
      return { verdict: "forged" };
    }
    if (parsed?.algorithm !== "SHA-256" || typeof parsed.challenge !== "string") return { verdict: "forged" };
    // Expiry by the receiver's clock below, not altcha-lib's Date.now(): the same clock as every other limit.
    if (!(await verifySolution(payload, await hmacKey, false))) return { verdict: "forged" };
    const params = extractParams(payload);
    if (!(Number(params.expires) * 1000 >= now)) return { verdict: "expired" };
    if (params.fill !== (await tokenTag(fillToken))) return { verdict: "other-token" };
    return { verdict: "ok", challenge: parsed.challenge };
  }

  /**
   * Reserves the challenge for the message with this key, as one step: a retry of that message passes again,
   * any other message with it is "replayed". The reservation lasts as long as the challenge does.
   */
  async function reserve(store: ExpiringStore, challenge: string, keyHash: string, now: number) {
    const reserved = await reserveOnce(store, `pow:${challenge}`, keyHash, now + FILL_TOKEN_MAX_AGE_MS);
    return { verdict: reserved.verdict === "ok" ? ("ok" as const) : ("replayed" as const), release: reserved.release };
  }

  return { issue, check, reserve };
}
