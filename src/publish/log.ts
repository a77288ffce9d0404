import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

/** How many runs publish.log keeps: a month of nights, to see when something began. */
export const LOG_RUNS = 30;

/** The line each run's part of the log starts with. */
const HEADING = /^npm run publish, \S+$/gm;

/**
 * The whole output of one publish (git's, the build's, the reload's), in a file beside the releases: the one line
 * a failure prints says what failed, this says everything. Each run adds its part; the oldest go, so that the last
 * LOG_RUNS runs stay.
 */
export class PublishLog {
  constructor(
    readonly path: string,
    now = new Date(),
  ) {
    let before = "";
    try {
      before = readFileSync(path, "utf8");
    } catch {
      // the first run
    }
    const starts = [...before.matchAll(HEADING)].map((match) => match.index);
    const kept = starts.length >= LOG_RUNS ? before.slice(starts[starts.length - LOG_RUNS + 1]) : before;
    writeFileSync(path, `${kept}npm run publish, ${now.toISOString()}\n`);
  }

  write(text: string): void {
    if (text === "") return;
    appendFileSync(this.path, text.endsWith("\n") ? text : `${text}\n`);
  }
}
