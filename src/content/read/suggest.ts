import { z } from "zod";

// did-you-mean is shared with the editor's browser code (shared/verdict/suggest.ts); its one home is there.
export { didYouMean } from "../../shared/verdict/suggest.ts";

/**
 * The keys an object in the schema allows at a key path (the path of a zod issue): read from the schema
 * itself, so a suggestion can never name a key the schema has dropped. Lists, optional, defaulted and
 * piped values are looked through; undefined where the path leads to no object.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let node: z.ZodType | undefined = schema;
  for (let index = 0; node; ) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault)
      node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else if (index === path.length) return node instanceof z.ZodObject ? Object.keys(node.shape) : undefined;
    else if (node instanceof z.ZodObject) node = node.shape[String(path[index++])] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray) {
      node = node.element as z.ZodType;
      index++;
    } else return undefined;
  }
  return undefined;
}
