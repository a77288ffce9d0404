const patterns = new Map<string, RegExp>();

/**
 * An attribute's value in a start tag, quoted as React writes it (") or as an author might ('). The checks
 * read several attributes of every tag of every page: one pattern per name, made once, not on each call.
 */
export function attributeOf(tag: string, name: string): string | undefined {
  let pattern = patterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`, "i");
    patterns.set(name, pattern);
  }
  const match = pattern.exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}
