import { ContentError } from "../read/errors.ts";
import type { PageMeta } from "../schemas/index.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { isoDate } from "../schemas/page.ts";
import { earlierThanOriginal } from "../../shared/verdict/schedule.ts";
import type { Lang, Page } from "../types.ts";

/**
 * The calendar day an instant falls on in a time zone, as YYYY-MM-DD: a build's "today" in the site's zone
 * (site.yaml's timeZone). 23:30 UTC on 28 February is already 1 March in Berlin.
 */
export function todayIn(timeZone: string, now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * "Today" for a build, from the BUILD_DATE environment variable (a day, 2027-03-01, taken as today in the site's
 * zone; or an instant, 2027-02-28T23:30:00Z) or from the clock the caller reads. Entry points call this once
 * and pass the value down: nothing below them reads a clock.
 */
export function buildDay(timeZone: string, buildDate: string | undefined, clock: () => Date): string {
  if (buildDate === undefined) return todayIn(timeZone, clock());
  // Date's own parser takes "1" for 2001 and rolls 2026-02-30T10:00Z over into March: only these two forms count.
  const written = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/.exec(buildDate);
  const checked = written && isoDate.safeParse(written[1]);
  const problem = checked?.error?.issues[0]?.message.replace(/^[^:]*: /, "").replace(/ \(write YYYY-MM-DD\)$/, "");
  const instant = written?.[2] ? new Date(buildDate) : undefined;
  if (!written || problem || (instant && Number.isNaN(instant.getTime())))
    throw new Error(
      problem
        ? `BUILD_DATE="${buildDate}" is no day: ${problem} (write a day that exists, e.g. 2027-03-01)`
        : `BUILD_DATE="${buildDate}" is neither a day (2027-03-01) nor an instant (2027-02-28T23:30:00Z)`,
    );
  return instant ? todayIn(timeZone, instant) : buildDate;
}

/** When a page goes live, as Hugo reads it: publishDate, else date. */
export const publishDateOf = (meta: PageMeta) => meta.publishDate ?? meta.date;

/** Why a page is not on the live site today: scheduled for a later day, or taken down by its expiryDate. */
export interface Schedule {
  state: "scheduled" | "expired";
  /** The day it goes live (scheduled) or went down (expired), YYYY-MM-DD. */
  date: string;
  /** The front matter key that says so. */
  key: "date" | "publishDate" | "expiryDate";
}

/**
 * A page's schedule on `today` (YYYY-MM-DD in the site's zone): as in Hugo, a publish date later than today is
 * not built yet, and an expiryDate on or before today is not built any more. Undefined: it is live.
 */
export function scheduleOf(meta: PageMeta, today: string): Schedule | undefined {
  const publish = publishDateOf(meta);
  if (publish !== undefined && publish > today)
    return { state: "scheduled", date: publish, key: meta.publishDate !== undefined ? "publishDate" : "date" };
  if (meta.expiryDate !== undefined && meta.expiryDate <= today)
    return { state: "expired", date: meta.expiryDate, key: "expiryDate" };
  return undefined;
}

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const inDays = (days: number) => (days === 1 ? "tomorrow" : `in ${days} days`);
const pages = (n: number) => (n === 1 ? "1 page" : `${n} pages`);

/**
 * What npm run check and npm run build say about the calendar on `today`: the pages scheduled for a later day,
 * those that will expire, and those already expired (each page's own front matter; a section's pages follow it).
 */
export function scheduleLines(all: readonly Page[], today: string): string[] {
  const scheduled: string[] = [];
  const expiring: string[] = [];
  const expired: string[] = [];
  for (const page of [...all].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    const schedule = scheduleOf(page.meta, today);
    if (schedule?.state === "scheduled")
      scheduled.push(
        `  ${page.file}: goes live on ${schedule.date} (${schedule.key}), ${inDays(daysBetween(today, schedule.date))}`,
      );
    else if (schedule?.state === "expired") expired.push(`  ${page.file}: taken down on ${schedule.date} (expiryDate)`);
    if (schedule?.state !== "expired" && page.meta.expiryDate !== undefined)
      expiring.push(
        `  ${page.file}: expires on ${page.meta.expiryDate} (expiryDate), ${inDays(daysBetween(today, page.meta.expiryDate))}`,
      );
  }
  return [
    ...(scheduled.length
      ? [
          `! ${pages(scheduled.length)} scheduled, not on the live site before its day (today is ${today}):`,
          ...scheduled,
        ]
      : []),
    ...(expiring.length ? [`! ${pages(expiring.length)} with an expiryDate to come:`, ...expiring] : []),
    ...(expired.length ? [`! ${pages(expired.length)} expired, no longer on the live site:`, ...expired] : []),
  ];
}

/**
 * A lastmod after the build's day: it is the day the page was last changed, so it cannot lie ahead (it would show
 * "Updated on" a day to come and go into the page's structured data). A scheduled page's lastmod is at most the
 * day it goes live, which the schema already holds it to from below.
 */
export function futureLastmods(all: readonly Page[], today: string): ContentError[] {
  const errors: ContentError[] = [];
  for (const page of all) {
    const { lastmod } = page.meta;
    const live = publishDateOf(page.meta);
    const latest = live !== undefined && live > today ? live : today;
    if (lastmod === undefined || lastmod <= latest) continue;
    errors.push(
      new ContentError(page.file, say("futureLastmod", { lastmod, today, latest }), {
        line: page.keyLines.lastmod,
        keyPath: "lastmod",
      }),
    );
  }
  return errors;
}

/** The front matter keys that say when a page is live: a translation shares those it does not write itself. */
const SCHEDULE_KEYS = ["date", "publishDate", "expiryDate"] as const;

/** Whether the page's own file writes a key (the loader records the line of each key it read). */
const writes = (page: Page, key: string) => page.keyLines[key] !== undefined;

/**
 * A translation with its original's schedule: nothing goes live before its original (issue 54). A translation
 * that writes no publish day of its own (no date, no publishDate: as "Copy from English" made it before it copied
 * dates) takes its original's date and publishDate, and one without an expiryDate its original's; a key it writes
 * is its own. The original is the default language's page of the same key; the default language's pages, and
 * translations without an original, are returned as they are.
 */
export function withOriginalSchedule(page: Page, original: Page | undefined): Page {
  if (!original || original === page) return page;
  const ownDay = writes(page, "date") || writes(page, "publishDate");
  const shared = SCHEDULE_KEYS.filter(
    (key) => original.meta[key] !== undefined && !writes(page, key) && (key === "expiryDate" || !ownDay),
  );
  if (shared.length === 0) return page;
  return { ...page, meta: { ...page.meta, ...Object.fromEntries(shared.map((key) => [key, original.meta[key]])) } };
}

/** A page's original: the default language's (`reference`) page of the same key; none for that language's own pages. */
export const originalOf = (page: Page, pages: readonly Page[], reference: Lang): Page | undefined =>
  page.lang === reference ? undefined : pages.find((other) => other.lang === reference && other.key === page.key);

/** Every page with its original's schedule where it shares it (withOriginalSchedule), the default language's first. */
export function sharedSchedules(pages: readonly Page[], reference: Lang): Page[] {
  const originals = new Map(pages.filter((page) => page.lang === reference).map((page) => [page.key, page]));
  return pages.map((page) => (page.lang === reference ? page : withOriginalSchedule(page, originals.get(page.key))));
}

/**
 * Each translation whose own publish day (date or publishDate, written in its file) is earlier than its
 * original's: it would go live first, and an embargoed article would leak in the other language. npm run build
 * -- --strict refuses it; other builds, npm run check and the editor warn. Both files are named.
 */
export function earlyTranslations(pages: readonly Page[], reference: Lang): ContentError[] {
  const originals = new Map(pages.filter((page) => page.lang === reference).map((page) => [page.key, page]));
  return pages.flatMap((page) => {
    const original = page.lang === reference ? undefined : originals.get(page.key);
    if (!original) return [];
    // What the translation's own file writes (a key it shares is its original's, and no earlier day of its own).
    const own = {
      date: writes(page, "date") ? page.meta.date : undefined,
      publishDate: writes(page, "publishDate") ? page.meta.publishDate : undefined,
    };
    const early = earlierThanOriginal(own, original.meta);
    return early ? [earlyTranslation(page, original, early.key, early.own, early.theirs)] : [];
  });
}

const earlyTranslation = (page: Page, original: Page, key: "date" | "publishDate", own: string, theirs: string) =>
  new ContentError(page.file, say("earlyTranslation", { key, own, original: original.file, originalDay: theirs }), {
    line: page.keyLines[key],
    keyPath: key,
  });
