import { afterAll, expect, it } from "vitest";
import { join } from "node:path";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { contentWith, outOf, page } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 54: "Aus Englisch kopieren" makes a German translation with no date of its own. The build gives it its
// original's day (no German page goes live first); the editor's preview of it, before it is saved, shows that day.
const content = contentWith({
  "en/pages/insights/embargo.md": page({
    title: "An announcement under embargo",
    description: "What we will announce, and when.",
    date: "2026-12-20",
  }),
});
afterAll(() => content.cleanup());

it("the preview of an unsaved translation without a date shows its original's day", { timeout: 300_000 }, async () => {
  const dev = new DevBuild({ contentDir: content.dir, outDir: outOf(content), validationCache: TEST_VALIDATION_CACHE });
  await dev.run();
  const german = page({ title: "Eine Ankündigung mit Sperrfrist", description: "Was wir ankündigen, und wann." });
  const main = await dev.preview(join(content.dir, "de/pages/insights/embargo.md"), german);
  expect(main).toContain("Eine Ankündigung mit Sperrfrist");
  // The day it goes live, and that it is not live yet, as the article and its badge say it.
  expect(main).toContain("Geplant für den 20. Dezember 2026: noch nicht auf der Website");
  expect(main).toContain(">20. Dezember 2026</time>");
  // Its own day, where it writes one, is its own.
  const own = page({ title: "Eine Ankündigung", description: "Was wir ankündigen.", date: "2026-12-22" });
  expect(await dev.preview(join(content.dir, "de/pages/insights/embargo.md"), own)).toContain(
    ">22. Dezember 2026</time>",
  );
});
