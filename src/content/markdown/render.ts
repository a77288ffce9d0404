import { type Said, say } from "../../shared/messages/catalogue.ts";
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import type { ListItem, Nodes as MdastNodes, Root as MdastRoot } from "mdast";
import { defaultHandlers, type Handler } from "mdast-util-to-hast";
import rehypeStringify from "rehype-stringify";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { directive } from "micromark-extension-directive";
import { directiveFromMarkdown } from "mdast-util-directive";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { type Processor, unified } from "unified";
import { ImageProblem } from "../../images/problem.ts";
import { CHROME_IDS } from "../../shared/page-markup.ts";
import { expandComponents } from "./directives/expand.ts";
import type { ComponentContext } from "./directives/table.ts";
import { ContentError, ContentErrors } from "../read/errors.ts";
import { findInvisible, invisibleMessage, MAX_EMPHASIS_MARKS, MAX_MARKDOWN_NESTING } from "../read/guards.ts";
import { rehypeHeadingIds } from "./heading-ids.ts";
import { headingAndLinkProblems } from "./heading-rules.ts";
import { rehypePhoneLinks } from "./phone-links.ts";
import { lookup } from "../rules/interpolate.ts";
import { isShared, locateImage, meantImage } from "../rules/media.ts";
import type { ContentFolder } from "../read/folder.ts";
import type { Heading, ImageRenderer, MarkdownImage } from "../types.ts";

/**
 * mdast-util-to-hast decides for every list item whether its list is loose by scanning all its siblings,
 * which makes a long list quadratic (20,000 items: 0.9 s, 70,000: over 10 s). Deciding once per list and
 * handing the default handler a stand-in parent that carries the answer gives the same HTML in linear time.
 */
const looseness = new WeakMap<object, boolean>();
const itemLoose = (item: ListItem) =>
  item.spread === null || item.spread === undefined ? item.children.length > 1 : item.spread;
const listItem: Handler = (state, node: ListItem, parent) => {
  if (parent?.type !== "list") return defaultHandlers.listItem(state, node, parent);
  let loose = looseness.get(parent);
  if (loose === undefined) {
    loose = Boolean(parent.spread) || parent.children.some(itemLoose);
    looseness.set(parent, loose);
  }
  return defaultHandlers.listItem(state, node, { ...parent, spread: loose, children: [] });
};

/**
 * Of GitHub's Markdown extensions, tables only: the rest (autolinked bare URLs above all) cost a third of
 * the parsing time, and a bare URL in marketing copy should be a written link anyway.
 */
function remarkTables(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), gfmTable()];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmTableFromMarkdown()];
}

/**
 * Components (content/README.md): ::leaf and :::container directives on lines of their own, nothing inline.
 * Inline :name directives are left out of the syntax, so prose with colons ("10:30", "Note:this") stays text.
 */
function remarkComponents(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { flow: directive().flow }];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), directiveFromMarkdown()];
}

const parser = unified().use(remarkParse).use(remarkTables).use(remarkComponents);
const toHtml = unified()
  .use(remarkRehype, { handlers: { listItem } })
  .use(rehypeHeadingIds)
  .use(rehypePhoneLinks)
  .use(rehypeStringify, { closeSelfClosing: true });

/** Replaces {{key.path}} with facts from site.yaml; an unknown key fails with its line. */
export function fillFacts(markdown: string, facts: unknown, file: string, firstLine: number): string {
  return markdown.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string, offset: number) => {
    const value = lookup(facts, key);
    if (value === undefined) {
      const line = firstLine + markdown.slice(0, offset).split("\n").length - 1;
      throw new ContentError(file, say("unknownPlaceholder", { written: match, key }), { line });
    }
    return value;
  });
}

export interface MarkdownOptions {
  /** The file as messages name it. */
  file: string;
  /** The file's line on which this Markdown starts. */
  firstLine: number;
  /**
   * Where images are resolved: the Markdown file's own folder, and the content folder they must stay inside
   * (whose media/ holds the /media/name.png images every language shares). Without it, images are refused.
   */
  /** Where the page is: its folder, the content folder, the site's languages (default first) for shared images. */
  place?: { dir: string; folder: ContentFolder; languages?: readonly string[] };
  image?: ImageRenderer;
  /** What components need (the page's language, its site's pages); without it, components are refused. */
  components?: ComponentContext | null;
  /** The level of the heading the page shows above this text (1, its title; 2 in the Impressum's parts). */
  headingsBelow?: number;
}

/**
 * The file an image's address names. decodeURI leaves the escapes of reserved characters alone, so a file named
 * "chart#1.png", written ./chart%231.png as an address must write it, would not be found: those are decoded too,
 * all but %2F, which stays part of a name rather than starting a folder.
 */
