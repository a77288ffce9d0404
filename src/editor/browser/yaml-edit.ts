import { Document, isMap, isScalar, isSeq, type Node, parseDocument, Scalar, type YAMLMap, type YAMLSeq } from "yaml";

/** Key paths (dots, "*" for a list's items) and the value a schema fills in when the key is left out. */
export type Defaults = Readonly<Record<string, unknown>>;

type Data = Record<string, unknown>;

const isRecord = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

/**
 * Whether two values mean the same to the site. The editor trims every text it saves and writes an emptied
 * optional field as nothing, so "text\n" (a block scalar) and "text", or null and "", are the same here.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === "string" && typeof b === "string") return a.trim() === b.trim();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return a === b;
}

const pathOf = (parent: string, key: string | number) =>
  parent === "" ? String(key) : `${parent}.${typeof key === "number" ? "*" : key}`;

/**
 * The data as the author meant it: a key the file did not have is left out when the editor filled it with
 * nothing or with the schema's default (the editor writes `draft: false` for every untouched toggle).
 */
export function withoutInvented(data: unknown, before: unknown, defaults: Defaults, path = ""): unknown {
  if (Array.isArray(data))
    return data.map((item, i) =>
      withoutInvented(item, Array.isArray(before) ? before[i] : undefined, defaults, pathOf(path, i)),
    );
  if (!isRecord(data)) return data;
  const had = isRecord(before) ? before : {};
  const kept: Data = {};
  for (const [key, value] of Object.entries(data)) {
    const keyPath = pathOf(path, key);
    // An emptied field is no key at all (the editor writes it as nothing; the schemas read it as missing).
    if (isEmpty(value) || (!(key in had) && sameValue(value, defaults[keyPath]))) continue;
    kept[key] = withoutInvented(value, had[key], defaults, keyPath);
  }
  return kept;
}

/** The content's own style: no line folded, double quotes where a text needs quotes, [a, b] lists unpadded. */
const TO_STRING = { lineWidth: 0, singleQuote: false, flowCollectionPadding: false } as const;

