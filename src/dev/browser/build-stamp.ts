// Which build an answer of the dev server came from: stamped on every answer as a Server-Timing entry, so that a
// tab knows the build behind its own document (performance's navigation entry) and behind a page it fetches (the
// header), whenever its event stream opens. Stamped as it is served, not written into the pages: the build worker
// leaves a page it did not change as it was, and a number in it would make every open tab reload on every build.

/** The Server-Timing entry's name; its description is the build's number. */
const STAMP = "dev-build";

/** The Server-Timing header value for an answer served while `buildId` was the last good build. */
export function buildStamp(buildId: number): string {
  return `${STAMP};desc="${buildId}"`;
}

/** The build a fetched answer's Server-Timing header names; undefined without one. */
export function stampOfHeader(header: string | null): number | undefined {
  const match = new RegExp(`(?:^|,)\\s*${STAMP};desc="(\\d+)"`).exec(header ?? "");
  return match ? Number(match[1]) : undefined;
}

/**
 * The build that served this tab's document; undefined in a browser that does not expose server timing, where the
 * tab then checks its page against the first build it hears of.
 */
export function stampOfDocument(): number | undefined {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const entry = navigation?.serverTiming?.find((timing) => timing.name === STAMP);
  return entry ? Number(entry.description) : undefined;
}
