import type { Common, Site } from "../content/schemas/index.ts";
import type { MenuEntry } from "../routes/route.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { Icon, LogoMark } from "./Icons.tsx";
import { MenuLink } from "./MenuLink.tsx";

export interface FooterProps {
  copy: Common["footer"];
  homeLabel: string;
  newTab: string;
  homeHref: string;
  /** The arrow links under the tagline. */
  links: MenuEntry[];
  menu: MenuEntry[];
  company: Site["company"];
  social: Site["social"];
}

export function Footer({ copy, homeLabel, newTab, homeHref, links, menu, company, social }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="logo" href={homeHref} aria-label={homeLabel}>
            <LogoMark />
            <span className="logo-text">{company.logo}</span>
          </a>
          <p className="footer-tagline">{copy.tagline}</p>
          <ul className="footer-links">
            {links.map((link) => (
              <li key={link.href}>
                <MenuLink className="text-link" entry={link}>
                  <Icon name="arrowRight" className="icon icon-inline" />
                </MenuLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{copy.contactHeading}</h2>
          <ul className="footer-list">
            <li>
              <a href={`mailto:${company.email}`}>
                <Icon name="mail" className="icon icon-inline" />
                {company.email}
              </a>
            </li>
            <li>
              <a href={`tel:${company.phoneHref}`}>
                <Icon name="phone" className="icon icon-inline" />
                {company.phone}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{copy.followHeading}</h2>
          <ul className="social-list">
            {social.map((profile) => (
              <li key={profile.icon}>
                <ExternalLink className="social-link" href={profile.url} newTab={newTab} label={profile.name}>
                  <Icon name={profile.icon} />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{copy.navHeading}</h2>
          <ul className="footer-list">
            {menu.map((entry) => (
              <li key={entry.href}>
                <MenuLink entry={entry} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{copy.copyright}</p>
      </div>
    </footer>
  );
}
