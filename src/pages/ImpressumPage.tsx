import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { Document } from "../components/Document.tsx";
import { Layout } from "../components/Layout.tsx";
import { homePath } from "../content/locales.ts";
import { documentTitle } from "../content/schemas/titles.ts";

export function ImpressumPage({ context }: { context: PageContext }) {
  const { impressum, langs } = context.content;
  return (
    <Document
      context={context}
      title={documentTitle(impressum.title, context.content.site.company.name)}
      description={impressum.description}
      bodyAttributes={{ "data-page": "impressum" }}
    >
      <Layout context={context}>
        <article className="container legal">
          <div className="back-links">
            {impressum.sections.map((section) => (
              <BackLink
                key={section.lang}
                href={homePath(context.model.locale(section.lang))}
                label={langs[section.lang]?.common.legal.backToHome ?? ""}
                lang={section.lang === context.route.lang ? undefined : section.lang}
              />
            ))}
          </div>
          <h1>{impressum.title}</h1>
          {impressum.sections.map((section) => (
            <section
              key={section.lang}
              lang={section.lang === context.route.lang ? undefined : section.lang}
              aria-labelledby={`impressum-${section.lang}`}
              className="legal-section"
            >
              <h2 id={`impressum-${section.lang}`}>{section.heading}</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
        </article>
      </Layout>
    </Document>
  );
}
