import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules the site holds: WCAG 2.0 and 2.1 A and AA, and 2.2 AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core on `page` with the site's rules, run as axe.run in the page itself (the builder's "legacy mode"). The
 * default mode runs axe in each frame and then merges the results in a second, blank page it opens and closes
 * for every analysis: a third of the accessibility tests' CPU (docs/performance.md). What it adds is frames from
 * other origins, and the site's pages have none (a video's player loads only when it is clicked); frames of the
 * same origin are still checked.
 */
export const axeOn = (page: Page): AxeBuilder => new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
