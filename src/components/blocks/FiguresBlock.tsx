import { ExternalLink } from "../ExternalLink.tsx";
import { BlockSection } from "./BlockSection.tsx";
import type { BlockProps } from "./props.ts";

/** Large numbers with their labels, each with its evidence: a link to its source, or its footnote. */
export function FiguresBlock({ block, context, id }: BlockProps<"figures">) {
  const { newTab } = context.copy.common;
  return (
    <BlockSection id={id} heading={block.heading}>
      <dl className="stats block-figures">
        {block.figures.map((figure) => (
          <div key={`${figure.value} ${figure.label}`} className="card stat">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
            <dd className="block-figure-source">
              {figure.footnote ?? null}
              {figure.source ? (
                <>
                  {figure.footnote ? " " : null}
                  <ExternalLink href={figure.source} newTab={newTab}>
                    {new URL(figure.source).hostname}
                  </ExternalLink>
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </BlockSection>
  );
}
