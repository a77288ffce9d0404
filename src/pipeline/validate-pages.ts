import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { HTML_VALIDATE_CONFIG, validateHtml, type ValidationProblem } from "./validate.ts";

/** Below this many pages, starting threads (about 0.5 s each to load and compile html-validate) costs more than it saves. */
const THREAD_THRESHOLD = 150;

const validatorVersion = (JSON.parse(readFileSync(join("node_modules", "html-validate", "package.json"), "utf8")) as { version: string }).version;
/** A page that passed once passes again while its bytes, html-validate and its configuration stay the same. */
const cacheKey = (html: string) =>
  createHash("sha256").update(validatorVersion).update(JSON.stringify(HTML_VALIDATE_CONFIG)).update(html).digest("base64url").slice(0, 32);

export interface ValidationRun {
  problems: ValidationProblem[];
  /** Pages html-validate read this time, and pages known to be valid from an earlier build. */
  validated: number;
  cached: number;
}

function readCache(file: string | undefined): Set<string> {
  if (!file) return new Set();
  try {
    return new Set(JSON.parse(readFileSync(file, "utf8")) as string[]);
  } catch {
    return new Set();
  }
}

async function inThreads(outDir: string, files: string[], threads: number): Promise<ValidationProblem[]> {
  const batches = Array.from({ length: threads }, (_, index) => files.filter((_, position) => position % threads === index));
  const workers: Worker[] = [];
  try {
    const results = await Promise.all(
      batches.map(
        (batch) =>
          new Promise<ValidationProblem[]>((resolve, reject) => {
            const worker = new Worker(new URL("./validate-worker.mjs", import.meta.url), { workerData: { config: HTML_VALIDATE_CONFIG } });
            workers.push(worker);
            worker.once("error", reject);
            worker.once("exit", (code) => reject(new Error(`a validation thread stopped before answering (exit code ${code})`)));
            worker.once("message", ({ problems }: { problems: ValidationProblem[] }) => resolve(problems));
            worker.postMessage({ id: 0, pages: batch.map((file) => ({ file, html: readFileSync(join(outDir, file), "utf8") })) });
          }),
      ),
    );
    return results.flat();
  } finally {
    // Every thread has ended when validation returns, also when one of them failed: none outlives the build.
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * Every written page is validated, every time, unless the very same bytes already passed in an earlier
 * build (the cache holds only pages that passed, keyed by their content, html-validate's version and its
 * configuration). Many uncached pages are split over worker threads, one per core.
 */
export async function validatePages(outDir: string, files: string[], { cacheFile, threads = availableParallelism() }: { cacheFile?: string; threads?: number } = {}): Promise<ValidationRun> {
  const known = readCache(cacheFile);
  const keys = new Map(files.map((file) => [file, cacheKey(readFileSync(join(outDir, file), "utf8"))]));
  const pending = files.filter((file) => !known.has(keys.get(file) ?? ""));
  const problems = pending.length >= THREAD_THRESHOLD && threads > 1 ? await inThreads(outDir, pending, threads) : await validateHtml(outDir, pending);
  if (cacheFile) {
    const failed = new Set(problems.map((problem) => problem.file));
    const passed = files.filter((file) => !failed.has(file)).map((file) => keys.get(file) ?? "");
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Only this build's pages: the cache never grows past the site.
    writeFileSync(cacheFile, JSON.stringify(passed));
  }
  return { problems, validated: pending.length, cached: files.length - pending.length };
}
