import { digestOf } from "../../cache/digest.ts";
import { sourceKey } from "../../cache/source-key.ts";
import { readKnownGood, writeKnownGood } from "./known-good.ts";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { type LocatedProblem, problemsOf } from "./html-validator.mjs";
import { type ChromeMemo, lineAndColumn, type PageParts, pageOffset, pageParts } from "./page-parts.ts";
import { ownCopy } from "../html/own-copy.ts";
import { HTML_VALIDATE_CONFIG, type ValidationProblem, validatorHere } from "./validate.ts";

/** Below this many documents, starting threads (about 0.5 s each to load and compile html-validate) costs more than it saves. */
const THREAD_THRESHOLD = 150;

/** What a cached pass vouches for besides the document: html-validate's version, its configuration and the split. */
const CHECK_KEY = sourceKey({
  sources: [new URL("./page-parts.ts", import.meta.url)],
  packages: ["html-validate"],
  from: import.meta.url,
  values: [HTML_VALIDATE_CONFIG],
});
/** A document that passed once passes again while its bytes and CHECK_KEY stay the same. */
const cacheKey = (kind: "page" | "part", html: string) =>
  digestOf(`${CHECK_KEY}${kind}${html}`, "base64url").slice(0, 32);

export interface ValidationRun {
  problems: ValidationProblem[];
  /** Documents html-validate read this time, and pages known to be valid from an earlier build. */
  validated: number;
  cached: number;
  /** Of the pages read, those validated whole (one per kind of chrome, and pages that cannot be split). */
  whole: number;
}

/**
 * A page as planned: which document of it html-validate reads (the page whole, or its own part), that
 * document's key, and the document itself while it waits to be validated.
 */
interface Job {
  file: string;
  /** Where a part's pieces are in the page, to report its problems there; none for a page validated whole. */
  parts?: Placed;
  key: string;
  document?: string;
}

type Pending = Job & { document: string };

/** Documents handed to a thread at a time: small enough that a thread never waits long for the next. */
const BATCH = 16;

async function inThisThread(documents: Pending[]): Promise<LocatedProblem[][]> {
  if (documents.length === 0) return [];
  const validator = await validatorHere();
  const found: LocatedProblem[][] = [];
  // One after the other: started all at once, every parsed document would be held at the same time.
  for (const { document, file } of documents) found.push(await problemsOf(validator, document, file));
  return found;
}

/** A validation thread, loading html-validate from the moment it is made; `ended` says why it stopped. */
interface Thread {
  worker: Worker;
  ended: Promise<Error>;
}

function validationThread(): Thread {
  const worker = new Worker(new URL("./validate-worker.mjs", import.meta.url), {
    workerData: { config: HTML_VALIDATE_CONFIG },
  });
  // Heard from the start: a thread that fails before its first batch must fail that batch, not the process.
  const ended = new Promise<Error>((resolve) => {
    worker.once("error", resolve);
    worker.once("exit", (code) =>
      resolve(new Error(`a validation thread stopped before answering (exit code ${code})`)),
    );
  });
  return { worker, ended };
}

/**
 * A validation thread started ahead of the pages, so that html-validate loads (about 0.3 s) on another core while
 * this one reads and renders: an incremental build's few pages are then validated there alone. Ended by `close`.
 */
export class ValidationThread {
  readonly thread = validationThread();
  close(): Promise<number> {
    return this.thread.worker.terminate();
  }
}

/**
 * Each thread takes the next batch when it is done with one: the `started` thread and `threads - 1` worker
 * threads in all, each with its own html-validate (about 100 MB), no more than there are cores. This thread
 * takes batches too when there are many (it would only wait otherwise), or when no thread was started ahead.
 */
async function inThreads(
  pending: Pending[],
  threads: number,
  started?: ValidationThread,
  early: Thread[] = [],
): Promise<{ job: Pending; problems: LocatedProblem[] }[]> {
  const workers: Thread[] = [...early];
  const found: { job: Pending; problems: LocatedProblem[] }[] = [];
  let next = 0;
  const take = () => {
    const batch = pending.slice(next, next + BATCH);
    next += batch.length;
    return batch;
  };
  const record = (batch: Pending[], problems: LocatedProblem[][]) => {
    for (const [index, job] of batch.entries()) found.push({ job, problems: problems[index] ?? [] });
  };
  // Two batches in flight to each thread: it starts the next the moment it answers one, while this thread, busy
  // with a batch of its own, has not yet read the answer.
  const viaWorker = ({ worker, ended }: Thread) =>
    new Promise<void>((resolve, reject) => {
      const inFlight = new Map<number, Pending[]>();
      let sent = 0;
      let done = false;
      ended.then((error) => done || reject(error));
      const send = () => {
        const batch = take();
        if (batch.length === 0) return;
        inFlight.set(sent, batch);
        worker.postMessage({ id: sent++, documents: batch.map(({ file, document }) => ({ file, html: document })) });
      };
      const answered = ({ id, problems }: { id: number; problems: LocatedProblem[][] }) => {
        record(inFlight.get(id) ?? [], problems);
        inFlight.delete(id);
        send();
        if (inFlight.size > 0) return;
        done = true;
        worker.off("message", answered);
        resolve();
      };
      send();
      send();
      if (inFlight.size === 0) {
        done = true;
        return resolve();
      }
      worker.on("message", answered);
    });
  // `threads` is 1 below the threshold (validatePages): then the thread started ahead, if any, takes them alone.
  const here = !started || threads > 1;
  const more = Math.max(0, threads - (here ? 1 : 0) - (started ? 1 : 0));
  while (workers.length < more) workers.push(validationThread());
  try {
    const answered = [...(started ? [started.thread] : []), ...workers].map(viaWorker);
    // Handled from now on: a thread that fails while this one validates must not be an unhandled rejection.
    const allAnswered = Promise.all(answered);
    allAnswered.catch(() => undefined);
    for (let batch = here ? take() : []; batch.length > 0; batch = take()) {
      record(batch, await inThisThread(batch));
      // A turn of the event loop, so that a worker's answer is read and it gets its next batch at once.
      await new Promise(setImmediate);
    }
    await allAnswered;
    return found;
  } finally {
    // Every thread started here has ended when validation returns, also when one of them failed: none outlives the build.
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }
}

