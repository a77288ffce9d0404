import type { ReactNode } from "react";
import { homePath } from "../content/locales.ts";
import type { PageContext } from "./context.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { CHROME_IDS } from "../shared/page-markup.ts";
import { entries, languageLinks, menu } from "../routes/navigation.ts";

const MAIN_ID = CHROME_IDS.main;

/** Skip link, header, the page's main content, footer: the frame every page shares. */
export function Layout({ context, children }: { context: PageContext; children: ReactNode }) {
  const { route, model, copy, content } = context;
  const { common } = copy;
  const locale = model.locale(route.lang);
  const homeHref = homePath(locale);
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {common.skipLink}
      </a>
      <Header
        copy={common.header}
        newTab={common.newTab}
        logo={content.site.company.logo}
        homeHref={homeHref}
        menu={menu(model, route, "header")}
        languages={languageLinks(model, route)}
        schedulingUrl={content.site.schedulingUrl}
        search={{ href: model.find("search", route.lang)?.path ?? homeHref, label: common.search.title }}
      />
      <main id={MAIN_ID} tabIndex={-1}>
        {/* npm run dev only: a staged language is never built for dist/. The default language's words, since this one's may be missing. */}
        {locale.published ? null : (
          <p className="staged-language" lang={model.defaultLocale.code}>
            {model.content.langs[model.defaultLocale.code]?.common.language.staged}
          </p>
        )}
        {/* The target of a language button on a page with no translation here: shown only when it is the URL's #fragment. */}
        {route.kind === "home" || route.kind === "section" ? (
          <p id={CHROME_IDS.notTranslated} className="not-translated" tabIndex={-1}>
            {common.language.notTranslated}
          </p>
        ) : null}
        {children}
      </main>
      <Footer
        copy={common.footer}
        homeLabel={common.header.homeLabel}
        newTab={common.newTab}
        homeHref={homeHref}
        links={entries(model, common.footer.links, route)}
        menu={menu(model, route, "footer")}
        company={content.site.company}
        social={content.site.social}
      />
    </>
  );
}
