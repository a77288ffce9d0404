import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/errors.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../content/temp-content.ts";

// Issue 29, hostile content round four: each finding on a temporary copy of content/, through the real build.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

/** A fresh copy of content/ with `files` written into it (paths relative to content/). */
function contentWith(files: Record<string, string>): ReturnType<typeof copyOfContent> {
  copy = copyOfContent("checks-content-");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(copy.dir, file, ".."), { recursive: true });
    writeFileSync(join(copy.dir, file), text);
  }
  return copy;
}
const outOf = (content: ReturnType<typeof copyOfContent>) => `${content.dir}-dist`;
async function buildOf(content: ReturnType<typeof copyOfContent>, options: { drafts?: boolean } = {}) {
  const outDir = outOf(content);
  const cleanup = content.cleanup;
  content.cleanup = () => {
    cleanup();
    rmSync(outDir, { recursive: true, force: true });
  };
  return build({ contentDir: content.dir, outDir, validationCache: false, ...options });
}
/** The messages a failed build gives, with the temporary folder's name as content/. */
async function failureOf(content: ReturnType<typeof copyOfContent>): Promise<string[]> {
  const name = content.dir.split("/").pop() ?? "";
  return buildOf(content).then(
    () => [],
    (error: unknown) => {
      const messages =
        error instanceof ContentErrors
          ? error.errors.map((e) => e.message)
          : error instanceof OutputError
            ? error.messages
            : [String(error)];
      return messages.map((message) => message.replaceAll(name, "content"));
    },
  );
}
const page = (front: Record<string, string>, body = "Some text.") =>
  `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n\n${body}\n`;

describe("hostile content, round four", () => {
  it("a section with a dated entry in one language only builds: no feed and no feed link where it has none", async () => {
    const content = contentWith({
      "en/pages/probe/index.md": page({ title: "Probe", description: "A section in two languages." }),
      "de/pages/probe/index.md": page({ title: "Prüfung", description: "Ein Bereich.", slug: "pruefung" }),
      "en/pages/probe/added-page.md": page({ title: "Added", description: "Only in English.", date: "2026-11-20" }),
    });
    await buildOf(content);
    const out = outOf(content);
    expect(readFileSync(join(out, "probe/feed.xml"), "utf8")).toContain("<title>Added</title>");
    expect(existsSync(join(out, "de/pruefung/feed.xml"))).toBe(false);
    expect(readFileSync(join(out, "probe.html"), "utf8")).toContain('type="application/atom+xml"');
    expect(readFileSync(join(out, "de/pruefung.html"), "utf8")).not.toContain('type="application/atom+xml"');
  });
});
