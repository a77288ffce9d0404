import type { Common } from "../content/schemas/index.ts";
import type { LanguageLink, MenuEntry } from "../routes/model.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { Icon, LogoMark } from "./Icons.tsx";
import { SEARCH_CONTROL_ATTRIBUTE } from "../shared/page-markup.ts";
import { MenuLink } from "./MenuLink.tsx";

export interface HeaderProps {
  copy: Common["header"];
  newTab: string;
  logo: string;
  homeHref: string;
  menu: MenuEntry[];
  /** One link per other language; none on the bilingual Impressum. */
  languages: LanguageLink[];
  schedulingUrl: string;
  /** The search page, which the loader turns into the search dialog (search/browser/), and the control's name. */
  search: { href: string; label: string };
}

export function Header({ copy, newTab, logo, homeHref, menu, languages, schedulingUrl, search }: HeaderProps) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="logo" href={homeHref} aria-label={copy.homeLabel}>
          <LogoMark />
          <span className="logo-text">{logo}</span>
        </a>
        <nav className="header-nav" aria-label={copy.navLabel}>
          <ul>
            {menu.map((entry) => (
              <li key={entry.href}>
                <MenuLink entry={entry} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <a href={search.href} aria-label={search.label} {...{ [SEARCH_CONTROL_ATTRIBUTE]: "" }}>
            <Icon name="magnifier" />
          </a>
          {languages.map((language) => (
            // A page without a translation says where the button leads instead, as its title: a tooltip, and the
            // description screen readers read after "DE" (the same words in the name too would be read twice).
            <a
              key={language.lang}
              className="lang-switch"
              href={language.href}
              hrefLang={language.lang}
              lang={language.lang}
              title={language.fallback ? language.readThisPage : undefined}
              data-lang-switch=""
            >
              {language.short}
              {language.fallback ? null : <span className="visually-hidden"> – {language.readThisPage}</span>}
            </a>
          ))}
          <ExternalLink className="button button-primary button-small" href={schedulingUrl} newTab={newTab}>
            <span className="label-long">{copy.bookMeeting}</span>
            <span className="label-short">{copy.bookMeetingShort}</span>
          </ExternalLink>
        </div>
      </div>
    </header>
  );
}
