import type { Nodes, PhrasingContent, Root, RootContent } from "mdast";
import type { ContainerDirective, LeafDirective } from "mdast-util-directive";
import type { z } from "zod";
import { ContentError } from "../../read/errors.ts";
import { COMPONENTS, type ComponentContext } from "./table.ts";

const written = (node: LeafDirective | ContainerDirective) =>
  `${node.type === "leafDirective" ? "::" : ":::"}${node.name}`;
const LIST = Object.entries(COMPONENTS)
  .map(([name, component]) => `${component.kind === "leaf" ? "::" : ":::"}${name}`)
  .join(", ");

/**
 * A paragraph that starts like a directive is one the parser could not read (a space after the colons, a quote
 * inside an unquoted value, an unclosed brace): left alone it would show the author's syntax on the page.
 */
const MISREAD = /^:{2,}\s*([a-z]+)/i;

/** The attributes a component takes, for messages: "to", "provider, id, poster and title". */
function attributeNames(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const names = Object.keys(shape ?? {});
  return names.length === 0
    ? "no attributes"
    : names.length === 1
      ? `only ${names[0]}`
      : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The messages of a refused attribute list, each with the attribute as key path (::cta.to). */
function attributeErrors(
  error: z.ZodError,
  name: string,
  schema: z.ZodType,
  attributes: Record<string, unknown>,
): { key: string; message: string }[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        // A word without "=" is most often the rest of a value with spaces written without quotes.
        const hint = attributes[key] === "" ? ' (a value with spaces goes in quotes: title="two words")' : "";
        return { key, message: `"${key}" is not an attribute of ${name}: it takes ${attributeNames(schema)}${hint}` };
      });
    }
    return [{ key: String(issue.path[0] ?? ""), message: issue.message }];
  });
}

/** A link or image in a button's [text] would put an element into the button that cannot be inside a link. */
const holdsLink = (node: Nodes): boolean =>
  ["link", "linkReference", "image", "imageReference"].includes(node.type) ||
  ("children" in node && (node.children as Nodes[]).some(holdsLink));

export interface Expanded {
  errors: ContentError[];
  /** The origins the page must allow as frames (a video's player). */
  frames: Set<string>;
}

/**
 * Replaces every ::leaf and :::container directive with what its component makes of it, innermost first (a
 * call-to-action inside a callout works). Unknown names, a leaf written as a block or the other way round,
 * unknown, missing or wrong attributes and misused [text] are errors naming the directive's line and the
 * attribute (::cta.to). Without a context (the Impressum), no component is allowed; with null (its language's
 * common.yaml is broken, and reported), they are left out.
 */
export function expandComponents(
  tree: Root,
  context: ComponentContext | null | undefined,
  file: string,
  firstLine: number,
): Expanded {
  const errors: ContentError[] = [];
  const frames = new Set<string>();
  const visit = (parent: { children: RootContent[] }) => {
    parent.children = parent.children.flatMap((child) => {
      if ("children" in child) visit(child as { children: RootContent[] });
      const line = child.position ? child.position.start.line + firstLine - 1 : undefined;
      const cellText = child.type === "tableCell" && child.children[0]?.type === "text" ? child.children[0].value : "";
      const inCell = /^\s*:{2,}([a-z]+)/i.exec(cellText)?.[1];
      if (inCell) {
        errors.push(
          new ContentError(
            file,
            `"${cellText.trim().slice(0, 40)}" is in a table cell, where no component can stand: put ::${inCell.toLowerCase()} on a line of its own, above or below the table`,
            { line },
          ),
        );
        return [child];
      }
      const first = child.type === "paragraph" ? child.children[0] : undefined;
      // A bare ::: that closes nothing: a component inside another closed with the same number of colons, whose
      // first ::: closed both. Left alone it would stand on the page as text.
      if (first?.type === "text" && /^:{2,}\s*$/.test(first.value.split("\n")[0] ?? "")) {
        errors.push(
          new ContentError(
            file,
            `this ${first.value.trim()} closes no component (the one above was closed already): to put a component inside another, give the outer one more colons, ::::callout{type=note} … :::: around :::callout{type=tip} … :::`,
            { line },
          ),
        );
        return [];
      }
      if (first?.type === "text" && MISREAD.test(first.value)) {
        const line = child.position ? child.position.start.line + firstLine - 1 : undefined;
        const start = first.value.split("\n")[0] ?? "";
        const name = MISREAD.exec(start)?.[1]?.toLowerCase() ?? "";
        const example = (Object.hasOwn(COMPONENTS, name) ? COMPONENTS[name] : COMPONENTS.video)?.example.split("\n")[0];
        errors.push(
          new ContentError(
            file,
            `"${start.length > 40 ? `${start.slice(0, 40)}…` : start}" looks like a component but cannot be read: write the name right after the colons, values with spaces or quotes in "…", and close { } and [ ] (e.g. ${example})`,
            { line },
          ),
        );
        return [];
      }
      if (child.type !== "leafDirective" && child.type !== "containerDirective") return [child];
      const name = written(child);
      const fail = (message: string, key?: string) => {
        errors.push(new ContentError(file, message, { line, keyPath: key === undefined ? name : `${name}.${key}` }));
        return [];
      };
      const component = Object.hasOwn(COMPONENTS, child.name) ? COMPONENTS[child.name] : undefined;
      if (!component) return fail(`is not a component: use ${LIST} (see content/README.md)`);
      if (context === null) return [];
      if (!context) return fail("components are not possible in this file: write plain Markdown");
      const kind = child.type === "leafDirective" ? "leaf" : "container";
      if (component.kind !== kind) {
        return fail(
          kind === "leaf"
            ? `is a block: write ${component.example.split("\n")[0]} on a line of its own, its content below and ::: to close it`
            : `is written on one line: ${component.example}`,
        );
      }
      const [label, children] = splitLabel(child);
      if (component.label === "required" && label.every((node) => node.type === "text" && node.value.trim() === "")) {
        return fail(`needs its text in brackets: ${component.example}`);
      }
      if (label.some(holdsLink)) {
        return fail(`its [text] is the button's words: no link or image inside it (${component.example})`);
      }
      if (component.label === "none" && label.length > 0)
        return fail(`takes no [text] after its name: ${component.example.split("\n")[0]}`);
      const attributes = component.attributes.safeParse(child.attributes ?? {});
      if (!attributes.success) {
        for (const { key, message } of attributeErrors(
          attributes.error,
          name,
          component.attributes,
          child.attributes ?? {},
        ))
          fail(message, key);
        return [];
      }
      const rendered = component.render({ node: child, attributes: attributes.data, label, children, context });
      if ("problem" in rendered) return fail(rendered.problem, rendered.key);
      if (rendered.frame) frames.add(rendered.frame);
      return rendered.nodes;
    });
  };
  visit(tree as { children: RootContent[] });
  return { errors, frames };
}

/** A leaf's [text] is its children; a container's is its first paragraph, marked as the label. */
function splitLabel(node: LeafDirective | ContainerDirective): [PhrasingContent[], RootContent[]] {
  if (node.type === "leafDirective") return [node.children, []];
  const [first, ...rest] = node.children as Nodes[];
  if (first?.type === "paragraph" && first.data?.directiveLabel) return [first.children, rest as RootContent[]];
  return [[], node.children as RootContent[]];
}
