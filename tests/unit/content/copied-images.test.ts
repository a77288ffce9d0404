import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { copyOfContent } from "./temp-content.ts";

// Issue 42: "Copy from English" copies a page's text with its images as written (./rag-agent.png), which is next to
// the English file only. The German file's message says where the image is and the two paths that work from the
// German file: a copy next to it, or the shared content/media/.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

const GERMAN = "de/pages/insights/rag-agents.md";
const lineOf = (needle: string) =>
  readFileSync(join(copy?.dir ?? "", GERMAN), "utf8")
    .split("\n")
    .findIndex((text) => text.includes(needle)) + 1;

const errorsOf = async (): Promise<string[]> => {
  const failure = await loadContent(copy?.dir ?? "").then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(failure instanceof ContentErrors)) throw new Error(`expected content errors, got ${String(failure)}`);
  return failure.errors.map((error) => error.message.replace(/content-\w+\//g, "content/"));
};

it("an English image copied into the German text or front matter: the message names both paths that work", async () => {
  copy = copyOfContent();
  copy.edit(GERMAN, (text) => text.replaceAll("./rag-agent-de.png", "./rag-agent.png"));
  const options =
    "content/en/pages/insights/rag-agent.png has it: copy it next to this page (this language's own image), or move it to content/media/ and write /media/rag-agent.png in every language (one image for all)";
  expect((await errorsOf()).sort()).toEqual(
    [
      `content/${GERMAN}:${lineOf("image: ./rag-agent.png")}: image: no image file ./rag-agent.png next to this page; ${options}`,
      // The German image of another name is suggested too: this page may have its own.
      `content/${GERMAN}:${lineOf("](./rag-agent.png)")}: the image ./rag-agent.png is missing: no such file next to this page; did you mean ./rag-agent-de.png? ${options}`,
    ].sort(),
  );
});

it("an image no language has keeps the plain message", async () => {
  copy = copyOfContent();
  copy.edit(GERMAN, (text) => text.replace("](./rag-agent-de.png)", "](./nowhere.png)"));
  expect(await errorsOf()).toEqual([
    `content/${GERMAN}:${lineOf("](./nowhere.png)")}: the image ./nowhere.png is missing: no such file next to this page`,
  ]);
});
