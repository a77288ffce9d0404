import type { LoadedBlock } from "../../content/types.ts";
import type { Block } from "../../content/schemas/index.ts";
import type { PageContext } from "../context.ts";

/** What every block's component gets: its block, read (schemas/blocks.ts, content/blocks.ts), the page's context and its id. */
export interface BlockProps<T extends Block["type"]> {
  block: Extract<Block, { type: T }>;
  loaded: LoadedBlock;
  context: PageContext;
  /** The block's id on the page, "block-3" (counted from 1): its heading's id is derived from it. */
  id: string;
}
