/**
 * Issue 58: the language switch keeps the reader's place on every page with headings. Each heading is paired with
 * its counterpart in the other language (as the structure rule pairs them), whatever its words and id: scrolled into
 * the third section of an article or the privacy policy, the switch shows the counterpart of that section's heading
 * under the header, at the same fraction of its section. With and without reduced motion (the page scrolls
 * smoothly without it, and view transitions are on).
 */
import type { Page } from "@playwright/test";
import { LANGS, model, otherLang, switchCopy, type Lang } from "./content.ts";
import { expect, test } from "./fixtures.ts";

/** Every page with at least four h2 headings in its text and a translation: the articles and the privacy policy. */
const PAGES = model.routes.filter(
  (route) =>
    route.kind === "page" &&
    (route.page?.html.match(/<h2 /g) ?? []).length >= 4 &&
    route.lang === model.defaultLocale.code,
);

const headerLine = (page: Page) =>
  page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom + 1);

/** The prose's headings' tops, in order, with their text. */
const headingTops = (page: Page) =>
  page
    .locator(".prose h2")
    .evaluateAll((headings) =>
      headings.map((heading) => ({ text: heading.textContent ?? "", top: heading.getBoundingClientRect().top })),
    );

/** The heading the reader is in: the last one whose top has passed the line under the header. */
async function currentHeading(page: Page): Promise<string | undefined> {
  const line = await headerLine(page);
  return (await headingTops(page)).filter((heading) => heading.top <= line).at(-1)?.text;
}

test.skip(PAGES.length < 2, "the site has articles with four headings or more");

for (const route of PAGES) {
  for (const from of LANGS) {
    const to = otherLang(from);
    const path = (lang: Lang) => (lang === route.lang ? route.path : route.alternates[lang]);
    for (const [width, motion] of [
      [375, "no-preference"],
      [1280, "no-preference"],
      [375, "reduce"],
    ] as const) {
      test(`${route.key}, ${from} to ${to}, ${width} px, ${motion} motion: the third section's counterpart`, async ({
        page,
      }) => {
        const fromPath = path(from);
        const toPath = path(to);
        if (!fromPath || !toPath) throw new Error(`${route.key} has no ${from} or ${to} page`);
        await page.emulateMedia({ reducedMotion: motion });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(fromPath);
        // 40 % into the third section: its heading has scrolled under the header, the fourth is still below.
        const line = await headerLine(page);
        const [third, fourth] = (await headingTops(page)).slice(2, 4);
        if (!third || !fourth) throw new Error("fewer than four headings");
        const y = await page.evaluate(() => window.scrollY);
        const target = y + third.top + 0.4 * (fourth.top - third.top) - line;
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), target);
        await expect.poll(() => currentHeading(page)).toBe(third.text);

        // A real mouse click on the sticky header: locator.click() would first scroll the page itself.
        const button = page.getByRole("banner").getByRole("link", { name: switchCopy(from).label });
        const box = await button.boundingBox();
        if (!box) throw new Error("language button has no box");
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect(page.locator("html")).toHaveAttribute("lang", to);
        await expect.poll(() => new URL(page.url()).pathname).toBe(toPath);

        const counterpart = (await headingTops(page))[2]?.text;
        expect(counterpart).toBeTruthy();
        expect(await currentHeading(page)).toBe(counterpart);
        // The same fraction of the section: 40 %, give or take what a line of text weighs in it.
        const [thereThird, thereFourth] = (await headingTops(page)).slice(2, 4);
        if (!thereThird || !thereFourth) throw new Error("fewer than four headings there");
        const fraction = (line - thereThird.top) / (thereFourth.top - thereThird.top);
        expect(fraction).toBeGreaterThan(0.3);
        expect(fraction).toBeLessThan(0.5);
      });
    }
  }
}
