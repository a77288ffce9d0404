import { appendFileSync, writeFileSync } from "node:fs";

/**
 * The whole output of one publish (git's, the build's, the reload's), in a file beside the releases: the one line
 * a failure prints says what failed, this says everything. Each run starts it afresh.
 */
export class PublishLog {
  constructor(
    readonly path: string,
    now = new Date(),
  ) {
    writeFileSync(path, `npm run publish, ${now.toISOString()}\n`);
  }

  write(text: string): void {
    if (text === "") return;
    appendFileSync(this.path, text.endsWith("\n") ? text : `${text}\n`);
  }
}
