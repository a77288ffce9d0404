import { BackLink } from "../components/BackLink.tsx";
import { Icon } from "../components/Icons.tsx";
import { listPageTitle } from "../components/list-page-title.ts";
import type { PageContext } from "../components/context.ts";
import { markerOf } from "../components/marker.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { formatDate, homePath, type Locale } from "../content/locales.ts";
import type { Page } from "../content/types.ts";
import type { Route } from "../routes/route.ts";
import { MarkdownDocument } from "./MarkdownDocument.tsx";
import { shownHtml } from "../routes/places.ts";

/** One entry of a section's list: the page's image, date, title (the link) and summary. */
export function Entry({ route, locale, draftLabel }: { route: Route; locale: Locale; draftLabel?: string }) {
  const meta = (route.page as Page).meta;
  const image = route.page?.image;
  return (
    <li className="entry">
      {image && meta.imageAlt ? (
        <Picture image={image} alt={meta.imageAlt} sizes="(min-width: 720px) 200px, 240px" />
      ) : null}
      <div className="entry-text">
        {draftLabel ? <p className="draft-badge">{draftLabel}</p> : null}
        {meta.date ? (
          <p className="page-date">
            <time dateTime={meta.date}>{formatDate(meta.date, locale)}</time>
          </p>
        ) : null}
        <h2 className="entry-title">
          <a href={route.path}>{meta.title}</a>
        </h2>
        {meta.summary ? <p>{meta.summary}</p> : null}
      </div>
    </li>
  );
}

/** Links to the list pages before and after this one, when the section has more than one. */
export function ListPageLinks({
  previous,
  next,
  copy,
}: {
  previous?: Route;
  next?: Route;
  copy: PageContext["copy"]["common"]["pages"];
}) {
  if (!previous && !next) return null;
  return (
    <nav className="list-pages" aria-label={copy.listPagesLabel}>
      {previous ? (
        <a className="back-link" href={previous.path} rel="prev">
          <Icon name="arrowLeft" className="icon icon-inline" />
          {copy.previousPage}
        </a>
      ) : null}
      {next ? (
        <a className="back-link list-pages-next" href={next.path} rel="next">
          {copy.nextPage}
          <Icon name="arrowRight" className="icon icon-inline" />
        </a>
      ) : null}
    </nav>
  );
}

/**
 * One list page of a folder's index.md: on the first, its own text; then its share of the folder's pages
 * (see RouteModel.children for the order) and the links to the neighbouring list pages; an Atom feed of them all.
 */
export function SectionPage({ context }: { context: PageContext }) {
  const { route, model, copy } = context;
  const page = route.page as Page;
  const locale = model.locale(route.lang);
  const number = route.list?.number ?? 1;
  const listPages = model.listPagesOf(route);
  const [previous, next] = [listPages[number - 2], listPages[number]];
  const title = listPageTitle(route, copy.common);
  const neighbours = [
    previous && <link key="prev" rel="prev" href={previous.path} />,
    next && <link key="next" rel="next" href={next.path} />,
  ];
  return (
    <MarkdownDocument context={context} page={page} section={route} title={title} head={neighbours}>
      <div className="container legal">
        <BackLink href={homePath(locale)} label={copy.common.legal.backToHome} />
        <PageHeading title={title} locale={locale} draftLabel={markerOf(route, copy, locale)} />
        {number === 1 ? <div className="prose" dangerouslySetInnerHTML={{ __html: shownHtml(model, route) }} /> : null}
        <ul className="entries">
          {model.listEntries(route).map((child) => (
            <Entry key={child.path} route={child} locale={locale} draftLabel={markerOf(child, copy, locale)} />
          ))}
        </ul>
        <ListPageLinks previous={previous} next={next} copy={copy.common.pages} />
      </div>
    </MarkdownDocument>
  );
}