const fileNameOf = (src: string) =>
  decodeURI(src).replace(/%(23|24|26|2B|2C|3A|3B|3D|3F|40)/gi, (encoded) => decodeURIComponent(encoded));

/** The hast property that pairs an <img> with its Markdown image (see checkTree); removed before the HTML is written. */
const IMAGE_SLOT = "dataImageSlot";

/** Schemes a link may use. Anything else (javascript:, vbscript:, data:, file:) could run code or leak, and is refused. */
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/**
 * What a browser would take as the URL's scheme: it ignores ASCII whitespace and control characters inside
 * the URL and case, so "Java\tScript:" is javascript:. Character references (&#x61;) are already decoded.
 */
const schemeOf = (url: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL; so must the check
  /^([a-z][a-z0-9+.-]*):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase())?.[1];

/** An image's portrait variant for phones (name.narrow.png beside name.png), where it exists inside content/. */
function narrowOf(path: string, folder: ContentFolder): string | undefined {
  const narrow = path.replace(/(\.[^./\\]+)$/, ".narrow$1");
  return narrow !== path && folder.inside(narrow) === "inside" ? narrow : undefined;
}

function checkUrl(url: string, kind: "link" | "image"): Said | undefined {
  const scheme = schemeOf(url);
  if (kind === "link" && scheme && !LINK_SCHEMES.includes(scheme)) return say("linkScheme", { scheme });
  if (kind === "image" && (scheme || (url.startsWith("/") && !isShared(url)) || url.startsWith("\\"))) {
    return say("imageAddress", { url });
  }
  try {
    decodeURI(url);
  } catch {
    return say("malformedEncoding", { url });
  }
  return undefined;
}

const textOf = (node: { value?: string; children?: unknown[] }): string =>
  node.value ??
  (node.children ?? []).map((child) => textOf(child as { value?: string; children?: unknown[] })).join("");

/** Every problem in the tree, with its line; HTML comments (notes for editors) are removed. */
function checkTree(
  tree: MdastRoot,
  { file, firstLine, place }: MarkdownOptions,
): { errors: ContentError[]; images: MarkdownImage[] } {
  const errors: ContentError[] = [];
  const images: MarkdownImage[] = [];
  const lineOf = (node: MdastNodes) => (node.position ? node.position.start.line + firstLine - 1 : undefined);
  const visit = (node: MdastNodes) => {
    const line = lineOf(node);
    if (node.type === "link" || node.type === "definition") {
      const problem = checkUrl(node.url, "link");
      if (problem) errors.push(new ContentError(file, problem, { line }));
    } else if (node.type === "image" || node.type === "imageReference") {
      const src = node.type === "image" ? node.url : `[${node.identifier}]`;
      const problem = node.type === "image" ? checkUrl(node.url, "image") : say("imageReference", {});
      const alt = (node.alt ?? "").trim();
      if (problem) errors.push(new ContentError(file, problem, { line }));
      else if (!alt) errors.push(new ContentError(file, say("missingAlt", { src }), { line }));
      else if (!place) errors.push(new ContentError(file, say("imagesNotHere", {}), { line }));
      else {
        const location = locateImage(fileNameOf(src), place.dir, place.folder, place.languages);
        const { path, where, shared } = location;
        // Said as a block's image is (content/blocks.ts), after "the image".
        const refusal =
          where === "outside"
            ? say("blockImageOutside", { src, shared })
            : where === "missing"
              ? say("blockImageMissing", { src, shared, meant: meantImage(path, src, place.folder) })
              : undefined;
        if (refusal) errors.push(new ContentError(file, say("theImage", { message: refusal }), { line }));
        else {
          // The image's own <img> is found by this mark, not by counting: a node the HTML leaves out (a cell
          // beyond the table's columns) would otherwise shift every later picture onto the wrong alt text.
          node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [IMAGE_SLOT]: images.length } };
          images.push({
            src,
            path,
            instead: location.instead,
            alt,
            line: line ?? firstLine,
            index: images.length,
            narrow: narrowOf(path, place.folder),
          });
        }
      }
    } else if (node.type === "table") {
      const columns = node.align?.length ?? node.children[0]?.children.length ?? 0;
      for (const row of node.children.slice(1))
        if (row.children.length > columns)
          errors.push(
            new ContentError(file, say("tableCells", { cells: row.children.length, columns }), { line: lineOf(row) }),
          );
    } else if (node.type === "html") {
      if (!/^<!--[\s\S]*-->$/.test(node.value.trim())) {
        const tag = /<\/?[a-z][^\s>/]*/i.exec(node.value)?.[0] ?? node.value.trim().slice(0, 20);
        errors.push(new ContentError(file, say("rawHtml", { tag }), { line }));
      }
    }
    if ("children" in node) {
      // Comments go: they are notes for editors and would otherwise reach the page.
      node.children = (node.children as MdastNodes[]).filter(
        (child) => !(child.type === "html" && /^<!--[\s\S]*-->$/.test(child.value.trim())),
      ) as never;
      for (const child of node.children as MdastNodes[]) visit(child);
    }
  };
  visit(tree);
  return { errors, images };
}

