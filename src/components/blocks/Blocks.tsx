import type { ReactElement } from "react";
import type { LoadedBlock } from "../../content/types.ts";
import type { BlockType } from "../../content/schemas/index.ts";
import type { PageContext } from "../context.ts";
import { CtaBlock } from "./CtaBlock.tsx";
import { FaqBlock } from "./FaqBlock.tsx";
import { FiguresBlock } from "./FiguresBlock.tsx";
import { HeroBlock } from "./HeroBlock.tsx";
import { LogosBlock } from "./LogosBlock.tsx";
import type { BlockProps } from "./props.ts";
import { QuoteBlock } from "./QuoteBlock.tsx";
import { ServicesBlock } from "./ServicesBlock.tsx";
import { StepsBlock } from "./StepsBlock.tsx";
import { TextBlock } from "./TextBlock.tsx";

/** The component of each block type: a type without one fails to compile. */
const COMPONENTS: { [T in BlockType]: (props: BlockProps<T>) => ReactElement } = {
  hero: HeroBlock,
  text: TextBlock,
  services: ServicesBlock,
  steps: StepsBlock,
  figures: FiguresBlock,
  quote: QuoteBlock,
  logos: LogosBlock,
  faq: FaqBlock,
  cta: CtaBlock,
};

/** A campaign page's blocks, in their order. */
export function Blocks({ blocks, context }: { blocks: readonly LoadedBlock[]; context: PageContext }) {
  return (
    <>
      {blocks.map((loaded, index) => {
        const Component = COMPONENTS[loaded.block.type] as (props: BlockProps<BlockType>) => ReactElement;
        const id = `block-${index + 1}`;
        return <Component key={id} block={loaded.block} loaded={loaded} context={context} id={id} />;
      })}
    </>
  );
}
