import { BackLink } from "../components/BackLink.tsx";
import type { PageContext } from "../components/context.ts";
import { markerOf } from "../components/marker.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { TableOfContents } from "../components/TableOfContents.tsx";
import { fill } from "../content/interpolate.ts";
import { homePath } from "../content/locales.ts";
import type { Page } from "../content/types.ts";
import { MarkdownDocument } from "./MarkdownDocument.tsx";

/** A page from content/<lang>/pages/: the privacy policy, an article, a service page. */
export function MarkdownPage({ context }: { context: PageContext }) {
  const { route, model, copy } = context;
  const page = route.page as Page;
  const locale = model.locale(route.lang);
  const section = model.sectionOf(route);
  const back = section
    ? { href: section.path, label: fill(copy.common.pages.backToSection, { title: section.page?.meta.title ?? "" }) }
    : { href: homePath(locale), label: copy.common.legal.backToHome };
  return (
    <MarkdownDocument context={context} page={page} section={section}>
      <article className="container legal">
        <BackLink href={back.href} label={back.label} />
        <PageHeading
          title={page.meta.title}
          date={page.meta.date}
          locale={locale}
          draftLabel={markerOf(route, copy, locale)}
        />
        {page.meta.toc ? <TableOfContents headings={page.headings} label={copy.common.legal.onThisPage} /> : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: model.pageHtml(route) }} />
      </article>
    </MarkdownDocument>
  );
}
