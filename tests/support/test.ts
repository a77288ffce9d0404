// npm test: build the site, run the unit tests (vitest) with the WebKit tests beside them (vitest with
// WebKitWebDriver against the built dist/, tests/webkit/), then the browser tests in Chromium and Firefox
// (Playwright), and end with one plain summary line.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { CHROMIUM_PATH, CHROMIUM_SHELL_PATH, missingShell, runnable } from "../e2e/browser.ts";
import { missingWebKitTools } from "../webkit/tools.ts";
import { freePort } from "./free-port.ts";

function missingChromium(): string | undefined {
  if (runnable(CHROMIUM_PATH)) return undefined;
  return `npm test needs Chromium at ${CHROMIUM_PATH}: install it with \`sudo apt-get install chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH=/path/to/a/chromium-based/browser`;
}

// Without a browser every browser test would fail one by one; say what is missing, on one line, before running anything.
const missing = [missingChromium(), missingWebKitTools()].filter((line) => line !== undefined);
if (missing.length > 0) {
  console.error(missing.join("; and "));
  process.exit(1);
}

// The headless shell only makes the browser tests cheaper: without it they run in Chromium itself, and say so.
if (missingShell())
  console.log(
    `The browser tests run in Chromium itself, about a third slower: Chromium's headless shell is not at ${CHROMIUM_SHELL_PATH} (\`sudo apt-get install chromium-headless-shell\`, or set CHROMIUM_SHELL_PATH)`,
  );

// A fresh port, so a second run or a stray server on the usual one cannot block the browser tests.
const e2ePort = process.env.E2E_PORT ?? String(await freePort());

const env = { ...process.env, E2E_PORT: e2ePort, FORCE_COLOR: process.env.CI ? "0" : "1" };
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

/** A step run beside the others: its output is kept and printed whole when `printed` is called, not interleaved. */
function runBeside(command: string, args: string[]): { printed(): Promise<number> } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  const status = new Promise<number>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
  return {
    async printed() {
      const code = await status;
      process.stdout.write(Buffer.concat(output));
      return code;
    },
  };
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file: string): Counts | undefined {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  // A test that passed only on a retry is a failure: no retry is configured, and none may hide a race.
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky,
    skipped: report.stats.skipped,
  };
}

rmSync("test-results", { recursive: true, force: true });
const buildStatus = run("npm", ["run", "--silent", "build"]);
// WebKit beside the unit tests: its one browser session, one page after another, keeps about one core of the two
// busy, and the unit tests fill the rest (docs/performance.md). Its output follows theirs.
const webkit =
  buildStatus === 0
    ? runBeside("npx", [
        "vitest",
        "run",
        "--config",
        "vitest.webkit.config.ts",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=test-results/webkit.json",
      ])
    : undefined;
const unitStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/unit.json",
]);
const webkitStatus = webkit ? await webkit.printed() : 1;
// The Playwright suite alone: its workers (one more than cores, playwright.config.ts) keep every core busy.
const e2eStatus = buildStatus === 0 ? run("npx", ["playwright", "test"]) : 1;

const parts = [
  vitestCounts("test-results/unit.json"),
  playwrightCounts("test-results/e2e.json"),
  vitestCounts("test-results/webkit.json"),
];
const total = parts.reduce<Counts>(
  (sum, part) => ({
    passed: sum.passed + (part?.passed ?? 0),
    failed: sum.failed + (part?.failed ?? 1),
    skipped: sum.skipped + (part?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
// A step that failed without reporting a failed test (a crash, a broken build) still makes the summary red.
const anyStepFailed = [buildStatus, unitStatus, e2eStatus, webkitStatus].some((status) => status !== 0);
const failed = Math.max(total.failed, anyStepFailed ? 1 : 0);
console.log(`\ntests: ${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exitCode = anyStepFailed ? 1 : 0;
