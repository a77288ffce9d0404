import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { validateHtml } from "../../../src/pipeline/checks/validate.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { copyOfContent } from "../../support/content.ts";

const work = mkdtempSync(join(tmpdir(), "build-"));
const outDir = join(work, "dist");
const content = copyOfContent();

/** Every file under dir with its bytes, to prove a failed build changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub))) {
      const path = join(sub, name);
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else files[path] = readFileSync(join(dir, path), "base64");
    }
  };
  walk("");
  return files;
}

beforeAll(async () => {
  await build({ contentDir: content.dir, outDir });
});
afterAll(() => {
  content.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("the build", () => {
  it("writes every route, the SEO files and the host configuration", () => {
    for (const file of [
      "index.html",
      "de/index.html",
      "datenschutz.html",
      "de/datenschutz.html",
      "impressum.html",
      "404.html",
      "de/404.html",
      "sitemap.xml",
      "robots.txt",
      "_headers",
      "_redirects",
    ]) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
    }
  });

  it("takes the site URL from SITE_URL over site.yaml", async () => {
    const other = join(work, "other");
    await build({ contentDir: content.dir, outDir: other, siteUrl: "https://staging.example.org/" });
    expect(readFileSync(join(other, "index.html"), "utf8")).toContain(
      '<link rel="canonical" href="https://staging.example.org/"/>',
    );
    expect(readFileSync(join(other, "robots.txt"), "utf8")).toContain(
      "Sitemap: https://staging.example.org/sitemap.xml",
    );
  });

  it("leaves the previous dist/ untouched when content is broken", async () => {
    const before = snapshot(outDir);
    content.edit("de/home.yaml", (text) => text.replace("  heading: KI-Leistungen, die sich rechnen\n", ""));
    await expect(build({ contentDir: content.dir, outDir })).rejects.toBeInstanceOf(ContentErrors);
    expect(snapshot(outDir)).toEqual(before);
    // No half-built folder is left next to it either.
    expect(readdirSync(work).filter((name) => name.includes("-next-"))).toEqual([]);
  });

  it("leaves the previous dist/ untouched when the output fails its checks", async () => {
    const fresh = copyOfContent();
    const target = join(work, "checked");
    try {
      await build({ contentDir: fresh.dir, outDir: target });
      const before = snapshot(target);
      // A Markdown link to a page that does not exist passes the content schemas but not the link check.
      fresh.edit("en/pages/privacy.md", (text) => `${text}\n[Broken](/no-such-page)\n`);
      const failure = await build({ contentDir: fresh.dir, outDir: target }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OutputError);
      expect((failure as OutputError).messages).toEqual([
        expect.stringMatching(
          /^content-\w+\/en\/pages\/privacy\.md:\d+: broken link \/no-such-page: no page or file of the site has this address/,
        ),
      ]);
      expect(snapshot(target)).toEqual(before);
    } finally {
      fresh.cleanup();
    }
  });
});

describe("HTML validation", () => {
  it("reports the file, the rule and the offending element", async () => {
    const dir = mkdtempSync(join(tmpdir(), "html-"));
    try {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(
        join(dir, "page.html"),
        '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p id="a">1</p><p id="a">2</p><img src="/x.png"/></body></html>',
      );
      const problems = await validateHtml(dir, ["page.html"]);
      expect(problems.map((p) => p.rule)).toEqual(expect.arrayContaining(["no-dup-id", "wcag/h37"]));
      expect(problems.find((p) => p.rule === "no-dup-id")).toMatchObject({
        file: "page.html",
        element: "html > body > p:nth-child(2)",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
