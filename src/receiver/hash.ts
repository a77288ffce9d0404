const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const bytes = (text: string) => new TextEncoder().encode(text);

/** What of node:crypto the hashes use where it is there (Node); looked up at run time, never imported. */
interface NodeHashes {
  createHash(algorithm: "sha256"): {
    update(text: string | Uint8Array): { digest(): Uint8Array & { toString(encoding: "hex"): string } };
  };
  createHmac(
    algorithm: "sha256",
    key: string | Uint8Array,
  ): { update(text: string | Uint8Array): { digest(): Uint8Array & { toString(encoding: "hex"): string } } };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

/**
 * Node's own crypto, where the receiver runs on Node (process.getBuiltinModule, Node 22.3 and later): the same
 * digests as Web Crypto's, computed at once. Web Crypto's digest and sign are jobs on Node's thread pool, each a
 * promise and two hops of the event loop: a profile of the Node receiver under load found them at 11 % of its
 * CPU for five hashes a message. Elsewhere (Netlify, Cloudflare) Web Crypto, as before.
 */
export const nodeHashes: NodeHashes | undefined = (() => {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const found = host?.getBuiltinModule?.("crypto") as Partial<NodeHashes> | undefined;
  return found?.createHash && found.createHmac && found.timingSafeEqual ? (found as NodeHashes) : undefined;
})();

/** SHA-256 in hex (Node's crypto on Node, Web Crypto elsewhere: the same digest). */
export async function sha256(text: string): Promise<string> {
  if (nodeHashes) return nodeHashes.createHash("sha256").update(text).digest().toString("hex");
  return hex(await crypto.subtle.digest("SHA-256", bytes(text)));
}

/**
 * A keyed hash (HMAC-SHA-256): a client's address is kept only as this, and without the secret nobody can find
 * the address behind it by trying all four billion IPv4 addresses.
 */
export function keyedHash(secret: string): (text: string) => Promise<string> {
  if (nodeHashes) {
    const node = nodeHashes;
    return async (text) => node.createHmac("sha256", secret).update(text).digest().toString("hex");
  }
  const key = crypto.subtle.importKey("raw", bytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (text) => hex(await crypto.subtle.sign("HMAC", await key, bytes(text)));
}
