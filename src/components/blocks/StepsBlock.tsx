import { BlockSection } from "./BlockSection.tsx";
import type { BlockProps } from "./props.ts";

/** A numbered process: an ordered list of cards, the numbers in the accent. */
export function StepsBlock({ block, id }: BlockProps<"steps">) {
  return (
    <BlockSection id={id} heading={block.heading} tone="tinted">
      <ol className="card-grid block-steps">
        {block.steps.map((step) => (
          <li key={step.title} className="card block-step">
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
