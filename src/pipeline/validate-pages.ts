import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { createValidator, type LocatedProblem, problemsOf } from "./html-validator.mjs";
import { lineAndColumn, type PageParts, pageOffset, pageParts } from "./page-parts.ts";
import { HTML_VALIDATE_CONFIG, type ValidationProblem } from "./validate.ts";

/** Below this many documents, starting threads (about 0.5 s each to load and compile html-validate) costs more than it saves. */
const THREAD_THRESHOLD = 150;

const validatorVersion = (JSON.parse(readFileSync(join("node_modules", "html-validate", "package.json"), "utf8")) as { version: string }).version;
/** How pages are split is part of what a cached pass vouches for. */
const splitter = readFileSync(new URL("./page-parts.ts", import.meta.url), "utf8");
/** A document that passed once passes again while its bytes, html-validate, its configuration and the split stay the same. */
const cacheKey = (kind: "page" | "part", html: string) =>
  createHash("sha256").update(validatorVersion).update(JSON.stringify(HTML_VALIDATE_CONFIG)).update(splitter).update(kind).update(html).digest("base64url").slice(0, 32);

export interface ValidationRun {
  problems: ValidationProblem[];
  /** Documents html-validate read this time, and pages known to be valid from an earlier build. */
  validated: number;
  cached: number;
  /** Of the pages read, those validated whole (one per kind of chrome, and pages that cannot be split). */
  whole: number;
}

interface Job {
  file: string;
  /** The page itself, or its own part as a document of its own (see page-parts.ts). */
  document: string;
  key: string;
  page: string;
  parts?: PageParts;
}

function readCache(file: string | undefined): Set<string> {
  if (!file) return new Set();
  try {
    return new Set(JSON.parse(readFileSync(file, "utf8")) as string[]);
  } catch {
    return new Set();
  }
}

let local: ReturnType<typeof createValidator> | undefined;

async function inThisThread(jobs: Job[]): Promise<LocatedProblem[][]> {
  local ??= createValidator(HTML_VALIDATE_CONFIG);
  const found: LocatedProblem[][] = [];
  // One page after the other: started all at once, every page's parsed document would be held at the same time.
  for (const job of jobs) found.push(await problemsOf(local, job.document, job.file));
  return found;
}

/**
 * Split over `threads`: this thread takes one share itself (it would only wait otherwise), worker threads the
 * others. Each thread holds its own html-validate (about 100 MB): no more of them than there are cores.
 */
async function inThreads(jobs: Job[], threads: number): Promise<LocatedProblem[][]> {
  const batches = Array.from({ length: threads }, (_, index) => jobs.map((_, position) => position).filter((position) => position % threads === index));
  const workers: Worker[] = [];
  const found: LocatedProblem[][] = new Array(jobs.length);
  const [own = [], ...others] = batches;
  try {
    const answered = others.map(
      (batch) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL("./validate-worker.mjs", import.meta.url), { workerData: { config: HTML_VALIDATE_CONFIG } });
          workers.push(worker);
          worker.once("error", reject);
          worker.once("exit", (code) => reject(new Error(`a validation thread stopped before answering (exit code ${code})`)));
          worker.once("message", ({ problems }: { problems: LocatedProblem[][] }) => {
            batch.forEach((position, index) => {
              found[position] = problems[index] ?? [];
            });
            resolve();
          });
          worker.postMessage({ id: 0, documents: batch.map((position) => ({ file: jobs[position]?.file, html: jobs[position]?.document })) });
        }),
    );
    // Handled from now on: a thread that fails while this one validates must not be an unhandled rejection.
    const allAnswered = Promise.all(answered);
    allAnswered.catch(() => undefined);
    const mine = await inThisThread(own.map((position) => jobs[position] as Job));
    own.forEach((position, index) => {
      found[position] = mine[index] ?? [];
    });
    await allAnswered;
    return found;
  } finally {
    // Every thread has ended when validation returns, also when one of them failed: none outlives the build.
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** A problem of a page's own part, at the page's line and column. */
function onPage(job: Job, { offset, ...problem }: LocatedProblem): ValidationProblem {
  if (!job.parts) return problem;
  return { ...problem, ...lineAndColumn(job.page, pageOffset(job.parts, offset)) };
}

/**
 * One page whose chrome is known to pass (npm run dev: the page it replaces had the same chrome, see
 * page-parts.ts): only its own part is validated, with the same stand-ins; problems at the page's lines.
 */
export async function validatePageAgainst(html: string, file: string, known: string): Promise<ValidationProblem[]> {
  const parts = pageParts(html);
  const job: Job = parts && parts.chromeKey === pageParts(known)?.chromeKey ? { file, document: parts.document, key: "", page: html, parts } : { file, document: html, key: "", page: html };
  const [found = []] = await inThisThread([job]);
  return found.map((problem) => onPage(job, problem));
}

/**
 * What each page needs validated. The first page of each kind of chrome (head, header and footer alike but
 * for their per-page values, see page-parts.ts) is validated whole, which checks that chrome with a real
 * page's content in it; every other page with that chrome gets its own part validated, with stand-ins for
 * the chrome's ids, headings and landmarks, so a clash across the seam is still found.
 */
function plan(pages: { file: string; html: string }[]): Job[] {
  const chromes = new Set<string>();
  return pages.map(({ file, html }) => {
    const parts = pageParts(html);
    if (!parts || !chromes.has(parts.chromeKey)) {
      if (parts) chromes.add(parts.chromeKey);
      return { file, document: html, key: cacheKey("page", html), page: html };
    }
    return { file, document: parts.document, key: cacheKey("part", parts.document), page: html, parts };
  });
}

/**
 * Every written page is validated, every time, unless the very same document already passed in an earlier
 * build (the cache holds only documents that passed, keyed by their content, html-validate's version, its
 * configuration and the split). Many documents are split over this thread and worker threads, one per core.
 */
export async function validatePages(outDir: string, files: string[], { cacheFile, threads = availableParallelism() }: { cacheFile?: string; threads?: number } = {}): Promise<ValidationRun> {
  const known = readCache(cacheFile);
  const jobs = plan(files.map((file) => ({ file, html: readFileSync(join(outDir, file), "utf8") })));
  const pending = jobs.filter((job) => !known.has(job.key));
  const found = pending.length >= THREAD_THRESHOLD && threads > 1 ? await inThreads(pending, threads) : await inThisThread(pending);
  const problems = pending.flatMap((job, index) => (found[index] ?? []).map((problem) => onPage(job, problem)));
  if (cacheFile) {
    const failed = new Set(problems.map((problem) => problem.file));
    const passed = jobs.filter((job) => !failed.has(job.file)).map((job) => job.key);
    mkdirSync(dirname(cacheFile), { recursive: true });
    // Only this build's pages: the cache never grows past the site.
    writeFileSync(cacheFile, JSON.stringify(passed));
  }
  return { problems, validated: pending.length, cached: jobs.length - pending.length, whole: pending.filter((job) => !job.parts).length };
}
