import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { staleTranslations } from "../../../src/content/rules/translation-status.ts";

// A real git repository holding a copy of content/, changed commit by commit as authors would.
const repo = mkdtempSync(join(tmpdir(), "translations-"));
const git = (...args: string[]) => {
  const result = spawnSync("git", ["-c", "user.name=Author", "-c", "user.email=author@example.org", ...args], {
    cwd: repo,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
};
const commit = (message: string, ...changes: [file: string, line: string][]) => {
  for (const [file, line] of changes) appendFileSync(join(repo, "content", file), line);
  git("add", "-A");
  git("commit", "-q", "-m", message);
};
cpSync("content", join(repo, "content"), { recursive: true });
git("init", "-q");
commit("content as it is");
const { locales } = await loadContent(join(repo, "content"));
const stale = () => staleTranslations(new ContentFolder("content"), locales, repo).map((entry) => entry.translation);
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("npm run check: translations older than their source", () => {
  it("none right after both languages were committed together", () => {
    expect(stale()).toEqual([]);
  });

  it("lists the German file once its English source changes in a later commit, YAML and pages alike", () => {
    commit(
      "English copy edit",
      ["en/home.yaml", "# edited\n"],
      ["en/pages/privacy.md", "\nA new English paragraph.\n"],
    );
    expect(stale()).toEqual(["content/de/home.yaml", "content/de/pages/privacy.md"]);
  });

  it("drops it again once the translation is updated, even within the same second", () => {
    commit("German catches up", ["de/home.yaml", "# bearbeitet\n"]);
    expect(stale()).toEqual(["content/de/pages/privacy.md"]);
  });

  it("a commit that changes both files together leaves the translation current", () => {
    commit("both at once", ["en/pages/privacy.md", "\nMore.\n"], ["de/pages/privacy.md", "\nMehr.\n"]);
    expect(stale()).toEqual([]);
  });
});
