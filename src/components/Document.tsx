import type { ReactNode } from "react";
import type { PageContext } from "./context.ts";
import { FRAME_POLICY_ATTRIBUTE } from "../shared/page-markup.ts";
import { preview } from "./preview.ts";
import { isSectionEntry, structuredData } from "./structured-data.ts";

const absolute = (siteUrl: string, path: string) => `${siteUrl}${path}`;

/** JSON inside a <script> must never contain "</script>" or an HTML comment opener. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function Document({
  context,
  title,
  description,
  bodyAttributes = {},
  head,
  children,
}: {
  context: PageContext;
  title: string;
  description: string;
  bodyAttributes?: Record<`data-${string}`, string>;
  head?: ReactNode;
  children: ReactNode;
}) {
  const { route, assets, siteUrl, content, model } = context;
  const alternates = Object.entries(route.alternates);
  const xDefault = route.alternates[model.defaultLocale.code];
  const card = preview(context);
  const article = isSectionEntry(route);
  // The other languages that have this page, as link previews name them.
  const otherLocales = Object.keys(route.alternates)
    .filter((lang) => lang !== route.lang)
    .map((lang) => model.locale(lang).ogLocale);
  // Data for search engines, never run: the CSP's script-src does not apply to it.
  const schema = structuredData(context);
  return (
    <html
      lang={route.lang}
      {...(route.page?.frames.length ? { [FRAME_POLICY_ATTRIBUTE]: route.page.frames.join(" ") } : {})}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {route.indexable ? (
          <link rel="canonical" href={absolute(siteUrl, route.path)} />
        ) : (
          <meta name="robots" content="noindex" />
        )}
        {/* A preview build keeps every page's canonical address and alternates (as published), and is indexed nowhere. */}
        {route.indexable && model.noindex ? <meta name="robots" content="noindex" /> : null}
        {alternates.map(([lang, path]) => (
          <link key={lang} rel="alternate" hrefLang={lang} href={absolute(siteUrl, path)} />
        ))}
        {xDefault ? <link rel="alternate" hrefLang="x-default" href={absolute(siteUrl, xDefault)} /> : null}
        {/* The build's own stylesheet, allowed by its CSP hash. */}
        <style dangerouslySetInnerHTML={{ __html: assets.stylesheet }} />
        {/* The build's own loader, allowed by its CSP hash: inline, so the first paint waits for no request; a module script runs after parsing and blocks nothing. */}
        {assets.loader ? <script type="module" dangerouslySetInnerHTML={{ __html: assets.loader }} /> : null}
        {assets.devClient ? <script type="module" src={assets.devClient} /> : null}
        <link rel="icon" href={assets.faviconSvg} type="image/svg+xml" />
        <link rel="icon" href={assets.faviconPng} type="image/png" sizes="192x192" />
        <link rel="apple-touch-icon" href={assets.faviconPng} />
        {/* The browser's own bar in each scheme: the accent on the light page, the dark page's ink on the dark one. */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#4f46e5" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b1020" />
        <meta property="og:type" content={article ? "article" : "website"} />
        <meta property="og:site_name" content={content.site.company.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {route.indexable ? <meta property="og:url" content={absolute(siteUrl, route.path)} /> : null}
        <meta property="og:image" content={card.url} />
        <meta property="og:image:width" content={String(card.width)} />
        <meta property="og:image:height" content={String(card.height)} />
        <meta property="og:image:alt" content={card.alt} />
        <meta property="og:locale" content={model.locale(route.lang).ogLocale} />
        {otherLocales.map((locale) => (
          <meta key={locale} property="og:locale:alternate" content={locale} />
        ))}
        {article && route.published ? <meta property="article:published_time" content={route.published} /> : null}
        {article && route.modified ? <meta property="article:modified_time" content={route.modified} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={card.url} />
        <meta name="twitter:image:alt" content={card.alt} />
        {schema ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(schema) }} />
        ) : null}
        {head}
      </head>
      <body {...bodyAttributes}>{children}</body>
    </html>
  );
}
