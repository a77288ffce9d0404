import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateSite } from "../../../support/generate-site.ts";
import { ContentErrors } from "../../../../src/content/read/errors.ts";
import { build } from "../../../../src/pipeline/index.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

// A site large enough that the build shares reading and rendering with its second thread writes exactly what one
// thread writes, and a content problem found on the other thread is reported as one found here.
const work = mkdtempSync(join(tmpdir(), "threads-"));
const content = join(work, "content");

const tree = (dir: string) =>
  new Map(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => [
        join(entry.parentPath, entry.name).slice(dir.length + 1),
        readFileSync(join(entry.parentPath, entry.name)),
      ]),
  );

beforeAll(() => generateSite(content, 300, false), 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("two threads write what one writes", async () => {
  await build({
    contentDir: content,
    outDir: join(work, "one"),
    validationCache: TEST_VALIDATION_CACHE,
    threads: false,
  });
  await build({
    contentDir: content,
    outDir: join(work, "two"),
    validationCache: TEST_VALIDATION_CACHE,
    threads: true,
  });
  const [one, two] = [tree(join(work, "one")), tree(join(work, "two"))];
  expect([...two.keys()].sort()).toEqual([...one.keys()].sort());
  expect([...one].filter(([name, bytes]) => !two.get(name)?.equals(bytes)).map(([name]) => name)).toEqual([]);
}, 240_000);

it("a problem in a page read on the other thread names its file and line", async () => {
  // Every page is broken the same way, so some are certainly read on the other thread.
  for (let index = 0; index < 150; index += 1) {
    const file = join(content, "en/pages/bench", `section-${Math.floor(index / 50)}`, `page-${index % 50}.md`);
    writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, "title: [unclosed"));
  }
  const messages = async (threads: boolean) => {
    const error = await build({
      contentDir: content,
      outDir: join(work, "broken"),
      validationCache: TEST_VALIDATION_CACHE,
      threads,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentErrors);
    return (error as ContentErrors).errors.map((e) => e.message);
  };
  const shared = await messages(true);
  expect(shared).toHaveLength(150);
  expect(shared[0]).toMatch(/\/en\/pages\/bench\/section-0\/page-0\.md:3:1: invalid YAML: /);
  expect(shared).toEqual(await messages(false));
}, 240_000);
