// One Lighthouse run that has every metric the audits report: npm run audit and its paired form both take
// medians of these, and a run that lost a metric (as the first on a fresh browser can) is repeated rather
// than bent into the median.
import lighthouse, { type Result } from "lighthouse";

export const METRICS = {
  LCP: "largest-contentful-paint",
  FCP: "first-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
  SI: "speed-index",
} as const;

export async function completeRun(url: string, port: number, categories: string[]): Promise<Result> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const missing = Object.values(METRICS).filter((id) => typeof result.lhr.audits[id]?.numericValue !== "number");
    if (missing.length === 0) return result.lhr;
    console.log(
      `  ${url}: a run is missing ${missing.map((id) => `${id} (${result.lhr.audits[id]?.errorMessage ?? "no value"})`).join(", ")}; running it again`,
    );
  }
  throw new Error(`Lighthouse kept failing on ${url}`);
}
