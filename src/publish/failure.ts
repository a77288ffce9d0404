/**
 * A step of a publish that failed, said in the one line cron mails and a systemd unit's status shows: what failed
 * and why, never a stack trace (the whole output of every step is in the run's log, log.ts).
 */
export class PublishFailure extends Error {}

/**
 * A command's output as one line: its first error (git's "fatal:" or "error:" line, else the first line), with
 * the line it introduces where it ends in a colon (the build's "Content problems (…):"), and how many lines more
 * there are. Hints and blank lines are left out.
 */
export function oneLine(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("hint:") && !line.startsWith(">"));
  if (lines.length === 0) return "no output";
  let at = lines.findIndex((line) => /^(fatal|error)\b/i.test(line));
  if (at < 0) at = 0;
  let line = lines[at] ?? "";
  let used = 1;
  const next = lines[at + 1];
  if (line.endsWith(":") && next !== undefined) {
    line = `${line} ${next}`;
    used = 2;
  }
  const more = lines.length - at - used;
  return more > 0 ? `${line} (and ${more} more ${more === 1 ? "line" : "lines"})` : line;
}
