import type { ReactNode } from "react";
import { formatDate, type Locale } from "../content/locales.ts";

/** "Updated on {date}" with the day as a <time>, in the page's language. */
function Updated({ copy, date, locale }: { copy: string; date: string; locale: Locale }) {
  const [before = "", after = ""] = copy.split("{date}");
  return (
    <span className="page-updated">
      {before}
      <time dateTime={date}>{formatDate(date, locale)}</time>
      {after}
    </span>
  );
}

/**
 * A page's h1, with its date, the day its text was last updated (front matter lastmod, with `updatedCopy`), its
 * author's line, and a draft or schedule marker (npm run dev and previews only) where they apply.
 */
export function PageHeading({
  title,
  date,
  updated,
  locale,
  draftLabel,
  byline,
}: {
  title: string;
  date?: string;
  updated?: { date: string; copy: string };
  locale: Locale;
  draftLabel?: string;
  byline?: ReactNode;
}) {
  return (
    <>
      {draftLabel ? <p className="draft-badge">{draftLabel}</p> : null}
      <h1>{title}</h1>
      {date || updated ? (
        <p className="page-date">
          {date ? <time dateTime={date}>{formatDate(date, locale)}</time> : null}
          {date && updated ? " · " : null}
          {updated ? <Updated copy={updated.copy} date={updated.date} locale={locale} /> : null}
        </p>
      ) : null}
      {byline}
    </>
  );
}
