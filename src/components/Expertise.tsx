import type { PageContext } from "./context.ts";
import { SECTION_IDS } from "./Header.tsx";
import { SectionHeading } from "./SectionHeading.tsx";

export function Expertise({ context }: { context: PageContext }) {
  const { expertise } = context.copy.home;
  return (
    <section id={SECTION_IDS.expertise} className="section section-tinted" aria-labelledby="expertise-heading">
      <div className="container expertise-inner">
        <SectionHeading id="expertise-heading" eyebrow={expertise.eyebrow} heading={expertise.heading} intro={expertise.intro} />
        <dl className="stats">
          {expertise.stats.map((stat) => (
            <div key={stat.label} className="stat card">
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
