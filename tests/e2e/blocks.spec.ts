/**
 * The campaign page of tests/fixtures/campaign/ (issue 59), built by the real build on a copy of content/: every
 * block renders in both languages and both schemes at 320 and 1280 px without horizontal scroll, passes axe, keeps
 * its targets at 44 px, has no inline style; the hero's image is the LCP element; the call to action carries the
 * campaign to the contact form. Screenshots go to the test's output folder, and to BLOCK_SHOTS when it names one.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { BLOCK_TYPES } from "../../src/content/schemas/index.ts";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { CAMPAIGN_PATHS, campaignContent } from "../support/campaign.ts";
import { type Content, outOf } from "../support/content.ts";
import { axeOn } from "./axe.ts";

const LANGUAGES = ["en", "de"] as const;
const SCHEMES = ["light", "dark"] as const;
const WIDTHS = [320, 1280] as const;
/** The fixture's blocks in order: every type once, text twice. */
const FIXTURE_TYPES = ["hero", "text", "services", "steps", "figures", "quote", "logos", "faq", "text", "cta"];

test.describe("a campaign page made of blocks", () => {
  test.describe.configure({ timeout: 180_000 });
  let content: Content;
  let server: Server;
  let site = "";

  test.beforeAll(async () => {
    content = campaignContent({}, "blocks-e2e-");
    await build({ contentDir: content.dir, outDir: outOf(content), validationCache: false });
    server = await startStaticServer({ dir: outOf(content), port: 0 });
    site = urlOf(server);
  });

  test.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    content?.cleanup();
  });

  const errorsOf = (page: Page) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    return errors;
  };

  for (const lang of LANGUAGES)
    for (const scheme of SCHEMES)
      for (const width of WIDTHS)
        test(`${lang}, ${scheme}, ${width} px: every block, no horizontal scroll, axe, 44 px targets`, async ({
          page,
        }, testInfo) => {
          const errors = errorsOf(page);
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${site}${CAMPAIGN_PATHS[lang]}`);
          const main = page.locator("main");
          // Each block is a band of its own, in the page's order (its heading ids count from 1).
          const bands = main.locator(":scope > section");
          await expect(bands).toHaveCount(FIXTURE_TYPES.length);
          await expect(main.locator("h1")).toHaveCount(1);
          expect(FIXTURE_TYPES.filter((type, index, all) => all.indexOf(type) === index).sort()).toEqual(
            [...BLOCK_TYPES].sort(),
          );
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
          expect(await page.locator("[style]").count(), "inline styles").toBe(0);
          // Every control of the blocks is a 44 x 44 px target (links inside running text are exempt, WCAG 2.5.8).
          const small = await main.evaluate((element) =>
            [
              ...element.querySelectorAll(
                "section > .container a.button, summary, .block-card-link, .block-figure-source a",
              ),
            ]
              .map((target) => {
                const box = (
                  target.matches(".block-card-link") ? (target.closest("li") ?? target) : target
                ).getBoundingClientRect();
                return { text: target.textContent?.trim() ?? "", width: box.width, height: box.height };
              })
              .filter((box) => box.width < 44 || box.height < 44),
          );
          expect(small).toEqual([]);
          // Open every question, so that axe and the screenshot see the answers too.
          for (const summary of await main.locator("summary").all()) await summary.click();
          const { violations } = await axeOn(page).analyze();
          expect(
            violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`),
          ).toEqual([]);
          // Lazy images below the fold load once scrolled to: the screenshot shows them all.
          for (const image of await main.locator("img[loading=lazy]").all()) await image.scrollIntoViewIfNeeded();
          await expect
            .poll(() =>
              main.evaluate((element) =>
                [...element.querySelectorAll("img")].every((image) => image.complete && image.naturalWidth > 0),
              ),
            )
            .toBe(true);
          // Back at the top, so that the sticky header is where a visitor first sees it, not over a block.
          await page.evaluate(() => window.scrollTo(0, 0));
          const shot = testInfo.outputPath(`campaign-${lang}-${scheme}-${width}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          if (process.env.BLOCK_SHOTS) {
            mkdirSync(process.env.BLOCK_SHOTS, { recursive: true });
            copyFileSync(shot, join(process.env.BLOCK_SHOTS, `campaign-${lang}-${scheme}-${width}.png`));
          }
          expect(errors).toEqual([]);
        });

  test("the hero's image is the largest contentful paint, fetched with high priority; the others are lazy", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site}${CAMPAIGN_PATHS.en}`);
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            resolve(last?.element?.closest("section")?.className ?? "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(lcp).toContain("block-hero");
    await expect(page.locator(".block-hero img")).toHaveAttribute("fetchpriority", "high");
    await expect(page.locator(".block-hero img")).toHaveAttribute("loading", "eager");
    const eager = await page.locator("main img:not([loading=lazy])").count();
    expect(eager).toBe(1);
  });

  for (const lang of LANGUAGES)
    test(`${lang}: the call to action leads to the contact form with the campaign and the landing page`, async ({
      page,
    }) => {
      await page.goto(`${site}${CAMPAIGN_PATHS[lang]}`);
      await page.locator(".block-cta a.button").click();
      await page.waitForURL(/#contact$/);
      const url = new URL(page.url());
      expect(url.pathname).toBe(lang === "en" ? "/" : "/de/");
      expect(url.searchParams.get("campaign")).toBe("ai-readiness-2026");
      expect(url.searchParams.get("from")).toBe(CAMPAIGN_PATHS[lang]);
      await expect(page.locator("#contact form, #contact #contact-form-island")).not.toHaveCount(0);
    });
});
