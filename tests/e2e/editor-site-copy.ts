import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// The editor tests' copy of the site and their one wait, without Playwright: the WebKit tests (tests/webkit/,
// selenium-webdriver) use them too.

/**
 * How long the editor specs wait for a condition: the editor's screen, a field's value, a saved file, the dev
 * server's build after a save. Each is a condition met within a second or two on a quiet machine; beside the other
 * editor specs at a load average of 20 on two cores (helpers beside CI), a sign-in and a save's build each took
 * over 30 s, and in stop 60's CI run an opened entry's phone field took over Playwright's 5 s. A wait only ends
 * early, so a generous bound costs a passing run nothing.
 */
export const EDITOR_WAIT = 90_000;

/** A temporary copy of the site for npm run dev to work on, and a browser profile that outlives a session. */
export type Workspace = {
  site: string;
  profile: string;
  /** A file of the copy, as the editor saved it. */
  read: (file: string) => string;
  remove: () => void;
};

export function workspace(name: string): Workspace {
  const site = mkdtempSync(join(tmpdir(), `${name}-site-`));
  const profile = mkdtempSync(join(tmpdir(), `${name}-profile-`));
  for (const entry of ["content", "src", "tsconfig.json", "package.json"])
    cpSync(entry, join(site, entry), { recursive: true });
  symlinkSync(resolve("node_modules"), join(site, "node_modules"));
  return {
    site,
    profile,
    read: (file) => readFileSync(join(site, file), "utf8"),
    remove: () => {
      rmSync(site, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
