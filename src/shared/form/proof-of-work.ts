/** The body field that carries the solved proof of work back to the site's own receiver. */
export const PROOF_OF_WORK_FIELD = "proofOfWork";

/**
 * An ALTCHA challenge (altcha.org's format, made by the receiver with altcha-lib): find the number n ≤ maxnumber
 * with SHA-256(salt + n) = challenge. The signature is the receiver's HMAC of the challenge, so it knows the
 * challenge is its own without keeping it.
 */
export interface PowChallenge {
  algorithm: "SHA-256";
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The highest maxnumber the form accepts to solve: beyond it a phone would work for minutes. */
export const MAX_POW_NUMBER = 10_000_000;

/** A challenge in the receiver's answer, or undefined for anything else. */
export function challengeOf(value: unknown): PowChallenge | undefined {
  const c = value as Partial<Record<keyof PowChallenge, unknown>> | null;
  if (c?.algorithm !== "SHA-256" || typeof c.maxnumber !== "number") return undefined;
  if (!(c.maxnumber > 0 && c.maxnumber <= MAX_POW_NUMBER)) return undefined;
  const { challenge, salt, signature } = c;
  if (typeof challenge !== "string" || !/^[0-9a-f]{64}$/.test(challenge)) return undefined;
  if (typeof salt !== "string" || salt.length > 300 || typeof signature !== "string" || signature.length > 200)
    return undefined;
  return { algorithm: "SHA-256", challenge, maxnumber: c.maxnumber, salt, signature };
}

/** Numbers hashed at once before the main thread gets a turn: a few milliseconds of work on a slow phone. */
const BATCH = 200;

/** Gives the main thread a turn (input, rendering) without setTimeout's 4 ms clamp. */
const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Solves a challenge on the main thread with WebCrypto, in small batches that yield between them, so typing
 * never stutters and no worker (and no change to the Content-Security-Policy) is needed. The answer is
 * ALTCHA's payload: base64 of its JSON. Undefined for anything but a challenge the form takes (challengeOf), or
 * when no number up to maxnumber fits (not the receiver's).
 */
export async function solveChallenge(value: unknown): Promise<string | undefined> {
  const challenge = challengeOf(value);
  if (!challenge) return undefined;
  try {
    return await search(challenge);
  } catch {
    // No WebCrypto (a page not served over https): sent without; the receiver decides.
    return undefined;
  }
}

async function search(challenge: PowChallenge): Promise<string | undefined> {
  const target = challenge.challenge;
  const wanted = Uint8Array.from(target.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  const encoder = new TextEncoder();
  const matches = (digest: ArrayBuffer) => new Uint8Array(digest).every((byte, index) => byte === wanted[index]);
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + n))),
    );
    const found = digests.findIndex(matches);
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: target, number: start + found, salt, signature }));
    }
    await yieldToMain();
  }
  return undefined;
}
