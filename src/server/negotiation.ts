/**
 * Whether an Accept-Encoding header (RFC 9110, 12.5.3) accepts gzip: named with a weight above 0, or, when
 * not named, covered by "*" with a weight above 0. No header at all means no compression here.
 */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>();
  for (const entry of (header ?? "").split(",")) {
    const [coding = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    // A weight that is no number is no acceptance.
    if (coding !== "") weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get("gzip") ?? weights.get("x-gzip") ?? weights.get("*") ?? 0) > 0;
}

/**
 * Whether a file last modified at `modified` is unchanged since an If-Modified-Since date (RFC 9110, 13.1.3).
 * HTTP dates count whole seconds; an unreadable date, or one in the future, is no condition.
 */
export function unmodifiedSince(header: string | undefined, modified: Date, now: number): boolean {
  const since = header === undefined ? Number.NaN : Date.parse(header);
  return !Number.isNaN(since) && since <= now && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}