/** The strings of a node that reach the page decoded: its text, a link's or image's address and title, alt text, a component's attributes. */
function decodedStrings(node: MdastNodes): string[] {
  const fields = node as { value?: unknown; url?: unknown; title?: unknown; alt?: unknown; attributes?: unknown };
  const strings = node.type === "html" ? [] : [fields.value, fields.url, fields.title, fields.alt];
  if (fields.attributes && typeof fields.attributes === "object") strings.push(...Object.values(fields.attributes));
  return strings.filter((value): value is string => typeof value === "string");
}

/**
 * The invisible-character rule on the text as Markdown decodes it: a character reference (&#12;, &#x200B;,
 * &#x202E;) becomes the character itself, which the guard on the file's text never sees. The message names the
 * reference's own line and column where it is one, else the node's.
 */
function invisibleInTree(
  tree: MdastRoot,
  markdown: string,
  { file, firstLine }: MarkdownOptions,
): ContentError | undefined {
  const stack: MdastNodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const found = decodedStrings(node)
      .map(findInvisible)
      .find((hit) => hit !== undefined);
    if (found) {
      const start = node.position?.start.offset ?? 0;
      const source = markdown.slice(start, node.position?.end.offset ?? markdown.length);
      const reference = [...source.matchAll(/&#(?:x([0-9a-f]+)|(\d+));/gi)].find((match) => {
        const point = Number.parseInt(match[1] ?? match[2] ?? "", match[1] ? 16 : 10);
        return point <= 0x10ffff && findInvisible(String.fromCodePoint(point)) !== undefined;
      });
      const offset = start + (reference?.index ?? 0);
      const before = markdown.slice(0, offset);
      const line = before.split("\n").length + firstLine - 1;
      return new ContentError(file, invisibleMessage(found.char), {
        line,
        column: offset - before.lastIndexOf("\n"),
      });
    }
    if ("children" in node) stack.push(...([...node.children] as MdastNodes[]).reverse());
  }
  return undefined;
}

const NESTING_MESSAGE = say("nestedTooDeep", { max: MAX_MARKDOWN_NESTING });

/**
 * What would make the parser itself slow, found from the lines alone: quote and list markers stacked at a
 * line's start ("> > > …", "- - - …": parsing 3,000 of them took 15 s), and paragraphs full of emphasis marks.
 */
function checkShape(markdown: string, { file, firstLine }: MarkdownOptions): void {
  let marks = 0;
  let paragraphLine = 0;
  // Open :::containers (components): the directive parser takes quadratic time over deep nesting (2,000 of
  // them took 52 s), so their depth is counted here too, before it runs.
  let containers = 0;
  for (const [index, line] of markdown.split("\n").entries()) {
    const stacked = /^(?:[ \t]{0,3}(?:>|[-*+]|\d{1,9}[.)])(?:[ \t]+|$))+/.exec(line)?.[0] ?? "";
    if (/^[ \t]*:{3,}[A-Za-z]/.test(line)) containers += 1;
    else if (/^[ \t]*:{3,}[ \t]*$/.test(line)) containers = Math.max(0, containers - 1);
    const depth = Math.max((stacked.match(/>|[-*+]|\d+[.)]/g) ?? []).length, containers);
    if (depth > MAX_MARKDOWN_NESTING) throw new ContentError(file, NESTING_MESSAGE, { line: firstLine + index });
    if (line.trim() === "") marks = 0;
    else {
      if (marks === 0) paragraphLine = index;
      marks += (line.match(/[*_]+/g) ?? []).length;
      if (marks > MAX_EMPHASIS_MARKS) {
        throw new ContentError(file, say("tooManyMarks", { max: MAX_EMPHASIS_MARKS }), {
          line: firstLine + paragraphLine,
        });
      }
    }
  }
}

/**
 * The first node nested deeper than MAX_MARKDOWN_NESTING, found without recursion: every later step
 * (the checks below, the HTML conversion) recurses, and a deep enough tree would overflow the stack.
 */
function tooDeep(tree: MdastRoot): MdastNodes | undefined {
  const stack: [MdastNodes, number][] = [[tree, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_MARKDOWN_NESTING) return node;
    if ("children" in node) for (const child of node.children as MdastNodes[]) stack.push([child, depth + 1]);
  }
  return undefined;
}

