import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { markerOf } from "../components/marker.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { fill } from "../content/rules/interpolate.ts";
import { homePath } from "../content/locales.ts";
import { documentTitle } from "../content/schemas/titles.ts";
import { Entry, ListPageLinks } from "./SectionPage.tsx";

/**
 * One list page of a tag: the articles that carry it, newest first, as a section lists its pages (the same entries,
 * the same paging). "Tagged “RAG”" is common.yaml's tags.title; a further list page adds its number as a section's does.
 */
export function TagPage({ context }: { context: PageContext }) {
  const { route, model, copy } = context;
  const locale = model.locale(route.lang);
  const number = route.list?.number ?? 1;
  const listPages = model.tagListPages(route);
  const [previous, next] = [listPages[number - 2], listPages[number]];
  const tagTitle = fill(copy.common.tags.title, { tag: route.tag?.name ?? "" });
  const title = number === 1 ? tagTitle : fill(copy.common.pages.listPageTitle, { title: tagTitle, number });
  const neighbours = [
    previous && <link key="prev" rel="prev" href={previous.path} />,
    next && <link key="next" rel="next" href={next.path} />,
  ];
  return (
    <Document
      context={context}
      title={documentTitle(title, context.content.site.company.name)}
      description={title}
      bodyAttributes={{ "data-page": route.key }}
      head={neighbours}
    >
      <Layout context={context}>
        <div className="container legal">
          <BackLink href={homePath(locale)} label={copy.common.legal.backToHome} />
          <PageHeading title={title} locale={locale} />
          <ul className="entries">
            {model.tagEntries(route).map((entry) => (
              <Entry key={entry.path} route={entry} locale={locale} draftLabel={markerOf(entry, copy, locale)} />
            ))}
          </ul>
          <ListPageLinks previous={previous} next={next} copy={copy.common.pages} />
        </div>
      </Layout>
    </Document>
  );
}