/** Where a part's pieces came from: numbers only (its strings are slices that would hold the whole page). */
type Placed = Pick<PageParts, "pieces" | "seam">;

/** A document's problems at the page's own lines and columns: a part's are mapped back through the page's split. */
function onPage(page: string, parts: Placed | undefined, problems: LocatedProblem[]): ValidationProblem[] {
  return problems.map(({ offset, ...problem }) =>
    parts ? { ...problem, ...lineAndColumn(page, pageOffset(parts, offset)) } : problem,
  );
}

/**
 * One page whose chrome is known to pass (npm run dev: the page it replaces had the same chrome, see
 * page-parts.ts): only its own part is validated, with the same stand-ins and the per-page values that
 * differ from the known page's; problems at the page's lines.
 */
export async function validatePageAgainst(html: string, file: string, known: string): Promise<ValidationProblem[]> {
  const facts: ChromeMemo = new Map();
  const reference = pageParts(known, undefined, facts);
  const split = pageParts(html, (key) => (key === reference?.chromeKey ? reference.valued : undefined), facts);
  const parts = split?.document === undefined ? undefined : split;
  const [found = []] = await inThisThread([{ file, parts, key: "", document: parts?.document ?? html }]);
  return onPage(html, parts, found);
}

/**
 * What each page needs validated. The first page of each kind of chrome (head, header and footer alike but
 * for their per-page values, see page-parts.ts) is validated whole, which checks that chrome with a real
 * page's content in it; every other page with that chrome gets its own part validated, with stand-ins for
 * the chrome's ids, headings and landmarks, so a clash across the seam is still found, inside the chrome's
 * elements open around <main>, and with its per-page values that differ from the whole page's. So every
 * byte of every page is validated, the chrome's once per kind. Only the documents not known to pass are
 * kept, each as a string of its own: a part made of slices would hold its whole page.
 */
function plan(outDir: string, files: string[], known: Set<string>): Job[] {
  // Each kind's per-page values as its page validated whole has them.
  const chromes = new Map<string, string[]>();
  const facts: ChromeMemo = new Map();
  return files.map((file) => {
    const html = readFileSync(join(outDir, file), "utf8");
    const split = pageParts(html, (key) => chromes.get(key), facts);
    const document = split?.document ?? html;
    const parts = split?.document === undefined ? undefined : { pieces: split.pieces, seam: split.seam };
    if (split && !chromes.has(split.chromeKey)) chromes.set(split.chromeKey, split.valued.map(ownCopy));
    const key = cacheKey(parts ? "part" : "page", document);
    return known.has(key) ? { file, parts, key } : { file, parts, key, document: ownCopy(document) };
  });
}

/**
 * Every written page is validated, every time, unless the very same document already passed in an earlier
 * build (the cache holds only documents that passed, keyed by their content, html-validate's version, its
 * configuration and the split). Many documents are split over this thread and worker threads, one per core.
 */
export async function validatePages(
  outDir: string,
  files: string[],
  {
    cacheFile,
    threads = availableParallelism(),
    some = false,
    started,
  }: {
    cacheFile?: string;
    threads?: number;
    /** A thread started ahead (ValidationThread), counted among `threads`; its owner ends it. */
    started?: ValidationThread;
    /** Only some of the site's pages (an incremental build): the cache keeps what it knew of the others. */
    some?: boolean;
  } = {},
): Promise<ValidationRun> {
  const known = readKnownGood(cacheFile);
  // Nothing known to pass (a cold build) and many pages: every page will be read, so the worker threads start now
  // and load html-validate on the other core while this one reads and splits the pages.
  const early =
    known.size === 0 && files.length >= THREAD_THRESHOLD
      ? Array.from({ length: Math.max(0, threads - 1 - (started ? 1 : 0)) }, validationThread)
      : [];
  let jobs: Job[];
  try {
    jobs = plan(outDir, files, known);
  } catch (error) {
    await Promise.all(early.map(({ worker }) => worker.terminate()));
    throw error;
  }
  const pending = jobs.filter((job): job is Pending => job.document !== undefined);
  const found = await inThreads(pending, pending.length >= THREAD_THRESHOLD ? threads : 1, started, early);
  // In the pages' order, whichever thread found them.
  const order = new Map(files.map((file, index) => [file, index]));
  const problems = found
    .sort((a, b) => (order.get(a.job.file) ?? 0) - (order.get(b.job.file) ?? 0))
    .flatMap(({ job, problems }) =>
      onPage(problems.length === 0 ? "" : readFileSync(join(outDir, job.file), "utf8"), job.parts, problems),
    );
  if (cacheFile) {
    const failed = new Set(problems.map((problem) => problem.file));
    const passed = jobs.filter((job) => !failed.has(job.file)).map((job) => job.key);
    // Only this build's pages: the cache never grows past the site (an incremental build's few are added).
    writeKnownGood(cacheFile, some ? new Set([...known, ...passed]) : passed);
  }
  return {
    problems,
    validated: pending.length,
    cached: jobs.length - pending.length,
    whole: pending.filter((job) => !job.parts).length,
  };
}
