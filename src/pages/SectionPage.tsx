import { resolveTargets } from "../content/components/targets.ts";
import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { formatDate, homePath, type Locale } from "../content/locales.ts";
import type { Page } from "../content/load.ts";
import type { Route } from "../routes/model.ts";
import { MarkdownDocument } from "./MarkdownDocument.tsx";

/** One entry of a section's list: the page's image, date, title (the link) and summary. */
function Entry({ route, locale, draftLabel }: { route: Route; locale: Locale; draftLabel?: string }) {
  const meta = (route.page as Page).meta;
  const image = route.page?.image;
  return (
    <li className="entry">
      {image && meta.imageAlt ? <Picture image={image} alt={meta.imageAlt} sizes="(min-width: 720px) 200px, 240px" /> : null}
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

/** A folder's index.md: its own text, then the folder's pages, newest first, and an Atom feed of them. */
export function SectionPage({ context }: { context: PageContext }) {
  const { route, model, copy } = context;
  const page = route.page as Page;
  const locale = model.locale(route.lang);
  const draftLabel = copy.common.pages.draft;
  return (
    <MarkdownDocument context={context} page={page} section={route}>
      <div className="container legal">
        <BackLink href={homePath(locale)} label={copy.common.legal.backToHome} />
        <PageHeading title={page.meta.title} locale={locale} draftLabel={route.draft ? draftLabel : undefined} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: resolveTargets(page.html, (to) => model.href(to, route)) }} />
        <ul className="entries">
          {model.children(route).map((child) => (
            <Entry key={child.path} route={child} locale={locale} draftLabel={child.draft ? draftLabel : undefined} />
          ))}
        </ul>
      </div>
    </MarkdownDocument>
  );
}
