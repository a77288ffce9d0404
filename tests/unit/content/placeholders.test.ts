import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { findPlaceholders } from "../../../src/content/rules/placeholders.ts";
import { copyOfContent, realContent } from "../../support/content.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

describe("placeholders", () => {
  it("finds every sample value in the shipped content, with file and line", () => {
    const found = findPlaceholders(new ContentFolder("content"));
    const texts = found.map((p) => p.text);
    expect(texts).toEqual(
      expect.arrayContaining(["hello@leap-ai.example", "Musterstraße", "Mustermann", "DE000000000"]),
    );
    expect(found.every((p) => p.file === "content/site.yaml" && p.line > 0)).toBe(true);
  });

  it("finds none once the operator has replaced them", () => {
    copy = realContent();
    expect(findPlaceholders(new ContentFolder(copy.dir))).toEqual([]);
  });

  it("a strict build refuses placeholders and leaves dist/ alone; a normal build accepts them", async () => {
    copy = copyOfContent();
    const outDir = join(mkdtempSync(join(tmpdir(), "strict-")), "dist");
    try {
      const refused = await build({ contentDir: copy.dir, outDir, strict: true }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ContentErrors);
      expect(existsSync(outDir)).toBe(false);
      // As npm run build --strict says it to a German author (LANG=de, issue 54): each placeholder, and why.
      const german = (refused as ContentErrors).errors.map((error) => error.messageIn("de"));
      expect(german).toContainEqual(
        expect.stringMatching(
          /^content\/site\.yaml:\d+: der Platzhalter "Musterstraße" \(Beispielangaben der Rechtsdaten \(Muster…\)\) muss vor einer strengen Erstellung \(--strict\) ersetzt werden: den echten Wert schreiben$/,
        ),
      );
      expect(german).toContainEqual(
        expect.stringMatching(/"hello@leap-ai\.example" \(Beispiel-URL oder -E-Mail-Adresse\)/),
      );
      await build({ contentDir: copy.dir, outDir });
      expect(existsSync(join(outDir, "index.html"))).toBe(true);
    } finally {
      rmSync(join(outDir, ".."), { recursive: true, force: true });
    }
  });

  it("a strict build succeeds on real data", async () => {
    copy = realContent();
    const outDir = join(mkdtempSync(join(tmpdir(), "strict-")), "dist");
    try {
      await build({ contentDir: copy.dir, outDir, strict: true });
      expect(existsSync(join(outDir, "impressum.html"))).toBe(true);
    } finally {
      rmSync(join(outDir, ".."), { recursive: true, force: true });
    }
  });

  it("npm run build -- --strict fails with the placeholder's file and line", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/build.ts", "--strict"], {
      encoding: "utf8",
      env: { ...process.env, STRICT: "" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/content\/site\.yaml:\d+: placeholder "hello@leap-ai\.example"/);
  }, 30_000);
});
