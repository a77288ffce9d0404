import type { Common } from "../content/schemas/index.ts";
import type { LanguageLink, MenuEntry } from "../routes/route.ts";
import { CHROME_IDS, MENU_ATTRIBUTE, SEARCH_CONTROL_ATTRIBUTE } from "../shared/page-markup.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { Icon, LogoMark } from "./Icons.tsx";
import { MenuLink } from "./MenuLink.tsx";

const MENU_LIST_ID = CHROME_IDS.menu;

export interface HeaderProps {
  copy: Common["header"];
  newTab: string;
  logo: string;
  homeHref: string;
  menu: MenuEntry[];
  /** One link per other language; none on the bilingual Impressum. */
  languages: LanguageLink[];
  schedulingUrl: string;
  /**
   * The search page, which the loader turns into the search dialog (search/browser/), and the control's name: an icon
   * beside the navigation on every width (on a phone one tap away, not inside the menu).
   */
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
        {/* One navigation landmark and one list: from 900 px its links in a row; below, a menu button whose
            <details>, when open, shows the same list as a panel (site.css), with no script. The loader adds
            aria-expanded, focus into it, and closing on Escape, an outside click or a followed link (client/menu.ts). */}
        <nav className="header-nav" aria-label={copy.navLabel} {...{ [MENU_ATTRIBUTE]: "" }}>
          <details className="menu">
            <summary className="menu-button" aria-controls={MENU_LIST_ID}>
              <Icon name="menu" />
              <span className="menu-label">{copy.menuButton}</span>
            </summary>
          </details>
          <div className="nav-links" id={MENU_LIST_ID}>
            <ul>
              {menu.map((entry) => (
                <li key={entry.href}>
                  <MenuLink entry={entry} />
                </li>
              ))}
            </ul>
          </div>
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
