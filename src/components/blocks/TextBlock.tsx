import { resolveTargets } from "../../content/markdown/directives/targets.ts";
import { href } from "../../routes/navigation.ts";
import type { BlockProps } from "./props.ts";

/** Rich text: the author's Markdown with the components every page has, its links resolved as a page's are. */
export function TextBlock({ loaded, context, id }: BlockProps<"text">) {
  const html = resolveTargets(loaded.html ?? "", (to) => href(context.model, to, context.route));
  return (
    <section className="section block-text" id={id}>
      <div className="container">
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </section>
  );
}
