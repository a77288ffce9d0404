import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../../support/content.ts";

const work = mkdtempSync(join(tmpdir(), "lastmod-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The sitemap's <lastmod> of each URL path (undefined where an entry has none). */
function lastmods(outDir: string): Record<string, string | undefined> {
  const xml = readFileSync(join(outDir, "sitemap.xml"), "utf8");
  return Object.fromEntries(
    [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((entry) => {
      const body = entry[1] ?? "";
      return [
        /<loc>https:\/\/[^/]+([^<]*)<\/loc>/.exec(body)?.[1] ?? "",
        /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1],
      ];
    }),
  );
}

/** A commit in `repo` at a given date, as the committer's clock says. */
function commitAt(repo: string, date: string, message: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync("git", ["add", "-A"], { cwd: repo, env });
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", message], {
    cwd: repo,
    env,
  });
}

describe("the sitemap's <lastmod>", () => {
  it("is each page's last commit (its own content files only), never before its front matter's date", async () => {
    const repo = join(work, "repo");
    cpSync("content", join(repo, "content"), { recursive: true });
    execFileSync("git", ["init", "-q"], { cwd: repo });
    commitAt(repo, "2026-01-10T10:00:00+01:00", "content");
    const privacy = join(repo, "content/en/pages/privacy.md");
    writeFileSync(privacy, `${readFileSync(privacy, "utf8")}\nOne more sentence.\n`);
    commitAt(repo, "2026-12-01T08:30:00+00:00", "privacy policy");
    // The shared header and footer change every page's HTML, but no page's content.
    const common = join(repo, "content/en/common.yaml");
    writeFileSync(common, readFileSync(common, "utf8").replace(/tagline: .*/, "tagline: A new tagline."));
    commitAt(repo, "2026-12-05T12:00:00+00:00", "footer");

    const outDir = join(work, "git-out");
    // The build's day after every commit: a commit dated later than it would count as that day (issue 46).
    await build({ contentDir: join(repo, "content"), outDir, today: "2026-12-10" });
    const dates = lastmods(outDir);
    expect(dates["/datenschutz"]).toBe("2026-12-01T08:30:00Z");
    expect(dates["/de/datenschutz"]).toBe("2026-01-10T09:00:00Z");
    expect(dates["/"]).toBe("2026-01-10T09:00:00Z");
    expect(dates["/impressum"]).toBe("2026-01-10T09:00:00Z");
    // Dated in the front matter after its commit: the page's date wins.
    expect(dates["/insights/rag-agents"]).toBe("2026-11-09T00:00:00Z");
    expect(Object.values(dates).every((date) => date !== undefined)).toBe(true);
  });

  it("outside git, is the front matter's date where there is one, and absent rather than guessed elsewhere", async () => {
    const copy = copyOfContent();
    try {
      const outDir = join(work, "plain-out");
      await build({ contentDir: copy.dir, outDir });
      const dates = lastmods(outDir);
      expect(dates["/insights/chatbot-roi"]).toBe("2026-11-16T00:00:00Z");
      expect(dates["/de/einblicke/rag-agenten"]).toBe("2026-11-09T00:00:00Z");
      expect(dates["/datenschutz"]).toBeUndefined();
      expect(dates["/"]).toBeUndefined();
      expect(readFileSync(join(outDir, "sitemap.xml"), "utf8")).not.toContain("<lastmod></lastmod>");
    } finally {
      copy.cleanup();
    }
  });
});
