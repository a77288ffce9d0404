import type { ReactNode } from "react";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { fill } from "../content/rules/interpolate.ts";
import type { Page } from "../content/types.ts";
import type { Route } from "../routes/route.ts";
import { documentTitle } from "../content/schemas/titles.ts";

/** The document and frame of a page from Markdown: its title (the page's own unless given) and description, and its section's feed. */
export function MarkdownDocument({
  context,
  page,
  section,
  title = page.meta.title,
  head,
  children,
}: {
  context: PageContext;
  page: Page;
  section?: Route;
  title?: string;
  head?: ReactNode;
  children: ReactNode;
}) {
  const feedTitle = fill(context.copy.common.pages.feedTitle, { title: section?.page?.meta.title ?? "" });
  return (
    <Document
      context={context}
      title={documentTitle(title, context.content.site.company.name)}
      description={page.meta.description}
      bodyAttributes={{ "data-page": context.route.key }}
      head={
        <>
          {section?.feed ? (
            <link rel="alternate" type="application/atom+xml" href={section.feed} title={feedTitle} />
          ) : null}
          {head}
        </>
      }
    >
      <Layout context={context}>{children}</Layout>
    </Document>
  );
}
