// Structure parity between languages, as the build and the web editor both judge it: the headings, components and
// figures of a page's Markdown, and which of the default language's a translation lacks. content/rules/structure.ts
// turns them into the build's warnings; the editor's browser code runs the same functions as the author types.

export interface Part {
  /** What must match: "h2", "component:callout", "figure". */
  kind: string;
  /**
   * What the section under a heading holds, in order (u, o: a bulleted or numbered list item; c: a component; f: a
   * figure): a translation keeps its lists and components, so this tells headings of one level apart.
   */
  shape: string;
  /** The heading's text, the component's name, the figure's address: as a message names it. */
  text: string;
  line: number;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{2,6})\s+(.+?)\s*#*\s*$/;
// A component is a directive on a line of its own (:::callout, ::cta[…]{…}, ::figure{…}, ::video{…}).
const COMPONENT = /^\s*:{2,3}([a-z][\w-]*)/;
const IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/;

/** The headings, components and figures of a page's Markdown, with their lines in the file (front matter counted). */
export function structureOf(text: string): Part[] {
  const parts: Part[] = [];
  let fenced = false;
  let frontMatter = text.startsWith("---");
  let section: Part | undefined;
  text.split("\n").forEach((line, index) => {
    if (frontMatter) {
      if (index > 0 && /^---\s*$/.test(line)) frontMatter = false;
      return;
    }
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) return;
    const heading = HEADING.exec(line);
    const component = COMPONENT.exec(line);
    const image = IMAGE.exec(line);
    let part: Part | undefined;
    if (heading) part = { kind: `h${heading[1]?.length}`, shape: "", text: heading[2] ?? "", line: index + 1 };
    else if (component?.[1] === "figure" || (image && !component))
      part = { kind: "figure", shape: "", text: image?.[1] ?? line.trim(), line: index + 1 };
    else if (component && !/^:::\s*$/.test(line))
      part = { kind: `component:${component[1]}`, shape: "", text: component[1] ?? "", line: index + 1 };
    if (part) {
      parts.push(part);
      if (section && part.kind === "figure") section.shape += "f";
      if (section && part.kind.startsWith("component:")) section.shape += "c";
      if (heading) section = part;
    } else if (section && /^\s*[-*+]\s/.test(line)) section.shape += "u";
    else if (section && /^\s*\d+\.\s/.test(line)) section.shape += "o";
  });
  return parts;
}

/** What the alignment compares of a part: its kind and what its section holds (a page keeps both, src/content/types.ts). */
type Shape = Pick<Part, "kind" | "shape">;

/**
 * The default language's parts paired with their counterparts in the translation, as [source index, translation
 * index]. Parts are aligned in order (a longest common subsequence of kinds, ties broken by what each heading's
 * section holds), so a heading is unpaired only where the translation has fewer of its kind, and the one left out is
 * the one whose section the translation lacks. The structure warnings name the unpaired parts; the language switch
 * lands on a heading's counterpart (routes/places.ts).
 */
export function alignParts(source: readonly Shape[], translation: readonly Shape[]): [number, number][] {
  const n = source.length;
  const m = translation.length;
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const pair = (a: Shape, b: Shape) => (a.kind !== b.kind ? -1 : 10 + (a.shape === b.shape ? 1 : 0));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1) {
      const matched = pair(source[i] as Shape, translation[j] as Shape);
      const row = score[i] as number[];
      row[j] = Math.max(
        (score[i + 1] as number[])[j] as number,
        row[j + 1] as number,
        matched < 0 ? -1 : matched + ((score[i + 1] as number[])[j + 1] as number),
      );
    }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n) {
    const here = (score[i] as number[])[j] as number;
    const matched = j < m ? pair(source[i] as Shape, translation[j] as Shape) : -1;
    if (j < m && matched >= 0 && here === matched + ((score[i + 1] as number[])[j + 1] as number)) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (j < m && here === (score[i] as number[])[j + 1]) j += 1;
    else i += 1;
  }
  return pairs;
}

/** The default language's parts the translation has no counterpart for (alignParts). */
export function missingParts(source: Part[], translation: Part[]): Part[] {
  const paired = new Set(alignParts(source, translation).map(([i]) => i));
  return source.filter((_, index) => !paired.has(index));
}