/** Headings whose id (from their words) the page chrome already uses: the id would be on the page twice. */
function chromeIdClashes(tree: HastRoot, { file, firstLine }: MarkdownOptions): ContentError[] {
  const taken = new Set<string>(Object.values(CHROME_IDS));
  return tree.children.flatMap((node) => {
    if (node.type !== "element" || !/^h[1-6]$/.test(node.tagName) || !taken.has(String(node.properties.id))) return [];
    const line = node.position ? node.position.start.line + firstLine - 1 : undefined;
    const text = textOf(node as never);
    return [new ContentError(file, say("chromeId", { heading: text, id: String(node.properties.id) }), { line })];
  });
}

/**
 * Replaces the n-th <img> of the tree (document order) with what the renderer makes of it. Every image is
 * tried, so one refused image does not hide the next one's problem.
 */
async function replaceImages(
  tree: HastRoot,
  images: MarkdownImage[],
  render: ImageRenderer | undefined,
  file: string,
): Promise<void> {
  const slots: { parent: { children: (HastContent | ElementContent)[] }; position: number; image: MarkdownImage }[] =
    [];
  const walk = (parent: { children: (HastContent | ElementContent)[] }) => {
    for (const [position, child] of parent.children.entries()) {
      if (child.type !== "element") continue;
      if (child.tagName === "img" && child.properties[IMAGE_SLOT] !== undefined) {
        const image = images[Number(child.properties[IMAGE_SLOT])];
        delete child.properties[IMAGE_SLOT];
        if (image) slots.push({ parent, position, image });
      } else walk(child);
    }
  };
  walk(tree);
  if (!render) return;
  const results = await Promise.allSettled(slots.map(({ image }) => render(image)));
  const errors: ContentError[] = [];
  results.forEach((result, slot) => {
    const { parent, position, image } = slots[slot] as (typeof slots)[number];
    if (result.status === "fulfilled") parent.children[position] = result.value;
    else if (result.reason instanceof ImageProblem)
      errors.push(
        new ContentError(file, say("blockImageRefused", { src: image.src, detail: result.reason.detail }), {
          line: image.line,
        }),
      );
    else throw result.reason;
  });
  if (errors.length > 0) throw new ContentErrors(errors);
}

/** A heading written in the Markdown (a component's own headings have no line): its id and its line in the file. */
export interface Outline {
  id: string;
  line: number;
}

function outlineOf(tree: HastRoot | Element, firstLine: number): Outline[] {
  return tree.children.flatMap((node): Outline[] => {
    if (node.type !== "element") return [];
    const line = node.position?.start.line;
    if (/^h[2-6]$/.test(node.tagName) && line !== undefined && typeof node.properties.id === "string")
      return [{ id: node.properties.id, line: line + firstLine - 1 }];
    return outlineOf(node, firstLine);
  });
}

/**
 * HTML of the Markdown, plus its h2 headings with the ids heading-ids.ts gave them (for the table of contents) and
 * every heading's id with its line (for the language switch's pairing, content/rules/structure.ts).
 * Refuses, with file and line, what would bypass the site's checks or could run code: raw HTML, links with
 * other schemes than https:, http:, mailto: and tel:, malformed %-encodings, and images without alt text or
 * file. All problems of a document are reported together.
 */
export async function renderMarkdown(
  markdown: string,
  options: MarkdownOptions,
): Promise<{
  html: string;
  headings: Heading[];
  outline: Outline[];
  images: string[];
  shadowed: string[];
  frames: string[];
}> {
  checkShape(markdown, options);
  const mdast = parser.parse(markdown);
  const deep = tooDeep(mdast);
  if (deep)
    throw new ContentError(options.file, NESTING_MESSAGE, {
      line: deep.position ? deep.position.start.line + options.firstLine - 1 : undefined,
    });
  const invisible = invisibleInTree(mdast, markdown, options);
  if (invisible) throw invisible;
  const expanded = expandComponents(mdast, options.components, options.file, options.firstLine);
  const { errors, images } = checkTree(mdast, options);
  errors.push(...headingAndLinkProblems(mdast, { ...options, above: options.headingsBelow }));
  if (expanded.errors.length + errors.length > 0)
    throw new ContentErrors(
      [...expanded.errors, ...errors].sort((a, b) => (a.position.line ?? 0) - (b.position.line ?? 0)),
    );
  const hast = (await toHtml.run(mdast)) as HastRoot;
  const clashes = chromeIdClashes(hast, options);
  if (clashes.length > 0) throw new ContentErrors(clashes);
  if (images.length > 0) await replaceImages(hast, images, options.image, options.file);
  const headings = hast.children
    .filter((node): node is Element => node.type === "element" && node.tagName === "h2")
    .map((node) => ({ id: String(node.properties.id ?? ""), text: textOf(node as never) }));
  return {
    html: toHtml.stringify(hast),
    headings,
    outline: outlineOf(hast, options.firstLine),
    images: images.map((image) => image.path),
    shadowed: images.flatMap((image) => (image.instead ? [image.instead] : [])),
    frames: [...expanded.frames],
  };
}
