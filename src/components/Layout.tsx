import type { ReactNode } from "react";
import { homePath } from "../content/locales.ts";
import type { PageContext } from "./context.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { CHROME_IDS } from "../shared/page-ids.ts";

const MAIN_ID = CHROME_IDS.main;

/** Skip link, header, the page's main content, footer: the frame every page shares. */
export function Layout({ context, children }: { context: PageContext; children: ReactNode }) {
  const { route, model, copy, content } = context;
  const { common } = copy;
  const homeHref = homePath(model.locale(route.lang));
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
        menu={model.menu(route, "header")}
        languages={model.languageLinks(route)}
        schedulingUrl={content.site.schedulingUrl}
      />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer
        copy={common.footer}
        homeLabel={common.header.homeLabel}
        newTab={common.newTab}
        homeHref={homeHref}
        links={common.footer.links.map((link) => ({ label: link.label, href: model.href(link.to, route) }))}
        menu={model.menu(route, "footer")}
        company={content.site.company}
        social={content.site.social}
      />
    </>
  );
}
