import { z } from "zod";

// did-you-mean is shared with the editor's browser code (shared/verdict/suggest.ts); its one home is there.
export { didYouMean } from "../../shared/verdict/suggest.ts";

/**
 * The schema's nodes at a key path (the path of a zod issue), outermost first: the value's wrappers (optional,
 * defaulted, piped) and what they wrap, the innermost last. Lists are looked through; empty where the path leads
 * nowhere. Given the data as written, a discriminated union (a page's blocks) is looked through to the option its
 * entry's type names.
 */
export function nodesAt(schema: z.ZodType, path: readonly PropertyKey[], data?: unknown): z.ZodType[] {
  const chain: z.ZodType[] = [];
  let node: z.ZodType | undefined = schema;
  for (let index = 0; node; ) {
    if (index === path.length) chain.push(node);
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault)
      node = node.unwrap() as z.ZodType;
    else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else if (node instanceof z.ZodDiscriminatedUnion) node = optionOf(node, valueAt(data, path.slice(0, index)));
    else if (index === path.length) return chain;
    else if (node instanceof z.ZodObject) node = node.shape[String(path[index++])] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray) {
      node = node.element as z.ZodType;
      index++;
    } else return [];
  }
  return chain;
}

/**
 * The keys an object in the schema allows at a key path: read from the schema itself, so a suggestion can never name
 * a key the schema has dropped; undefined where the path leads to no object.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[], data?: unknown): string[] | undefined {
  const inner = nodesAt(schema, path, data).at(-1);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : undefined;
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
