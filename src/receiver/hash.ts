const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const bytes = (text: string) => new TextEncoder().encode(text);

/** SHA-256 in hex (Web Crypto: the same on Node, Netlify and Cloudflare). */
export async function sha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", bytes(text)));
}

/**
 * A keyed hash (HMAC-SHA-256): a client's address is kept only as this, and without the secret nobody can find
 * the address behind it by trying all four billion IPv4 addresses.
 */
export function keyedHash(secret: string): (text: string) => Promise<string> {
  const key = crypto.subtle.importKey("raw", bytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (text) => hex(await crypto.subtle.sign("HMAC", await key, bytes(text)));
}
