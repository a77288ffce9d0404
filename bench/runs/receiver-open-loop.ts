// The open loop of npm run bench -- --receiver: requests scheduled by the clock, as visitors arrive, not one
// after another's answer (a closed loop slows its own arrivals when the receiver slows and so hides a queue).
// Each latency runs from the moment the request was due, so a late start counts against the receiver too.
import { createHash, randomUUID } from "node:crypto";

export const OPEN_LOOP_SITE = "https://www.leap-ai.example";

/**
 * Fill tokens as visitors' forms hold them, one per message (the receiver spends each on the message it keeps):
 * signed by the receiver's secret, each dated a different millisecond over a minute ago, so no two are alike.
 */
export async function tokenPool(
  issue: (issuedAt: number) => Promise<{ token: string }>,
  count: number,
): Promise<() => string> {
  const base = Date.now() - 60_000;
  const tokens = await Promise.all(Array.from({ length: count }, (_, i) => issue(base - i).then((t) => t.token)));
  let next = 0;
  return () => {
    const token = tokens[next];
    next += 1;
    if (token === undefined) throw new Error(`the bench used more than its ${count} fill tokens`);
    return token;
  };
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  kept: number;
  shed: number;
  other: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** p99 of the 202 answers alone, and of the 503 answers alone (shedding must be fast, not only rare). */
  p99Kept: number;
  p99Shed: number;
  /** The other answers by status (408, 429, 500, …). */
  otherStatuses: Record<number, number>;
  /** The requests without an answer, by why: "timeout" (none in 30 s), or the socket's error (ECONNRESET, …). */
  errorCauses: Record<string, number>;
  keptIds: string[];
  shedIds: string[];
}

/** The Message-ID the receiver gives a key (mail.ts): how a shed request is shown never to have been mailed. */
export const messageIdOf = (key: string) =>
  `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${new URL(OPEN_LOOP_SITE).hostname}>`;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * `rate` new messages a second for `seconds`, each from a client address of its own and with a fill token of its
 * own (a token is good for one message); bounded in count and time.
 */
export async function openLoop(
  url: string,
  message: Record<string, string>,
  rate: number,
  seconds: number,
  nextToken: () => string,
): Promise<OpenLoopResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const keptLatencies: number[] = [];
  const shedLatencies: number[] = [];
  const result: OpenLoopResult = {
    rate,
    sent: 0,
    kept: 0,
    shed: 0,
    other: 0,
    errors: 0,
    p50: 0,
    p99: 0,
    max: 0,
    p99Kept: 0,
    p99Shed: 0,
    otherStatuses: {},
    errorCauses: {},
    keptIds: [],
    shedIds: [],
  };
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  const fire = (due: number, i: number) => {
    const key = randomUUID();
    result.sent += 1;
    inFlight.push(
      fetch(url, {
        method: "POST",
        headers: {
          Origin: OPEN_LOOP_SITE,
          "Content-Type": "application/json",
          "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ ...message, fillToken: nextToken(), idempotencyKey: key }),
        signal: AbortSignal.timeout(30_000),
      }).then(
        async (answer) => {
          await answer.arrayBuffer();
          const latency = performance.now() - due;
          latencies.push(latency);
          if (answer.status === 202) {
            keptLatencies.push(latency);
            result.kept += 1;
            result.keptIds.push(messageIdOf(key));
          } else if (answer.status === 503) {
            shedLatencies.push(latency);
            result.shed += 1;
            result.shedIds.push(messageIdOf(key));
          } else {
            result.other += 1;
            result.otherStatuses[answer.status] = (result.otherStatuses[answer.status] ?? 0) + 1;
          }
        },
        (error: Error & { cause?: { code?: string } }) => {
          const cause = error.name === "TimeoutError" ? "timeout" : (error.cause?.code ?? error.name);
          result.errorCauses[cause] = (result.errorCauses[cause] ?? 0) + 1;
          result.errors += 1;
          latencies.push(performance.now() - due);
        },
      ),
    );
  };
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out at once: a slow tick never thins the schedule.
    while (next < total && start + (next * 1000) / rate <= now) {
      fire(start + (next * 1000) / rate, next);
      next += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  result.p50 = Math.round(percentile(latencies, 50));
  result.p99 = Math.round(percentile(latencies, 99));
  result.max = Math.round(latencies.at(-1) ?? 0);
  result.p99Kept = Math.round(
    percentile(
      keptLatencies.sort((a, b) => a - b),
      99,
    ),
  );
  result.p99Shed = Math.round(
    percentile(
      shedLatencies.sort((a, b) => a - b),
      99,
    ),
  );
  return result;
}