/** Words joined into lines of at most `width` characters (a folded block reads them back as one line). */
function fold(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/**
 * A one-paragraph text as the block scalar it replaces (`>-` or `|` and its indented lines), its lines no
 * longer than the original's longest, so a rewritten description looks like its neighbours.
 */
function blockText(value: string, source: string): string | undefined {
  const [header = "", ...lines] = source.replace(/\n$/, "").split("\n");
  const indent = /^ */.exec(lines[0] ?? "")?.[0] ?? "";
  if (value.includes("\n") || /^\s|\s$| {2}/.test(value) || indent === "") return undefined;
  const width = Math.max(80, ...lines.map((line) => line.length)) - indent.length;
  const body = header.startsWith(">") ? fold(value, width) : [value];
  return `${[header, ...body.map((line) => `${indent}${line}`)].join("\n")}\n`;
}

/** A scalar written as YAML on its own, in the original's quoting where that still reads back the same. */
function scalarText(value: unknown, like: Scalar, source: string): string | undefined {
  if ((like.type === "BLOCK_FOLDED" || like.type === "BLOCK_LITERAL") && typeof value === "string")
    return blockText(value, source);
  const scalar = new Scalar(value);
  const keepType = typeof value === "string" && !value.includes("\n") && like.type !== undefined;
  if (keepType && (like.type === "QUOTE_DOUBLE" || like.type === "QUOTE_SINGLE" || like.type === "PLAIN"))
    scalar.type = like.type;
  const text = new Document(scalar).toString(TO_STRING).replace(/\n$/, "");
  return text.includes("\n") ? undefined : text;
}

interface Splice {
  from: number;
  to: number;
  text: string;
}

/** Where the line holding `pos` starts. */
const lineStart = (text: string, pos: number) => text.lastIndexOf("\n", pos - 1) + 1;

/** Just after the line break that ends the line holding the character before `end`. */
function lineEnd(text: string, end: number): number {
  const at = text.indexOf("\n", Math.max(end - 1, 0));
  return at < 0 ? text.length : at + 1;
}

/** The YAML of one key and its value (or one list item), every line indented as its new neighbours are. */
function blockOf(value: unknown, indent: string): string {
  return new Document(value)
    .toString(TO_STRING)
    .split("\n")
    .map((line) => (line === "" ? line : `${indent}${line}`))
    .join("\n");
}

/** The longest common subsequence of two lists, as index pairs, items compared as the site reads them. */
function commonItems(before: unknown[], after: unknown[]): [number, number][] {
  const lengths = before.map(() => after.map(() => 0));
  const at = (i: number, j: number) => (i < before.length && j < after.length ? (lengths[i]?.[j] ?? 0) : 0);
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      (lengths[i] as number[])[j] = sameValue(before[i], after[j])
        ? at(i + 1, j + 1) + 1
        : Math.max(at(i + 1, j), at(i, j + 1));
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length; ) {
    if (sameValue(before[i], after[j])) pairs.push([i++, j++]);
    else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/** Edits of a block mapping: values changed in place, keys added after their predecessor, keys removed with their lines. */
function mapSplices(node: YAMLMap, before: Data, after: Data, source: string): Splice[] | undefined {
  const pairOf = (key: string) => node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
  const added = Object.keys(after).filter((key) => !(key in before) && !isEmpty(after[key]));
  const removed = Object.keys(before).filter((key) => !(key in after) && !isEmpty(before[key]));
  const first = node.items[0]?.key;
  if ((added.length > 0 || removed.length > 0) && (node.flow || !isScalar(first) || !first.range)) return undefined;
  const splices: Splice[] = [];
  for (const key of Object.keys(before).filter((key) => key in after)) {
    const child = scalarSplices(pairOf(key)?.value as Node, before[key], after[key], source);
    if (!child) return undefined;
    splices.push(...child);
  }
  const pairEnd = (key: string) => {
    const pair = pairOf(key);
    const node = (pair?.value ?? pair?.key) as Node | undefined;
    return node?.range ? lineEnd(source, node.range[1]) : undefined;
  };
  for (const key of removed) {
    const start = (pairOf(key)?.key as Node | undefined)?.range?.[0];
    const end = pairEnd(key);
    if (start === undefined || end === undefined) return undefined;
    splices.push({ from: lineStart(source, start), to: end, text: "" });
  }
  if (added.length > 0 && isScalar(first) && first.range) {
    const start = lineStart(source, first.range[0]);
    const indent = source.slice(start, first.range[0]);
    // Each new key goes after the key before it in the schema's order, so a comment above the next key stays its own.
    let anchor: number | undefined = start;
    let pending = "";
    const flush = () => {
      if (pending !== "" && anchor !== undefined) splices.push({ from: anchor, to: anchor, text: pending });
      pending = "";
    };
    for (const key of Object.keys(after)) {
      if (added.includes(key)) pending += blockOf({ [key]: after[key] }, indent);
      else if (key in before) {
        flush();
        anchor = pairEnd(key);
        if (anchor === undefined) return undefined;
      }
    }
    flush();
  }
  return splices;
}

/**
 * Edits of a block list: items that stay keep their text, an item edited in its place is edited like any
 * value, an item moved is cut and inserted again as its own text, and a new one is written out.
 */
function listSplices(node: YAMLSeq, before: unknown[], after: unknown[], source: string): Splice[] | undefined {
  const items = node.items as Node[];
  const first = items[0]?.range?.[0];
  if (node.flow || first === undefined || items.some((item) => !item?.range)) return undefined;
  const start = lineStart(source, first);
  const dash = source.indexOf("-", start);
  if (dash < 0 || dash >= first) return undefined;
  const indent = source.slice(start, dash);
  const textOf = (i: number) => {
    const range = items[i]?.range ?? [0, 0];
    return { from: lineStart(source, range[0]), to: lineEnd(source, range[1]) };
  };
  // Between two items that stay, as many items before as after: each one edited in its place.
  const kept = [...commonItems(before, after), [before.length, after.length] as [number, number]];
  const edited: [number, number][] = [];
  const cut: number[] = [];
  const added: number[] = [];
  let [i, j] = [0, 0];
  for (const [keptI, keptJ] of kept) {
    if (keptI - i === keptJ - j) for (let k = 0; k < keptI - i; k++) edited.push([i + k, j + k]);
    else {
      for (let k = i; k < keptI; k++) cut.push(k);
      for (let k = j; k < keptJ; k++) added.push(k);
    }
    [i, j] = [keptI + 1, keptJ + 1];
  }
  const splices: Splice[] = [];
  for (const [b, a] of edited) {
    const child = scalarSplices(items[b], before[b], after[a], source);
    if (!child) return undefined;
    splices.push(...child);
  }
  const reusable = cut.map((b) => ({ b, ...textOf(b) }));
  for (const { from, to } of reusable) splices.push({ from, to, text: "" });
  // Where each added item goes: after the item before it in the new order (or where the list starts).
  const placeOf = new Map<number, number>();
  for (const [b, a] of [...kept.slice(0, -1), ...edited]) placeOf.set(a, b);
  for (const a of added) {
    let previous = a - 1;
    while (previous >= 0 && !placeOf.has(previous)) previous -= 1;
    const anchor = previous < 0 ? start : textOf(placeOf.get(previous) ?? 0).to;
    const moved = reusable.findIndex(({ b }) => sameValue(before[b], after[a]));
    const text = moved >= 0 ? source.slice(reusable[moved]?.from, reusable.splice(moved, 1)[0]?.to) : undefined;
    splices.push({ from: anchor, to: anchor, text: text ?? blockOf([after[a]], indent) });
  }
  return splices;
}

/**
 * The changes as replacements of the source's text: a changed value in its place, a key or list item added or
 * cut with its lines. Undefined when a change cannot be made that way (inside a { flow } collection, a value
 * that changes its kind): then the document is written out anew.
 */
function scalarSplices(
  node: Node | null | undefined,
  before: unknown,
  after: unknown,
  source: string,
): Splice[] | undefined {
  if (sameValue(before, after)) return [];
  if (isMap(node) && isRecord(before) && isRecord(after)) return mapSplices(node, before, after, source);
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after)) {
    if (!node.flow) return listSplices(node, before, after, source);
    if (before.length !== after.length) return undefined;
    const splices: Splice[] = [];
    for (const [i, item] of node.items.entries()) {
      const child = scalarSplices(item as Node, before[i], after[i], source);
      if (!child) return undefined;
      splices.push(...child);
    }
    return splices;
  }
  if (isScalar(node) && node.range && !isRecord(after) && !Array.isArray(after)) {
    const [from, to] = node.range;
    const text = scalarText(after, node, source.slice(from, to));
    return text === undefined ? undefined : [{ from, to, text }];
  }
  return undefined;
}

