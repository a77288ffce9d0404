import { homePath, otherLang, sectionHref } from "../pages/routes.ts";
import type { PageContext } from "./context.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { LogoMark } from "./Icons.tsx";

export const SECTION_IDS = { services: "services", expertise: "expertise", contact: "contact" } as const;

export function Header({ context }: { context: PageContext }) {
  const { route, copy, content } = context;
  const { header } = copy.common;
  const target = otherLang(route.lang);
  const switchHref = route.kind === "impressum" ? undefined : (route.alternates[target] ?? homePath(target));
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="logo" href={homePath(route.lang)} aria-label={header.homeLabel}>
          <LogoMark />
          <span className="logo-text">{content.site.company.logo}</span>
        </a>
        <nav className="header-nav" aria-label={header.navLabel}>
          <ul>
            {(Object.keys(SECTION_IDS) as (keyof typeof SECTION_IDS)[]).map((key) => (
              <li key={key}>
                <a href={sectionHref(route, SECTION_IDS[key])}>{header.nav[key]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          {switchHref ? (
            <a
              className="lang-switch"
              href={switchHref}
              hrefLang={target}
              lang={target}
              data-lang-switch=""
            >
              {header.languageSwitch.text}
              <span className="visually-hidden"> – {header.languageSwitch.label}</span>
            </a>
          ) : null}
          <ExternalLink className="button button-primary button-small" href={content.site.schedulingUrl} newTab={copy.common.newTab}>
            <span className="label-long">{header.bookMeeting}</span>
            <span className="label-short">{header.bookMeetingShort}</span>
          </ExternalLink>
        </div>
      </div>
    </header>
  );
}
