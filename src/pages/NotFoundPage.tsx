import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { homePath } from "../content/locales.ts";
import { documentTitle } from "../content/schemas/titles.ts";

export function NotFoundPage({ context }: { context: PageContext }) {
  const { notFound } = context.copy.common;
  return (
    <Document
      context={context}
      title={documentTitle(notFound.title, context.content.site.company.name)}
      description={notFound.description}
      bodyAttributes={{ "data-page": "not-found", "data-console-message": notFound.consoleMessage }}
    >
      <Layout context={context}>
        <div className="container not-found">
          <p className="not-found-code" aria-hidden="true">
            404
          </p>
          <h1>{notFound.heading}</h1>
          <p>{notFound.text}</p>
          <BackLink href={homePath(context.model.locale(context.route.lang))} label={notFound.returnHome} />
        </div>
      </Layout>
    </Document>
  );
}
