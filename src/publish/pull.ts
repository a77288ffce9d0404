import { existsSync, readFileSync, rmSync } from "node:fs";
import { writeFileAtomic } from "../cache/atomic.ts";
import { join, relative, resolve } from "node:path";
import { PUBLISHED_FILE } from "../content/rules/published.ts";
import type { PublishLog } from "./log.ts";
import { run } from "./run.ts";
import { additionsOf, parseList, withAdditions } from "./server-record.ts";

/** Where the server's additions wait while the pull runs: in the git folder, outside the work tree. */
const WAITING = "leap-ai-published-additions.yaml";

/** git, never asking for anything on a terminal that a timer does not have. */
const QUIET_GIT = { GIT_TERMINAL_PROMPT: "0", GIT_MERGE_AUTOEDIT: "no" };

const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");

/**
 * `git pull --ff-only` of the repository holding `contentDir`, which the server's own builds never block.
 * A live build adds the addresses it publishes to content/published.yaml without committing it, and the daily
 * workflow commits the same file: git would refuse the pull ("Your local changes … would be overwritten").
 * So the server's additions (its file's lines that the checked-out commit lacks) are kept in the git folder,
 * the file is reset to the commit, the pull fast-forwards, and the additions go back into the pulled file
 * where it lacks them. Anything else changed on the server still stops the pull, as it should.
 * Returns the commits before and after.
 */
export function pullKeepingServerAddresses(contentDir: string, log: PublishLog): { before: string; after: string } {
  const git = (what: string, ...args: string[]) => run(what, "git", args, { cwd: top, log, env: QUIET_GIT }).trim();
  const top = run("git pull", "git", ["rev-parse", "--show-toplevel"], { cwd: contentDir, log }).trim();
  const file = join(resolve(contentDir), PUBLISHED_FILE);
  const inRepo = relative(top, file).split("\\").join("/");
  const waiting = resolve(top, git("git pull", "rev-parse", "--git-path", WAITING));
  const before = git("git pull", "rev-parse", "HEAD");
  const tracked = git("git pull", "ls-files", "--", inRepo) !== "";
  // As committed, byte for byte (git() trims).
  const base = tracked ? run("git pull", "git", ["show", `HEAD:${inRepo}`], { cwd: top, log }) : "";
  const ours = read(file);
  // Additions a run that stopped half-way left waiting are the server's too.
  const additions = new Map([...parseList(read(waiting)), ...additionsOf(base, ours)]);
  if (additions.size > 0) writeFileAtomic(waiting, withAdditions("", additions));
  if (ours !== base) {
    if (tracked) git("git pull", "checkout", "HEAD", "--", inRepo);
    else rmSync(file, { force: true });
  }
  try {
    git("git pull", "pull", "--ff-only", "--quiet");
  } finally {
    const theirs = read(file);
    const merged = withAdditions(theirs, additions);
    if (merged !== theirs) writeFileAtomic(file, merged);
    rmSync(waiting, { force: true });
  }
  return { before, after: git("git pull", "rev-parse", "HEAD") };
}
