import { href } from "../../routes/navigation.ts";
import { Icon } from "../Icons.tsx";
import { BlockSection } from "./BlockSection.tsx";
import type { BlockProps } from "./props.ts";

/** Cards with icon, title, text and, where given, a link: the home page's service cards. */
export function ServicesBlock({ block, context, id }: BlockProps<"services">) {
  return (
    <BlockSection id={id} heading={block.heading}>
      <ul className="card-grid">
        {block.cards.map((card) => (
          <li key={card.title} className="card service-card">
            <span className="card-icon">
              <Icon name={card.icon} />
            </span>
            <h3>
              {card.link ? (
                <a className="block-card-link" href={href(context.model, card.link, context.route)}>
                  {card.title}
                </a>
              ) : (
                card.title
              )}
            </h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
