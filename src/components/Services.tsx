import type { PageContext } from "./context.ts";
import { SECTION_IDS } from "../shared/page-markup.ts";
import { Icon } from "./Icons.tsx";
import { Section } from "./Section.tsx";

export function Services({ context }: { context: PageContext }) {
  const { services } = context.copy.home;
  return (
    <Section id={SECTION_IDS.services} eyebrow={services.eyebrow} heading={services.heading} intro={services.intro}>
      <ul className="card-grid">
        {services.cards.map((card) => (
          <li key={card.title} className="card service-card">
            <span className="card-icon">
              <Icon name={card.icon} />
            </span>
            <h3>{card.title}</h3>
            <p>{card.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
