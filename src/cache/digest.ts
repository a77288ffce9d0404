import { createHash } from "node:crypto";

/**
 * The one digest: SHA-256 of some bytes (a string counts as its UTF-8), in hex unless a name or a header needs
 * another encoding (base64url in a built file's name, base64 in a CSP source). A value is hashed as its JSON
 * (`digestOf(JSON.stringify(value))`); a name that carries a digest takes its first characters.
 */
export const digestOf = (bytes: string | Uint8Array, encoding: "hex" | "base64url" | "base64" = "hex"): string =>
  createHash("sha256").update(bytes).digest(encoding);
