import type { PageContext } from "./context.ts";
import { ExternalLink } from "./ExternalLink.tsx";
import { SECTION_IDS } from "../shared/page-markup.ts";
import { HeroArt } from "./HeroArt.tsx";
import { Icon, type IconName } from "./Icons.tsx";

// One icon per badge, in the order the content lists them (AI-powered, scalable, results-driven).
const BADGE_ICONS: IconName[] = ["cpu", "layers", "target"];

export function Hero({ context }: { context: PageContext }) {
  const { hero } = context.copy.home;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero-inner">
        <div className="hero-text">
          <h1 id="hero-heading" className="hero-headline">
            {hero.headline}
          </h1>
          <p className="hero-sub">{hero.subheadline}</p>
          <div className="hero-actions">
            <ExternalLink
              className="button button-primary button-large"
              href={context.content.site.schedulingUrl}
              newTab={context.copy.common.newTab}
            >
              <Icon name="calendar" className="icon icon-inline" />
              {hero.bookMeeting}
            </ExternalLink>
            <a className="button button-secondary button-large" href={`#${SECTION_IDS.contact}`}>
              {hero.getInTouch}
              <Icon name="arrowRight" className="icon icon-inline" />
            </a>
          </div>
          <ul className="badges">
            {hero.badges.map((badge, index) => (
              <li key={badge} className="badge">
                <Icon name={BADGE_ICONS[index] ?? "spark"} className="icon icon-inline" />
                {badge}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
