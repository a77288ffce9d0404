import { href } from "../../routes/navigation.ts";
import { Picture } from "../Picture.tsx";
import type { BlockProps } from "./props.ts";

/** The page's first screen: its h1, one line of subline, one primary button, and the image, the page's LCP element. */
export function HeroBlock({ block, loaded, context, id }: BlockProps<"hero">) {
  const image = loaded.pictures[block.image];
  return (
    <section className="hero block-hero" aria-labelledby={`${id}-heading`}>
      <div className="container block-hero-inner">
        <div className="block-hero-text">
          <h1 id={`${id}-heading`} className="hero-headline">
            {block.headline}
          </h1>
          <p className="hero-sub">{block.subline}</p>
          <a className="button button-primary button-large" href={href(context.model, block.action.to, context.route)}>
            {block.action.label}
          </a>
        </div>
        {image ? (
          <div className="block-hero-image">
            <Picture image={image} alt={block.imageAlt} eager priority sizes="(min-width: 1100px) 520px, 100vw" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
