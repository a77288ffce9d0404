import type { ReactNode } from "react";

/**
 * A home page section: its anchor id, the eyebrow / heading / intro every section opens with, and the
 * section's own content. `after` sits outside the centred container (the form island's props).
 */
export function Section({
  id,
  tone,
  layout,
  eyebrow,
  heading,
  intro,
  children,
  after,
}: {
  id: string;
  tone?: "tinted" | "dark";
  /** Extra class on the container, for sections that lay the heading out beside their content. */
  layout?: string;
  eyebrow: string;
  heading: string;
  intro: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section id={id} className={tone ? `section section-${tone}` : "section"} aria-labelledby={`${id}-heading`}>
      <div className={layout ? `container ${layout}` : "container"}>
        <div className="section-heading">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={`${id}-heading`}>{heading}</h2>
          <p className="section-intro">{intro}</p>
        </div>
        {children}
      </div>
      {after}
    </section>
  );
}
