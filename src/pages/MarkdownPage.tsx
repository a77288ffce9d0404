import { ArticleEnd } from "../components/ArticleEnd.tsx";
import { BackLink } from "../components/BackLink.tsx";
import { Byline } from "../components/Byline.tsx";
import { authorOf } from "../routes/authors.ts";
import type { PageContext } from "../components/context.ts";
import { markerOf } from "../components/marker.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { TableOfContents } from "../components/TableOfContents.tsx";
import { fill } from "../content/rules/interpolate.ts";
import { homePath } from "../content/locales.ts";
import type { Page } from "../content/types.ts";
import { CampaignPage } from "./CampaignPage.tsx";
import { MarkdownDocument } from "./MarkdownDocument.tsx";
import { shownHtml } from "../routes/places.ts";

/** A page from content/<lang>/pages/: the privacy policy, an article, a service page. */
export function MarkdownPage({ context }: { context: PageContext }) {
  const { route, model, copy } = context;
  const page = route.page as Page;
  if (page.blocks) return <CampaignPage context={context} blocks={page.blocks} />;
  const locale = model.locale(route.lang);
  const section = model.sectionOf(route);
  const author = authorOf(route, context.content);
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
          updated={page.meta.lastmod ? { date: page.meta.lastmod, copy: copy.common.pages.updated } : undefined}
          byline={author ? <Byline copy={copy.common.pages.byline} {...author} /> : undefined}
        />
        {page.meta.toc ? <TableOfContents headings={page.headings} label={copy.common.legal.onThisPage} /> : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: shownHtml(model, route) }} />
        <ArticleEnd route={route} model={model} copy={copy.common.tags} />
      </article>
    </MarkdownDocument>
  );
}