/** The document's nodes changed to hold `value`, keeping every key's place, comments and quoting it can. */
function merged(doc: Document, node: unknown, value: unknown): unknown {
  if (isMap(node) && isRecord(value)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!(key in value)) node.delete(pair.key);
    }
    for (const [key, item] of Object.entries(value)) {
      const child = node.get(key, true);
      node.set(key, child === undefined ? doc.createNode(item) : merged(doc, child, item));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((item, i) =>
      node.items[i] === undefined ? doc.createNode(item) : merged(doc, node.items[i], item),
    ) as typeof node.items;
    return node;
  }
  if (isScalar(node) && !isRecord(value) && !Array.isArray(value)) {
    if (!sameValue(node.value, value)) node.value = value;
    return node;
  }
  return doc.createNode(value);
}

/**
 * `source` (a YAML document) changed to hold `data`, touching as little of the text as it can: unchanged data
 * gives the source back byte for byte; a changed value replaces that value's text only, in its quoting; a key
 * added or removed rewrites the document from its parsed form, which keeps every key's order and comments.
 */
export function updateYaml(source: string, data: unknown, defaults: Defaults = {}): string {
  const doc = parseDocument(source);
  if (doc.errors.length > 0) return freshYaml(data, defaults);
  const before = doc.toJS() as unknown;
  const after = withoutInvented(data, before, defaults);
  if (sameValue(before, after)) return source;
  const splices = scalarSplices(doc.contents, before, after, source);
  if (splices) {
    let text = source;
    // From the end backwards, so every earlier offset still holds; at one place the cut comes before the
    // insertions, and insertions keep their order.
    const ordered = splices
      .map((splice, i) => ({ ...splice, i }))
      .sort((a, b) => b.from - a.from || b.to - b.from - (a.to - a.from) || b.i - a.i);
    for (const { from, to, text: replacement } of ordered) text = text.slice(0, from) + replacement + text.slice(to);
    // A replacement that reads back differently (a type the quoting cannot keep) falls through to the rewrite.
    if (sameValue(parseDocument(text).toJS(), after)) return text;
  }
  doc.contents = merged(doc, doc.contents, after) as typeof doc.contents;
  return doc.toString(TO_STRING);
}

/** A file the editor creates: the data in the schema's key order, nothing invented, double quotes where needed. */
export function freshYaml(data: unknown, defaults: Defaults = {}): string {
  const kept = withoutInvented(data, undefined, defaults);
  return isEmpty(kept) ? "" : new Document(kept).toString(TO_STRING);
}
