import type { FillTicket } from "../shared/form/index.ts";
import { nodeHashes } from "./hash.ts";

/**
 * How long a fill token stays good: a visitor may leave the form open overnight. The form asks for a new one
 * once its token is half this old (shared/form/fill-token.ts), so a real visitor never sends an expired one.
 */
export const FILL_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A token issued this far "in the future" of the receiver's clock was not issued by it (clocks of instances differ a little). */
const FUTURE_SLACK_MS = 60 * 1000;

/** Why a message's fill token does not let it through; "ok" when it does. */
export type FillVerdict = "ok" | "missing" | "forged" | "too-fast" | "expired";

const TOKEN = /^((\d{1,15})\.[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const bytes = (text: string) => new TextEncoder().encode(text);
const base64url = (data: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(data)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));

/**
 * Fill tokens: `<issuedAt in ms>.<16 random bytes>.<HMAC-SHA-256 of both, base64url>`, handed out by
 * `GET /api/contact` when the visitor first touches the form and sent back with the message. Signed, so a bot
 * cannot make one up; dated by the receiver's own clock, so the receiver alone decides whether the form was open
 * long enough. Random, so two visitors who touch the form in the same millisecond get two tokens: a token is good
 * for one message (one-use.ts), and a shared one would drop the second visitor's. Nothing is stored to check one:
 * any instance with the same secret checks any token. The key is derived from the receiver's secret
 * (the mail credentials) for this one use, so a token never equals the keyed hash of a client's address.
 */
export function fillTokens(secret: string) {
  const key = (async () => {
    const parent = await crypto.subtle.importKey("raw", bytes(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    const derived = await crypto.subtle.sign("HMAC", parent, bytes("leap-ai contact form: fill token v1"));
    return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  })();

  async function issue(now: number, minFillMs: number): Promise<FillTicket> {
    const signed = `${Math.floor(now)}.${base64url(crypto.getRandomValues(new Uint8Array(16)).buffer)}`;
    const signature = await crypto.subtle.sign("HMAC", await key, bytes(signed));
    return { token: `${signed}.${base64url(signature)}`, minFillMs, maxAgeMs: FILL_TOKEN_MAX_AGE_MS };
  }

  // On Node the same HMAC by node:crypto, at once (hash.ts, nodeHashes): the derived key's bytes, then each check.
  const node = nodeHashes;
  const derivedBytes = node?.createHmac("sha256", secret).update("leap-ai contact form: fill token v1").digest();
  const genuine = async (signed: string, signature: string): Promise<boolean> => {
    if (!node || !derivedBytes) return crypto.subtle.verify("HMAC", await key, fromBase64url(signature), bytes(signed));
    const given = fromBase64url(signature);
    const expected = node.createHmac("sha256", derivedBytes).update(signed).digest();
    return given.byteLength === expected.byteLength && node.timingSafeEqual(given, expected);
  };

  async function check(token: string, now: number, minFillMs: number): Promise<FillVerdict> {
    if (token === "") return "missing";
    const [, signed, issued, signature] = TOKEN.exec(token) ?? [];
    if (!signed || !issued || !signature) return "forged";
    // Compared in constant time (verify(), timingSafeEqual): the signature cannot be guessed byte by byte from answer times.
    if (!(await genuine(signed, signature))) return "forged";
    const age = now - Number(issued);
    if (age < -FUTURE_SLACK_MS) return "forged";
    if (age < minFillMs) return "too-fast";
    if (age > FILL_TOKEN_MAX_AGE_MS) return "expired";
    return "ok";
  }

  return { issue, check };
}
