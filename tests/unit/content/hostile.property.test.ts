/**
 * Random front matter and random file names into the real loader: whatever an author or an attacker
 * writes, the result is content or a list of refusals, each naming a content file (with a line where the
 * problem has one), never an uncaught exception, a stack trace or a path of the build machine.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { copyOfContent } from "../../support/content.ts";

const copy = copyOfContent();
afterAll(() => copy.cleanup());
const PAGE = "en/pages/privacy.md";
const original = readFileSync(join(copy.dir, PAGE), "utf8");
const body = original.replace(/^---\n[\s\S]*?\n---\n/, "");

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "../../../../etc/passwd",
    "./x.png",
    "%2e%2e/x.png",
    "assets/x",
    "de/x",
    "404",
    "0000-01-01",
    "2026-02-30",
    "\ufffe",
    "\u202e",
    "<script>",
    "{{legal.ceo}}",
    "*a ".repeat(500),
    "&a [*a]",
    "- ".repeat(100),
  ),
);
const key = fc.constantFrom(
  "title",
  "description",
  "slug",
  "date",
  "summary",
  "image",
  "imageAlt",
  "toc",
  "draft",
  "nav",
  "colour",
  "author",
  "linkPreview",
);
const frontMatter = fc.dictionary(key, fc.oneof(hostileText, fc.boolean(), fc.integer(), fc.constant(null)), {
  maxKeys: 6,
});
const fileName = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9 ._Ü-]{1,20}$/),
  fc.constantFrom("feed.xml", "sitemap.xml", "404", "assets/x", "Über Uns", "index", "a/index", ".hidden", "x..y"),
);

/** Every message names a content file first, and nothing of the machine. */
function expectAuthorMessages(error: unknown): void {
  if (!(error instanceof ContentErrors)) throw error;
  for (const message of error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"))) {
    expect(message).toMatch(/^content\/(site\.yaml|impressum\.md|(en|de)\/[^:]+)(:\d+(:\d+)?)?: /);
    expect(message).not.toMatch(/\n\s+at |\/tmp\/|\/work\/|node_modules/);
  }
}

describe("random hostile content into the loader", () => {
  it("random front matter: content or refusals naming the file, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(frontMatter, async (meta) => {
        const yaml = Object.entries(meta)
          .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
          .join("\n");
        writeFileSync(join(copy.dir, PAGE), `---\n${yaml}\n---\n${body}`);
        await loadContent(copy.dir).catch((error: unknown) => {
          expectAuthorMessages(error);
        });
      }),
      { numRuns: 40 },
    );
    writeFileSync(join(copy.dir, PAGE), original);
  });

  it("random file names under pages/: content or refusals naming the file, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fileName, async (name) => {
        const paths = ["en", "de"].map((lang) => join(copy.dir, lang, "pages", `${name}.md`));
        for (const path of paths) {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, original.replace(/^slug: .*\n/m, ""));
        }
        await loadContent(copy.dir)
          .catch((error: unknown) => {
            expectAuthorMessages(error);
          })
          .finally(() => {
            for (const path of paths) rmSync(path, { force: true });
          });
      }),
      { numRuns: 30 },
    );
  });
});
