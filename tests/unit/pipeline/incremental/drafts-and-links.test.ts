import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../../../src/content/load.ts";
import { build } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";
import { asNpmRunBuild } from "./as-npm-run-build.ts";
import { differences, tree } from "../../../support/tree.ts";

// Issue 57: two ways an incremental build wrote other files than a cold build of the same content. A draft's
// images came back once the draft was taken from the page cache, and a page added as a symbolic link was not
// seen at all ("Nothing changed"). Each case: the incremental dist/ equals a cold one, byte for byte.
let copy: ReturnType<typeof copyOfContent> | undefined;
let work: string | undefined;
afterEach(() => {
  copy?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
  copy = work = undefined;
});

const today = "2026-11-24";

function site() {
  copy = copyOfContent("links-content-");
  work = mkdtempSync(join(tmpdir(), "links-"));
  const content = copy.dir;
  const out = { incremental: join(work, "incremental"), cold: join(work, "cold") };
  const incremental = () =>
    asNpmRunBuild({
      contentDir: content,
      outDir: out.incremental,
      validationCache: join(work ?? "", "validated.json"),
      buildCache: join(work ?? "", "build-cache"),
      today,
    });
  const cold = async () => {
    rmSync(out.cold, { recursive: true, force: true });
    await build({ contentDir: content, outDir: out.cold, validationCache: TEST_VALIDATION_CACHE, today });
    return differences(out.incremental, out.cold);
  };
  return { copy, content, out, incremental, cold };
}

describe("incremental equals cold", () => {
  it("a draft's images stay out after the draft is taken from the page cache (seed 60303)", async () => {
    const { copy, out, incremental, cold } = site();
    // Its tags stay on another page, so that their published list pages still answer while it is a draft.
    copy.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^tags: \[/m, "tags: [ROI, KI-Strategie, "));
    await incremental();
    copy.edit("de/pages/insights/chatbot-roi.md", (text) => text.replace(/^title:/m, "draft: true\ntitle:"));
    await incremental();
    expect(await cold()).toEqual([]);
    copy.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^title: .*$/m, "title: RAG-Agenten neu"));
    await incremental();
    expect(readdirSync(join(out.incremental, "assets")).filter((name) => name.startsWith("chatbot-roi-de"))).toEqual(
      [],
    );
    expect(await cold()).toEqual([]);
  }, 240_000);

  it("a page added as a symbolic link to a page inside content/ (privacy.md, slug datenschutz) is built by both, and follows its file's edits", async () => {
    const { copy, content, out, incremental, cold } = site();
    await incremental();
    symlinkSync("../privacy.md", join(content, "en/pages/insights/privacy-copy.md"));
    await incremental();
    expect(await cold()).toEqual([]);
    expect(tree(out.incremental).has("insights/datenschutz.html")).toBe(true);
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^title: .*$/m, "title: Privacy, edited through the link"));
    await incremental();
    expect(await cold()).toEqual([]);
    expect(readFileSync(join(out.incremental, "insights/datenschutz.html"), "utf8")).toContain(
      "Privacy, edited through the link",
    );
  }, 240_000);

  it("a link that leads outside content/ fails the incremental build as it fails the cold one", async () => {
    const { content, incremental } = site();
    await incremental();
    const outside = join(work ?? "", "outside.md");
    writeFileSync(outside, "---\ntitle: Outside\ndescription: Not content.\ntranslations: partial\n---\n\nText.\n");
    symlinkSync(outside, join(content, "en/pages/outside.md"));
    await expect(incremental()).rejects.toThrow(/leads outside the content folder/);
  }, 240_000);

  it("a link from content/media/ to a folder outside content/ is not walked: no note names its files", async () => {
    const { content } = site();
    const outside = join(work ?? "", "home");
    for (let n = 0; n < 50; n++) {
      mkdirSync(join(outside, `folder-${n}`), { recursive: true });
      writeFileSync(join(outside, `folder-${n}`, "photo.png"), "not read");
    }
    mkdirSync(join(content, "media"), { recursive: true });
    symlinkSync(outside, join(content, "media", "linked"));
    const { unusedMedia } = await loadContent(content);
    expect(unusedMedia.filter((file) => file.includes("photo.png"))).toEqual([]);
  }, 240_000);
});
