import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startDevServer } from "../../../src/dev/server.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import { freePort } from "../../support/free-port.ts";

// Issue 55: a save of one page's text is worked on that page alone. Counted, not timed: the real dev server on a
// temporary copy of the site, its real build worker, and V8's own call counts in that worker (precise coverage over
// the inspector), from the save until the page's search text is written, the last thing a save does.
let site = "";
let dev: Awaited<ReturnType<typeof startDevServer>>;
let inspector: WebSocket;
const printed: string[] = [];

let nextId = 0;
function call<T = unknown>(method: string, params: object = {}): Promise<T> {
  const id = ++nextId;
  return new Promise((resolvePromise, reject) => {
    const onMessage = (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: T; error?: { message: string } };
      if (message.id !== id) return;
      inspector.removeEventListener("message", onMessage);
      if (message.error) reject(new Error(message.error.message));
      else resolvePromise(message.result as T);
    };
    inspector.addEventListener("message", onMessage);
    inspector.send(JSON.stringify({ id, method, params }));
  });
}

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/** How often each function of the site's code ran since the last call: "src/routes/tags.ts collectTags" -> count. */
async function callsSinceLast(): Promise<Map<string, number>> {
  const { result } = await call<Coverage>("Profiler.takePreciseCoverage");
  const counts = new Map<string, number>();
  for (const script of result) {
    const at = script.url.indexOf("/src/");
    if (at < 0 || script.url.includes("node_modules")) continue;
    for (const fn of script.functions) {
      const key = `${script.url.slice(at + 1)} ${fn.functionName}`;
      counts.set(key, (counts.get(key) ?? 0) + (fn.ranges[0]?.count ?? 0));
    }
  }
  return counts;
}

async function until(condition: () => boolean, what: string, timeout = 120_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}; the dev server printed:\n${printed.join("\n")}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), "save-work-"));
  for (const entry of ["content", "src", "tsconfig.json", "package.json"])
    cpSync(entry, join(site, entry), { recursive: true });
  symlinkSync(resolve("node_modules"), join(site, "node_modules"));
  const port = await freePort();
  // The build worker inherits the environment the dev server forks it with: it listens for an inspector.
  const options = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${options ?? ""} --inspect=127.0.0.1:${port}`.trim();
  try {
    dev = await startDevServer({ cwd: site, port: 0, log: (line) => void printed.push(line) });
  } finally {
    if (options === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = options;
  }
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  inspector = new WebSocket(target?.webSocketDebuggerUrl ?? "");
  await new Promise((opened, failed) => {
    inspector.addEventListener("open", opened);
    inspector.addEventListener("error", failed);
  });
  await call("Profiler.enable");
  await call("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
}, 300_000);

afterAll(async () => {
  inspector?.close();
  await dev?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

it("a save of one article's text renders, checks and indexes that article alone: no other page's feed entry, no site-wide tags", async () => {
  const file = join(site, "content/en/pages/insights/rag-agents.md");
  const text = join(site, ".dev-dist", SEARCH_INDEX.textFile("/insights/rag-agents"));
  expect(existsSync(text)).toBe(true);
  await callsSinceLast();
  const rebuilt = printed.filter((line) => line.startsWith("✓ rebuilt")).length;
  writeFileSync(file, `${readFileSync(file, "utf8")}\nA sentence added by the test: Zählwerkprobe.\n`);
  await until(() => printed.filter((line) => line.startsWith("✓ rebuilt")).length > rebuilt, "the rebuild");
  expect(printed.filter((line) => line.startsWith("✓ rebuilt")).at(-1)).toContain("one page");
  // The search text is written after the page is shown: the save's work ends with it.
  await until(() => readFileSync(text, "utf8").includes("Zählwerkprobe"), "the page's search text");
  const calls = await callsSinceLast();
  const count = (name: string) => calls.get(name) ?? 0;
  // Worked out for each page the save reaches; the messages say which when one fails.
  const reached = Object.fromEntries(
    ["renderRoute", "pageEntry", "feedHtml", "collectTags"].map((name) => [
      name,
      [...calls].filter(([key, n]) => key.endsWith(` ${name}`) && n > 0),
    ]),
  );

  // The saved page, once each: rendered, indexed for search, its feed entry made (functions that do not await:
  // V8 counts an async function's every resumption as a call).
  expect(count("src/pipeline/render/pages.ts renderRoute"), JSON.stringify(reached)).toBe(1);
  expect(count("src/search/index-builder.ts pageEntry"), JSON.stringify(reached)).toBe(1);
  expect(count("src/pipeline/render/feeds.ts feedHtml"), JSON.stringify(reached)).toBe(1);
  // Its section's other articles are in the same feed: their entries, unchanged, are not made again.
  const feed = readFileSync(join(site, ".dev-dist/insights/feed.xml"), "utf8");
  expect(feed.match(/<entry>/g)?.length).toBeGreaterThan(1);
  // Nothing other pages see changed (the reuse rule): the site's tags and routes are not worked out again.
  expect(count("src/routes/tags.ts collectTags"), JSON.stringify(reached)).toBe(0);
}, 300_000);
