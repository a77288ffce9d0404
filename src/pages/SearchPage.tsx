import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { homePath } from "../content/locales.ts";
import { fill } from "../content/rules/interpolate.ts";
import { documentTitle } from "../content/schemas/titles.ts";
import { isFirstListPage, type Route } from "../routes/route.ts";
import { SEARCH_CONTROL_ATTRIBUTE, SEARCH_PAGE_CONTROL } from "../shared/page-markup.ts";

/**
 * The search page (/search, /de/suche): with JavaScript, its button opens the search dialog as the header's control
 * does (the same data attribute; without JavaScript it is a link to this page); without, the language's sections, tags and every page the sitemap lists,
 * as links, so that the search control never leads to a dead end. With JavaScript, /search?q=agent opens the dialog
 * with that query's results, and typing there keeps the address in step (client/search.ts, search/browser/dialog.ts).
 */
export function SearchPage({ context }: { context: PageContext }) {
  const { route, model, copy, content } = context;
  const { search } = copy.common;
  const locale = model.locale(route.lang);
  const ours = model.routes.filter((other) => other.lang === route.lang && isFirstListPage(other));
  const titleOf = (other: Route): string =>
    other.kind === "home"
      ? content.site.company.name
      : other.kind === "impressum"
        ? content.impressum.title
        : other.kind === "tag"
          ? fill(copy.common.tags.title, { tag: other.tag?.name ?? "" })
          : other.kind === "search"
            ? search.title
            : (other.page?.meta.title ?? other.path);
  const byTitle = (a: Route, b: Route) => titleOf(a).localeCompare(titleOf(b), route.lang);
  const lists: [string, Route[]][] = [
    [search.sections, ours.filter((other) => other.kind === "section").sort(byTitle)],
    [search.tags, ours.filter((other) => other.kind === "tag").sort(byTitle)],
    [search.pages, ours.filter((other) => other.indexable && other.kind !== "search").sort(byTitle)],
  ];
  return (
    <Document
      context={context}
      title={documentTitle(search.title, content.site.company.name)}
      description={search.description}
      bodyAttributes={{ "data-page": "search" }}
    >
      <Layout context={context}>
        <div className="container legal search-page">
          <BackLink href={homePath(locale)} label={copy.common.legal.backToHome} />
          <PageHeading title={search.title} locale={locale} />
          <p>
            <a
              className="button button-primary"
              href={route.path}
              {...{ [SEARCH_CONTROL_ATTRIBUTE]: SEARCH_PAGE_CONTROL }}
            >
              {search.placeholder}
            </a>
          </p>
          {/* Only where scripts do not run: with them the button above searches (issue 58). */}
          <noscript>
            <p className="search-page-browse">{search.browse}</p>
          </noscript>
          {lists
            .filter(([, routes]) => routes.length > 0)
            .map(([heading, routes]) => (
              <section key={heading} aria-label={heading}>
                <h2>{heading}</h2>
                <ul className="search-page-links">
                  {routes.map((other) => (
                    <li key={other.path}>
                      <a href={other.path}>{titleOf(other)}</a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      </Layout>
    </Document>
  );
}
