import { BlockSection } from "./BlockSection.tsx";
import type { BlockProps } from "./props.ts";

/**
 * Questions and answers as <details> rows with a chevron. No FAQPage structured data: Google stopped showing FAQ
 * rich results in May 2026 (issue 59), and markup nobody reads is weight on every visit.
 */
export function FaqBlock({ block, id }: BlockProps<"faq">) {
  return (
    <BlockSection id={id} heading={block.heading} tone="tinted">
      <div className="block-faq">
        {block.items.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
