import { formatProblem } from "../../../../src/content/read/errors.ts";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHreflang } from "../../../../src/pipeline/checks/hreflang.ts";
import { build } from "../../../../src/pipeline/index.ts";

const SITE = "https://www.leap-ai.example";
const outDir = join(mkdtempSync(join(tmpdir(), "hreflang-")), "dist");
let files: string[] = [];
beforeAll(async () => {
  ({ files } = await build({ outDir }));
}, 60_000);
afterAll(() => rmSync(join(outDir, ".."), { recursive: true, force: true }));

/** Rewrites one built page, runs the check, and puts the page back. */
function checkAfter(file: string, change: (html: string) => string): string[] {
  const path = join(outDir, file);
  const original = readFileSync(path, "utf8");
  writeFileSync(path, change(original));
  try {
    return checkHreflang(outDir, files, SITE).map(formatProblem);
  } finally {
    writeFileSync(path, original);
  }
}

describe("hreflang reciprocity, checked on the written pages", () => {
  it("holds for the real site", () => {
    expect(checkHreflang(outDir, files, SITE)).toEqual([]);
  });

  it("an alternate that is no page of the build is reported", () => {
    const problems = checkAfter("datenschutz.html", (html) =>
      html.replace(`hrefLang="de" href="${SITE}/de/datenschutz"`, `hrefLang="de" href="${SITE}/de/privacy"`),
    );
    expect(problems).toContainEqual(
      `datenschutz.html: hreflang="de" points to ${SITE}/de/privacy, which is no page of this build`,
    );
  });

  it("a page whose counterpart does not link back is reported", () => {
    const problems = checkAfter("de/datenschutz.html", (html) =>
      html.replace(/<link rel="alternate" hrefLang="en"[^>]*>/, ""),
    );
    expect(problems).toContainEqual(
      'datenschutz.html: hreflang="de" page de/datenschutz.html does not link back with the same alternates',
    );
  });

  it("x-default must be one of the page's languages", () => {
    const problems = checkAfter("index.html", (html) =>
      html.replace(`hrefLang="x-default" href="${SITE}/"`, `hrefLang="x-default" href="${SITE}/impressum"`),
    );
    expect(problems).toContainEqual(`index.html: x-default ${SITE}/impressum is none of its languages`);
  });
});
