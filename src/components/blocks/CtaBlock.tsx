import { campaignHref } from "../../routes/campaign.ts";
import type { BlockProps } from "./props.ts";

/** The dark band with one primary button: to the contact form of the page's language, carrying the campaign. */
export function CtaBlock({ block, context, id }: BlockProps<"cta">) {
  const { route, model } = context;
  return (
    <section className="section section-dark block-cta" aria-labelledby={`${id}-heading`}>
      <div className="container block-cta-inner">
        <div>
          <h2 id={`${id}-heading`}>{block.heading}</h2>
          {block.text ? <p className="section-intro">{block.text}</p> : null}
        </div>
        <a
          className="button button-primary button-large"
          href={campaignHref(model.locale(route.lang), block.campaign, route.path)}
        >
          {block.label}
        </a>
      </div>
    </section>
  );
}
