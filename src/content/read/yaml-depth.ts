import { isMap, isPair, isSeq } from "yaml";
import { MAX_YAML_NESTING } from "./guards.ts";

/**
 * Where YAML nests deeper than MAX_YAML_NESTING (lists and groups inside each other): the offset of the first
 * value too deep, or undefined. Walked with a stack of its own, not recursion, so that a file of 20,000 "[" costs
 * no stack; the reader's later steps (duplicate keys, invisible characters, toJS, the schemas) recurse, and run
 * only on documents this let through.
 */
export function tooDeepNode(contents: unknown): number | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: contents, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, depth } = next;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth >= MAX_YAML_NESTING) return (node as { range?: [number, number, number] }).range?.[0];
    for (const item of node.items) {
      if (isPair(item)) {
        stack.push({ node: item.key, depth: depth + 1 });
        stack.push({ node: item.value, depth: depth + 1 });
      } else stack.push({ node: item, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * The same place found in the text, for a file the YAML library could not parse at all because it nests so deep
 * that the library ran out of stack (its error names wherever that happened, hundreds of levels in). Counts the
 * brackets of flow style ([ and {) and the indentation steps and "- " of block style, outside quotes and
 * comments; near enough to point the author at the line where the nesting starts to run away.
 */
export function tooDeepText(text: string): number | undefined {
  const indents: number[] = [];
  let flow = 0;
  let quote: string | undefined;
  let lineStart = true;
  let indent = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === "\n") lineStart = true;
      continue;
    }
    if (char === "\n") {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && flow === 0) {
      if (char === " ") {
        indent += 1;
        continue;
      }
      lineStart = false;
      while (indents.length > 0 && (indents.at(-1) as number) >= indent) indents.pop();
      indents.push(indent);
    }
    if (char === "#" && (at === 0 || /\s/.test(text[at - 1] as string))) {
      const end = text.indexOf("\n", at);
      at = (end === -1 ? text.length : end) - 1;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "[" || char === "{") flow += 1;
    else if (char === "]" || char === "}") flow = Math.max(0, flow - 1);
    else if (char === "-" && flow === 0 && text[at + 1] === " ") indents.push(Number.POSITIVE_INFINITY);
    if (flow + indents.length > MAX_YAML_NESTING) return at;
  }
  return undefined;
}
