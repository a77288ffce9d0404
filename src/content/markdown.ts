import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { ContentError } from "./errors.ts";
import { lookup } from "./interpolate.ts";

// Raw HTML in Markdown is dropped (remark-rehype's default), so authors cannot smuggle scripts or styles into a page.
const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeSlug).use(rehypeStringify, { closeSelfClosing: true });

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

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const textOf = (node: HastNode): string => node.value ?? (node.children ?? []).map(textOf).join("");

/** A Markdown image, for the build to replace with a responsive <picture>. */
export interface MarkdownImage {
  src: string;
  path: string;
  alt: string;
  line: number;
  index: number;
}
export type ImageRenderer = (image: MarkdownImage) => Promise<HastNode>;

/** HTML of the Markdown, plus its h2 headings with the ids rehype-slug gave them (for the table of contents). */
export async function renderMarkdown(markdown: string, _options?: { file: string; firstLine: number; image?: ImageRenderer }): Promise<{ html: string; headings: Heading[] }> {
  const tree = processor.runSync(processor.parse(markdown)) as HastNode;
  const headings = (tree.children ?? [])
    .filter((node) => node.type === "element" && node.tagName === "h2")
    .map((node) => ({ id: String(node.properties?.id ?? ""), text: textOf(node) }));
  return { html: processor.stringify(tree as never), headings };
}
