import { homePath, langPrefix, sectionHref } from "../pages/routes.ts";
import type { PageContext } from "./context.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { SECTION_IDS } from "./Header.tsx";
import { Icon, LogoMark } from "./Icons.tsx";

export function Footer({ context }: { context: PageContext }) {
  const { route, copy, content } = context;
  const { footer, newTab } = copy.common;
  const { company, social } = content.site;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="logo" href={homePath(route.lang)} aria-label={copy.common.header.homeLabel}>
            <LogoMark />
            <span className="logo-text">{company.logo}</span>
          </a>
          <p className="footer-tagline">{footer.tagline}</p>
          <a className="text-link" href={sectionHref(route, SECTION_IDS.services)}>
            {footer.servicesLink}
            <Icon name="arrowRight" className="icon icon-inline" />
          </a>
        </div>
        <div>
          <h2 className="footer-heading">{footer.contactHeading}</h2>
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
          <h2 className="footer-heading">{footer.followHeading}</h2>
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
          <h2 className="footer-heading">{footer.legalHeading}</h2>
          <ul className="footer-list">
            <li>
              <a href="/impressum">{footer.impressum}</a>
            </li>
            <li>
              <a href={`${langPrefix(route.lang)}/datenschutz`}>{footer.privacy}</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{footer.copyright}</p>
      </div>
    </footer>
  );
}
