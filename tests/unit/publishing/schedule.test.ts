import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { buildDay, scheduleLines, todayIn } from "../../../src/content/rules/schedule.ts";
import { buildOf, cleanup, siteWith, md } from "./site.ts";

afterAll(cleanup);

// site.yaml says timeZone: Europe/Berlin. Midnight of 1 March 2027 there is 23:00 UTC on 28 February.
const LAST_MINUTE_BEFORE = new Date("2027-02-28T22:59:00Z");
const MIDNIGHT = new Date("2027-02-28T23:00:00Z");

const both = (path: string, front: Record<string, string>, body?: string) => ({
  [`en/pages/${path}`]: md(front, body),
  [`de/pages/${path}`]: md(front, body),
});
const SCHEDULED = {
  ...both("insights/outlook.md", {
    title: "Outlook 2027",
    description: "What comes next.",
    date: "2027-03-01",
    summary: "Our view of the year.",
  }),
  ...both("insights/offer.md", {
    title: "Winter offer",
    description: "A workshop at half price.",
    date: "2026-11-01",
    expiryDate: "2027-03-01",
  }),
};
const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

describe("scheduled publishing, in the site's time zone", () => {
  it("the day is the calendar day in the site's zone, on either side of midnight", () => {
    expect(todayIn("Europe/Berlin", LAST_MINUTE_BEFORE)).toBe("2027-02-28");
    expect(todayIn("Europe/Berlin", MIDNIGHT)).toBe("2027-03-01");
    expect(todayIn("UTC", MIDNIGHT)).toBe("2027-02-28");
    expect(buildDay("Europe/Berlin", "2027-03-01", () => LAST_MINUTE_BEFORE)).toBe("2027-03-01");
    expect(buildDay("Europe/Berlin", "2027-02-28T23:30:00Z", () => LAST_MINUTE_BEFORE)).toBe("2027-03-01");
    expect(buildDay("Europe/Berlin", undefined, () => MIDNIGHT)).toBe("2027-03-01");
  });

  it("a minute before midnight in Berlin: the page dated tomorrow is nowhere, the expiring one still there", async () => {
    const built = await buildOf(siteWith(SCHEDULED), { now: LAST_MINUTE_BEFORE });
    expect(built.ok).toBe(true);
    const { outDir } = built;
    expect(existsSync(join(outDir, "insights/outlook.html"))).toBe(false);
    expect(existsSync(join(outDir, "de/einblicke/outlook.html"))).toBe(false);
    for (const file of ["insights.html", "insights/feed.xml", "sitemap.xml", "de/einblicke/feed.xml"])
      expect(read(outDir, file), file).not.toContain("outlook");
    expect(existsSync(join(outDir, "insights/offer.html"))).toBe(true);
    expect(read(outDir, "insights.html")).toContain("Winter offer");
  });

  it("at midnight in Berlin: the page goes live everywhere, the expired one goes down", async () => {
    const built = await buildOf(siteWith(SCHEDULED), { now: MIDNIGHT });
    expect(built.ok).toBe(true);
    const { outDir } = built;
    expect(read(outDir, "insights/outlook.html")).toContain("Outlook 2027");
    expect(read(outDir, "insights.html")).toContain('href="/insights/outlook"');
    expect(read(outDir, "insights/feed.xml")).toContain("/insights/outlook</id>");
    expect(read(outDir, "sitemap.xml")).toContain("/de/einblicke/outlook</loc>");
    expect(existsSync(join(outDir, "insights/offer.html"))).toBe(false);
    expect(read(outDir, "insights.html")).not.toContain("Winter offer");
  });

  it("a link from a published page to a scheduled one fails the build, naming the day", async () => {
    const content = siteWith({
      ...SCHEDULED,
      ...both(
        "insights/teaser.md",
        { title: "Teaser", description: "Soon." },
        "Read [our outlook](/insights/outlook).",
      ),
    });
    const built = await buildOf(content, { now: LAST_MINUTE_BEFORE });
    expect(built.ok).toBe(false);
    expect(built.messages).toContain(
      "content/en/pages/insights/teaser.md:6: broken link /insights/outlook: scheduled: content/en/pages/insights/outlook.md goes live on 1 March 2027 (date: 2027-03-01), after today (2027-02-28); link to it from that day on, or remove the link",
    );
  });

  it("a --future preview builds both with their marker, and indexes nothing", async () => {
    const built = await buildOf(siteWith(SCHEDULED), { now: LAST_MINUTE_BEFORE, future: true });
    expect(built.ok).toBe(true);
    const { outDir } = built;
    expect(read(outDir, "insights/outlook.html")).toContain("Scheduled for 1 March 2027: not on the live site yet");
    expect(read(outDir, "de/einblicke/outlook.html")).toContain(
      "Geplant für den 1. März 2027: noch nicht auf der Website",
    );
    expect(read(outDir, "robots.txt")).toContain("Disallow: /");
    expect(read(outDir, "insights/feed.xml")).not.toContain("outlook");
    const later = await buildOf(siteWith(SCHEDULED), { now: MIDNIGHT, future: true });
    expect(read(later.outDir, "insights/offer.html")).toContain("Expired on 1 March 2027: no longer on the live site");
  });

  it("npm run check lists what is scheduled and what expires", async () => {
    const content = await loadContent(siteWith(SCHEDULED));
    expect(scheduleLines(content.pages, "2027-02-28")).toEqual([
      "! 2 pages scheduled, not on the live site before its day (today is 2027-02-28):",
      "  content/de/pages/insights/outlook.md: goes live on 2027-03-01 (date), tomorrow",
      "  content/en/pages/insights/outlook.md: goes live on 2027-03-01 (date), tomorrow",
      "! 2 pages with an expiryDate to come:",
      "  content/de/pages/insights/offer.md: expires on 2027-03-01 (expiryDate), tomorrow",
      "  content/en/pages/insights/offer.md: expires on 2027-03-01 (expiryDate), tomorrow",
    ]);
  });
});
