import { Picture } from "../Picture.tsx";
import { BlockSection } from "./BlockSection.tsx";
import type { BlockProps } from "./props.ts";

/** Client logos, greyscale at one optical height, with their names as alt text; no links. */
export function LogosBlock({ block, loaded, id }: BlockProps<"logos">) {
  return (
    <BlockSection id={id} heading={block.heading}>
      <ul className="block-logos">
        {block.logos.map((logo) => {
          const image = loaded.pictures[logo.image];
          return image ? (
            <li key={`${logo.image} ${logo.alt}`}>
              <Picture image={image} alt={logo.alt} sizes="160px" />
            </li>
          ) : null;
        })}
      </ul>
    </BlockSection>
  );
}
