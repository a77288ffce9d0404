import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";

/** Where a value stands in the text (offsets) and the key path it is the value of. */
interface Placed {
  from: number;
  to: number;
  key: string;
}

/**
 * The key path of the value at a line and column (both from 1) of a YAML text: "company.email", "social.url" (list
 * positions left out, as a form's fields are named); none outside every value, or in a text the reader cannot parse
 * (its own error says why). Made for text found by a pattern, line by line (a placeholder), to name its field.
 */
export function keyAtPosition(text: string): (line: number, column: number) => string | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, schema: "core" });
  const placed: Placed[] = [];
  const visit = (node: Node | null | undefined, path: string[]) => {
    if (isMap(node))
      for (const pair of node.items) {
        if (isPair(pair) && isScalar(pair.key)) visit(pair.value as Node | null, [...path, String(pair.key.value)]);
      }
    else if (isSeq(node)) for (const item of node.items) visit(item as Node, path);
    else if (isScalar(node) && node.range && path.length > 0)
      placed.push({ from: node.range[0], to: node.range[1], key: path.join(".") });
  };
  if (doc.errors.length === 0) visit(doc.contents as Node | null, []);
  // The values in the order they stand, none inside another: the one at an offset is found by halving (a file of
  // 50,000 placeholders took 5 s one by one).
  return (line, column) => {
    const offset = (lineCounter.lineStarts[line - 1] ?? Number.NaN) + column - 1;
    let low = 0;
    let high = placed.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = placed[middle] as Placed;
      if (offset < value.from) high = middle - 1;
      else if (offset >= value.to) low = middle + 1;
      else return value.key;
    }
    return undefined;
  };
}
