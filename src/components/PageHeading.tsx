import { formatDate, type Locale } from "../content/locales.ts";

/** A page's h1, with its date and a draft marker (npm run dev only) where they apply. */
export function PageHeading({
  title,
  date,
  locale,
  draftLabel,
}: {
  title: string;
  date?: string;
  locale: Locale;
  draftLabel?: string;
}) {
  return (
    <>
      {draftLabel ? <p className="draft-badge">{draftLabel}</p> : null}
      <h1>{title}</h1>
      {date ? (
        <p className="page-date">
          <time dateTime={date}>{formatDate(date, locale)}</time>
        </p>
      ) : null}
    </>
  );
}
