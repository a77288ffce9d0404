import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import type { ListItem, Nodes as MdastNodes, Root as MdastRoot } from "mdast";
import { defaultHandlers, type Handler } from "mdast-util-to-hast";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { type Processor, unified } from "unified";
import { ContentError, ContentErrors } from "./errors.ts";
import { lookup } from "./interpolate.ts";

/**
 * mdast-util-to-hast decides for every list item whether its list is loose by scanning all its siblings,
 * which makes a long list quadratic (20,000 items: 0.9 s, 70,000: over 10 s). Deciding once per list and
 * handing the default handler a stand-in parent that carries the answer gives the same HTML in linear time.
 */
const looseness = new WeakMap<object, boolean>();
const itemLoose = (item: ListItem) => (item.spread === null || item.spread === undefined ? item.children.length > 1 : item.spread);
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

const parser = unified().use(remarkParse).use(remarkTables);
const toHtml = unified().use(remarkRehype, { handlers: { listItem } }).use(rehypeSlug).use(rehypeStringify, { closeSelfClosing: true });

/** Replaces {{key.path}} with facts from site.yaml; an unknown key fails with its line. */
export function fillFacts(markdown: string, facts: unknown, file: string, firstLine: number): string {
  return markdown.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string, offset: number) => {
    const value = lookup(facts, key);
    if (value === undefined) {
      const line = firstLine + markdown.slice(0, offset).split("\n").length - 1;
      throw new ContentError(file, `unknown placeholder ${match}: there is no "${key}" in content/site.yaml`, { line });
    }
    return value;
  });
}

export interface Heading {
  id: string;
  text: string;
}

/** A Markdown image, for the build to replace with a responsive <picture>. */
export interface MarkdownImage {
  /** As written. */
  src: string;
  /** The file on disk, next to the Markdown file. */
  path: string;
  alt: string;
  line: number;
  /** 0 for the first image of the document. */
  index: number;
}
export type ImageRenderer = (image: MarkdownImage) => Promise<Element>;

export interface MarkdownOptions {
  /** The file as messages name it. */
  file: string;
  /** The file's line on which this Markdown starts. */
  firstLine: number;
  /** The folder images are resolved against (the Markdown file's own); without it, images are refused. */
  baseDir?: string;
  image?: ImageRenderer;
}

/** Schemes a link may use. Anything else (javascript:, vbscript:, data:, file:) could run code or leak, and is refused. */
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/**
 * What a browser would take as the URL's scheme: it ignores ASCII whitespace and control characters inside
 * the URL and case, so "Java\tScript:" is javascript:. Character references (&#x61;) are already decoded.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL; so must the check
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase())?.[1];

function checkUrl(url: string, kind: "link" | "image"): string | undefined {
  const scheme = schemeOf(url);
  if (kind === "link" && scheme && !LINK_SCHEMES.includes(scheme)) return `a link to "${scheme}:" is refused: links may use https:, http:, mailto: and tel:, or start with / or #`;
  if (kind === "image" && (scheme || url.startsWith("/") || url.startsWith("\\"))) return `the image "${url}" must be a file next to this page, written ./name.png`;
  try {
    decodeURI(url);
  } catch {
    return `"${url}" has a malformed %-encoding (a % must be followed by two hex digits; write %25 for a literal %)`;
  }
  return undefined;
}

const textOf = (node: { value?: string; children?: unknown[] }): string =>
  node.value ?? (node.children ?? []).map((child) => textOf(child as { value?: string; children?: unknown[] })).join("");

/** Every problem in the tree, with its line; HTML comments (notes for editors) are removed. */
function checkTree(tree: MdastRoot, { file, firstLine, baseDir }: MarkdownOptions): { errors: ContentError[]; images: MarkdownImage[] } {
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
      const problem = node.type === "image" ? checkUrl(node.url, "image") : "write images as ![alt text](./file.png), not as references";
      const alt = (node.alt ?? "").trim();
      if (problem) errors.push(new ContentError(file, problem, { line }));
      else if (!alt) errors.push(new ContentError(file, `the image ${src} has no alt text: write what it shows between the brackets, ![…](${src})`, { line }));
      else if (!baseDir) errors.push(new ContentError(file, "images are not possible in this file", { line }));
      else {
        const path = resolve(baseDir, decodeURI(src));
        if (!existsSync(path) || !statSync(path).isFile()) errors.push(new ContentError(file, `the image ${src} is missing: no such file next to this page`, { line }));
        else images.push({ src, path, alt, line: line ?? firstLine, index: images.length });
      }
    } else if (node.type === "html") {
      if (!/^<!--[\s\S]*-->$/.test(node.value.trim())) {
        const tag = /<\/?[a-z][^\s>/]*/i.exec(node.value)?.[0] ?? node.value.trim().slice(0, 20);
        errors.push(new ContentError(file, `raw HTML (${tag}…) is not allowed in Markdown: it would bypass the site's checks; write it in Markdown instead`, { line }));
      }
    }
    if ("children" in node) {
      // Comments go: they are notes for editors and would otherwise reach the page.
      node.children = (node.children as MdastNodes[]).filter((child) => !(child.type === "html" && /^<!--[\s\S]*-->$/.test(child.value.trim()))) as never;
      for (const child of node.children as MdastNodes[]) visit(child);
    }
  };
  visit(tree);
  return { errors, images };
}

/** Replaces the n-th <img> of the tree (document order) with what the renderer makes of it. */
async function replaceImages(tree: HastRoot, images: MarkdownImage[], render: ImageRenderer): Promise<void> {
  let index = 0;
  const walk = async (parent: { children: (HastContent | ElementContent)[] }) => {
    for (const [position, child] of parent.children.entries()) {
      if (child.type !== "element") continue;
      if (child.tagName === "img") {
        const image = images[index++];
        if (image) parent.children[position] = await render(image);
      } else await walk(child);
    }
  };
  await walk(tree);
}

/**
 * HTML of the Markdown, plus its h2 headings with the ids rehype-slug gave them (for the table of contents).
 * Refuses, with file and line, what would bypass the site's checks or could run code: raw HTML, links with
 * other schemes than https:, http:, mailto: and tel:, malformed %-encodings, and images without alt text or
 * file. All problems of a document are reported together.
 */
export async function renderMarkdown(markdown: string, options: MarkdownOptions): Promise<{ html: string; headings: Heading[] }> {
  const mdast = parser.parse(markdown);
  const { errors, images } = checkTree(mdast, options);
  if (errors.length > 0) throw new ContentErrors(errors);
  const hast = (await toHtml.run(mdast)) as HastRoot;
  if (options.image && images.length > 0) await replaceImages(hast, images, options.image);
  const headings = hast.children
    .filter((node): node is Element => node.type === "element" && node.tagName === "h2")
    .map((node) => ({ id: String(node.properties.id ?? ""), text: textOf(node as never) }));
  return { html: toHtml.stringify(hast), headings };
}
