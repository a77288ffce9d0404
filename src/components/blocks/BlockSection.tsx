import type { ReactNode } from "react";

/** A block's band: the page's container, its heading (h2) and what the block holds. */
export function BlockSection({
  id,
  heading,
  tone,
  children,
}: {
  id: string;
  heading: string;
  tone?: "tinted";
  children: ReactNode;
}) {
  return (
    <section className={tone ? `section section-${tone}` : "section"} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="section-heading">
          <h2 id={`${id}-heading`}>{heading}</h2>
        </div>
        {children}
      </div>
    </section>
  );
}
