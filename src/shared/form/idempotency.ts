import type { ContactValues } from "./fields.ts";

/** A random id, from the browser's secure generator (randomUUID needs a secure context; getRandomValues does not). */
function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The idempotency key sent with a message, in its JSON body (a custom header would force a CORS preflight
 * that form back-ends may refuse). Retrying the same message, after a timeout or an error, sends the same key,
 * so a back-end can drop the duplicate; a changed message, or one that was sent, gets a new key.
 */
export class IdempotencyKeys {
  private last: { message: string; key: string } | undefined;
  private readonly newKey: () => string;

  // A plain field, not a parameter property: Node's own type stripping (npm run receiver) cannot run those.
  constructor(newKey: () => string = randomId) {
    this.newKey = newKey;
  }

  for(values: ContactValues): string {
    const message = JSON.stringify(values);
    if (this.last?.message !== message) this.last = { message, key: this.newKey() };
    return this.last.key;
  }

  sent(): void {
    this.last = undefined;
  }
}
