import { z } from "zod";

// did-you-mean is shared with the editor's browser code (shared/verdict/suggest.ts); its one home is there.
export { didYouMean } from "../../shared/verdict/suggest.ts";

/**
 * The keys an object in the schema allows at a key path (the path of a zod issue): read from the schema
 * itself, so a suggestion can never name a key the schema has dropped. Lists, optional, defaulted and
 * piped values are looked through; undefined where the path leads to no object. Given the data as written, a
 * discriminated union (a page's blocks) is looked through to the option its entry's type names.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[], data?: unknown): string[] | undefined {
  let node: z.ZodType | undefined = schema;
  for (let index = 0; node; ) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault)
      node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else if (node instanceof z.ZodDiscriminatedUnion) node = optionOf(node, valueAt(data, path.slice(0, index)));
    else if (index === path.length) return node instanceof z.ZodObject ? Object.keys(node.shape) : undefined;
    else if (node instanceof z.ZodObject) node = node.shape[String(path[index++])] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray) {
      node = node.element as z.ZodType;
      index++;
    } else return undefined;
  }
  return undefined;
}

const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    data,
  );

/** The option of a discriminated union that a written value's discriminator names, if any. */
function optionOf(union: z.ZodDiscriminatedUnion, written: unknown): z.ZodType | undefined {
  const key = union.def.discriminator;
  const value = written !== null && typeof written === "object" ? (written as Record<string, unknown>)[key] : undefined;
  return (union.options as z.ZodType[]).find(
    (option) =>
      option instanceof z.ZodObject && (option.shape[key] as z.ZodLiteral | undefined)?.values.has(value as never),
  );
}
