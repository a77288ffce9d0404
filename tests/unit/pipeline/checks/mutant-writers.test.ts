import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";
import { copyOfContent } from "../../../support/content.ts";

// Issue 29: every writer's output is checked before the swap. Each case below replaces one writer by a mutant that
// slips a character no text may hold (or an image over its budget) into what it writes; the real build must then
// fail and name the content file the value came from.
const content = copyOfContent("checks-mutant-");
const work = mkdtempSync(join(tmpdir(), "checks-mutant-out-"));
afterAll(() => {
  content.cleanup();
  rmSync(work, { recursive: true, force: true });
});
/** The module the running case replaced, put back after it. */
let mocked: string | undefined;
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  if (mocked) vi.doUnmock(mocked);
  mocked = undefined;
  // The build imported with the mutant goes too: the next file in this worker imports its own (vitest.config.ts).
  vi.resetModules();
});

const src = "../../../../src";
/** Inserts `char` after the first occurrence of `after` in `text`. */
const slip = (text: string, after: string | RegExp, char: string) => text.replace(after, (found) => `${found}${char}`);

const mock = (path: string, factory: Parameters<typeof vi.doMock>[1]) => {
  mocked = path;
  vi.doMock(path, factory);
};

const MUTANTS: [string, string, () => void, RegExp][] = [
  [
    "the feed writer",
    "insights/feed.xml",
    () =>
      mock(`${src}/pipeline/render/feeds.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/render/feeds.ts")>();
        return {
          ...real,
          feeds: (...args: Parameters<typeof real.feeds>) =>
            new Map(
              [...real.feeds(...args)].map(([file, xml]) => [file, slip(xml, /<entry>\s*<title>What a RAG/, "\u0001")]),
            ),
        };
      }),
    /^content\/en\/pages\/insights\/rag-agents\.md:2: title: insights\/feed\.xml: not well-formed XML/,
  ],
  [
    "the sitemap writer",
    "sitemap.xml",
    () =>
      mock(`${src}/pipeline/render/seo.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/render/seo.ts")>();
        return {
          ...real,
          sitemap: (...args: Parameters<typeof real.sitemap>) => slip(real.sitemap(...args), "/datenschutz", "\u202e"),
        };
      }),
    /^content\/en\/pages\/privacy\.md(:\d+: slug)?: sitemap\.xml: holds the invisible character U\+202E/,
  ],
  [
    "the page renderer",
    "impressum.html",
    () =>
      mock(`${src}/pipeline/render/pages.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/render/pages.ts")>();
        return {
          ...real,
          renderAll: (outDir: string, ...rest: [never, never, string]) => {
            const files = real.renderAll(outDir, ...rest);
            const path = join(outDir, "impressum.html");
            writeFileSync(path, slip(readFileSync(path, "utf8"), /<h1[^>]*>/, "\u200b"));
            return files;
          },
        };
      }),
    /^content\/impressum\.md:\d+: .*impressum\.html: holds the invisible character U\+200B/,
  ],
  [
    "the JSON-LD writer",
    "the article's JSON-LD",
    () =>
      mock(`${src}/components/structured-data.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/components/structured-data.ts")>();
        return {
          ...real,
          structuredData: (...args: Parameters<typeof real.structuredData>) => {
            const graph = real.structuredData(...args);
            for (const node of (graph?.["@graph"] as Record<string, unknown>[] | undefined) ?? [])
              if (typeof node.headline === "string") node.headline = `${node.headline}\u0000`;
            return graph;
          },
        };
      }),
    /^content\/en\/pages\/insights\/rag-agents\.md:2: title: insights\/rag-agents\.html: its JSON-LD holds the character U\+0000/,
  ],
  [
    "the _headers writer",
    "_headers",
    () =>
      mock(`${src}/pipeline/host-files/headers.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/host-files/headers.ts")>();
        return {
          ...real,
          headersFile: (...args: Parameters<typeof real.headersFile>) =>
            slip(real.headersFile(...args), "default-src 'self'", "\u0001"),
        };
      }),
    /^content\/site\.yaml:\d+: form\.delivery: _headers: /,
  ],
  [
    "the nginx writer",
    "_nginx-headers.conf",
    () =>
      mock(`${src}/pipeline/host-files/nginx.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/host-files/nginx.ts")>();
        return {
          ...real,
          nginxHeadersFile: (...args: Parameters<typeof real.nginxHeadersFile>) =>
            slip(real.nginxHeadersFile(...args), "nosniff", "\u202e"),
        };
      }),
    /^content\/site\.yaml:\d+: form\.delivery: _nginx-headers\.conf: holds the invisible character U\+202E/,
  ],
  [
    "the _redirects writer",
    "_redirects",
    () =>
      mock(`${src}/pipeline/host-files/redirects.ts`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/host-files/redirects.ts")>();
        return {
          ...real,
          redirectsFile: (...args: Parameters<typeof real.redirectsFile>) =>
            slip(real.redirectsFile(...args), "/name/", "\u0001"),
        };
      }),
    /^content\/site\.yaml.*: _redirects: holds the invisible character U\+0001/,
  ],
  [
    "the card drawer",
    "a card",
    () =>
      mock(`${src}/pipeline/cards/draw.tsx`, async (original) => {
        const real = await original<typeof import("../../../../src/pipeline/cards/draw.tsx")>();
        const sharp = (await import("sharp")).default;
        return {
          ...real,
          drawCard: async () =>
            sharp({ create: { width: 600, height: 315, channels: 3, background: "#fff" } })
              .png()
              .toBuffer(),
        };
      }),
    /^content\/.*: assets\/preview-.*\.png: is a 600 × 315 png; a link-preview card is a 1200 × 630 png \[budget\]/,
  ],
];

describe("a mutant writer fails the build", () => {
  it.each(MUTANTS)(
    "%s (%s)",
    async (_, what, mutate, expected) => {
      const outDir = join(work, String(Math.random()).slice(2));
      mutate();
      const { build, OutputError } = await import("../../../../src/pipeline/index.ts");
      const error = await build({
        contentDir: content.dir,
        outDir,
        validationCache: TEST_VALIDATION_CACHE,
        previewCache: join(work, what === "a card" ? "cards-drawn-by-the-mutant" : "cards"),
      }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(OutputError);
      const messages = (error as InstanceType<typeof OutputError>).messages.map((message) =>
        message.replace(content.dir.split("/").pop() ?? "", "content"),
      );
      expect(
        messages.some((message) => expected.test(message)),
        messages.join("\n"),
      ).toBe(true);
    },
    120_000,
  );
});
