/**
 * Issue 35: a page two or three sections deep that German lacks, its own sections English-only too, sends the
 * language button to the nearest German section above it (Insights), not to the German home page. Every other
 * partial-translation test uses a page one level below its section, which one step up already finds. Built
 * from temporary content by the real build and served by the real server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyOfContent } from "../../support/content.ts";
import { send } from "../server/raw-http.ts";
import { serveBuiltSite } from "../server/built-site.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const page = (title: string, extra = "") =>
  `---\ntitle: ${title}\ndescription: A page in English only.\n${extra}---\n\nSome text.\n`;

// English only: a section inside Insights, a page in it, a section inside that one and a page in it.
const ENGLISH_ONLY = {
  "en/pages/insights/deep/index.md": page("Deep"),
  "en/pages/insights/deep/two-deep.md": page("Two deep", "date: 2026-11-01\n"),
  "en/pages/insights/deep/deeper/index.md": page("Deeper"),
  "en/pages/insights/deep/deeper/three-deep.md": page("Three deep", "date: 2026-11-02\n"),
};

const copy = copyOfContent();
let site: Awaited<ReturnType<typeof serveBuiltSite>> | undefined;
beforeAll(async () => {
  copy.edit("site.yaml", (text) => text.replace("translations: complete", "translations: partial"));
  for (const [file, text] of Object.entries(ENGLISH_ONLY)) {
    mkdirSync(dirname(join(copy.dir, file)), { recursive: true });
    writeFileSync(join(copy.dir, file), text);
  }
  site = await serveBuiltSite({ contentDir: copy.dir, validationCache: TEST_VALIDATION_CACHE });
}, 120_000);
afterAll(async () => {
  await site?.close();
  copy.cleanup();
});

/** The language button's link to German on the served page, and what the server answers there. */
async function germanLink(path: string): Promise<{ href: string; status: number }> {
  const answer = await send(site?.url ?? "", path);
  expect(answer.status, path).toBe(200);
  const href = /<a [^>]*href="([^"]*)" hrefLang="de"/.exec(answer.body.toString())?.[1] ?? "(no link to German)";
  const target = await send(site?.url ?? "", href.replace(/#.*/, ""));
  return { href, status: target.status };
}

it("a page whose own section German lacks leads to the German section above that one", async () => {
  expect(await germanLink("/insights/deep/two-deep")).toEqual({ href: "/de/einblicke#not-translated", status: 200 });
});

it("three sections deep, the button still climbs to the nearest German section", async () => {
  expect(await germanLink("/insights/deep/deeper/three-deep")).toEqual({
    href: "/de/einblicke#not-translated",
    status: 200,
  });
});

it("a section German lacks leads to the German section it belongs to", async () => {
  expect(await germanLink("/insights/deep")).toEqual({ href: "/de/einblicke#not-translated", status: 200 });
  expect(await germanLink("/insights/deep/deeper")).toEqual({ href: "/de/einblicke#not-translated", status: 200 });
});
