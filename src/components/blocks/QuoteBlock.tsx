import { Picture } from "../Picture.tsx";
import type { BlockProps } from "./props.ts";

/** A testimonial: the quotation large, the person (only with their consent, which the schema holds), role and company below. */
export function QuoteBlock({ block, loaded, id }: BlockProps<"quote">) {
  const photo = block.photo === undefined ? undefined : loaded.pictures[block.photo];
  const who = [block.role, block.company].filter(Boolean).join(", ");
  return (
    <section className="section block-quote" id={id}>
      <div className="container">
        <figure className="block-quote-figure">
          <blockquote>
            <p>{block.quote}</p>
          </blockquote>
          <figcaption>
            {photo && block.person ? (
              <span className="block-quote-photo">
                <Picture image={photo} alt={block.person} sizes="64px" />
              </span>
            ) : null}
            <span>
              {block.person ? <strong>{block.person}</strong> : null}
              {block.person ? <br /> : null}
              {who}
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
