import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { homePath } from "./routes.ts";

export function PrivacyPage({ context }: { context: PageContext }) {
  const { privacy, common } = context.copy;
  const { company } = context.content.site;
  return (
    <Document context={context} title={`${privacy.title} – ${company.name}`} description={privacy.description} bodyAttributes={{ "data-page": "privacy" }}>
      <Layout context={context}>
        <article className="container legal">
          <BackLink href={homePath(context.route.lang)} label={common.legal.backToHome} />
          <h1>{privacy.title}</h1>
          <nav className="toc" aria-labelledby="toc-heading">
            <h2 id="toc-heading" className="toc-heading">
              {common.legal.onThisPage}
            </h2>
            <ol>
              {privacy.headings.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose" dangerouslySetInnerHTML={{ __html: privacy.html }} />
        </article>
      </Layout>
    </Document>
  );
}
