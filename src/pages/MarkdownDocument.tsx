import type { ReactNode } from "react";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { fill } from "../content/interpolate.ts";
import type { Page } from "../content/load.ts";
import type { Route } from "../routes/model.ts";
import { documentTitle } from "../content/titles.ts";

/** The document and frame of a page from Markdown: its title and description, and its section's feed. */
export function MarkdownDocument({ context, page, section, children }: { context: PageContext; page: Page; section?: Route; children: ReactNode }) {
  const feedTitle = fill(context.copy.common.pages.feedTitle, { title: section?.page?.meta.title ?? "" });
  return (
    <Document
      context={context}
      title={documentTitle(page.meta.title, context.content.site.company.name)}
      description={page.meta.description}
      bodyAttributes={{ "data-page": context.route.key }}
      head={section?.feed ? <link rel="alternate" type="application/atom+xml" href={section.feed} title={feedTitle} /> : null}
    >
      <Layout context={context}>{children}</Layout>
    </Document>
  );
}
