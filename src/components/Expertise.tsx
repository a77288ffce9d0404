import type { PageContext } from "./context.ts";
import { SECTION_IDS } from "../shared/page-markup.ts";
import { Section } from "./Section.tsx";

export function Expertise({ context }: { context: PageContext }) {
  const { expertise } = context.copy.home;
  return (
    <Section
      id={SECTION_IDS.expertise}
      tone="tinted"
      layout="expertise-inner"
      eyebrow={expertise.eyebrow}
      heading={expertise.heading}
      intro={expertise.intro}
    >
      <dl className="stats">
        {expertise.stats.map((stat) => (
          <div key={stat.label} className="stat card">
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
