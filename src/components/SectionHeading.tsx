export function SectionHeading({ id, eyebrow, heading, intro }: { id: string; eyebrow: string; heading: string; intro: string }) {
  return (
    <div className="section-heading">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{heading}</h2>
      <p className="section-intro">{intro}</p>
    </div>
  );
}
