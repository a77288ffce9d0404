import type { Nodes, PhrasingContent, Root, RootContent } from "mdast";
import type { ContainerDirective, LeafDirective } from "mdast-util-directive";
import type { z } from "zod";
import { type Said, say } from "../../../shared/messages/catalogue.ts";
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

/** The attributes a component takes, for messages: ["provider", "id", "poster", "title"]. */
function attributeNames(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return Object.keys(shape ?? {});
}

/** The messages of a refused attribute list, each with the attribute as key path (::cta.to). */
function attributeErrors(
  error: z.ZodError,
  name: string,
  schema: z.ZodType,
  attributes: Record<string, unknown>,
): { key: string; message: string | Said }[] {
  return error.issues.flatMap((issue): { key: string; message: string | Said }[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        key,
        message: say("notAnAttribute", {
          key,
          component: name,
          attributes: attributeNames(schema),
          // A word without "=" is most often the rest of a value with spaces written without quotes.
          unquoted: attributes[key] === "",
        }),
      }));
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
            say("componentInCell", { written: cellText.trim().slice(0, 40), name: inCell.toLowerCase() }),
            { line },
          ),
        );
        return [child];
      }
      const first = child.type === "paragraph" ? child.children[0] : undefined;
      // A bare ::: that closes nothing: a component inside another closed with the same number of colons, whose
      // first ::: closed both. Left alone it would stand on the page as text.
      if (first?.type === "text" && /^:{2,}\s*$/.test(first.value.split("\n")[0] ?? "")) {
        errors.push(new ContentError(file, say("closesNothing", { colons: first.value.trim() }), { line }));
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
            say("misreadComponent", {
              written: start.length > 40 ? `${start.slice(0, 40)}…` : start,
              example: example ?? "",
            }),
            { line },
          ),
        );
        return [];
      }
      if (child.type !== "leafDirective" && child.type !== "containerDirective") return [child];
      const name = written(child);
      const fail = (message: string | Said, key?: string) => {
        errors.push(new ContentError(file, message, { line, keyPath: key === undefined ? name : `${name}.${key}` }));
        return [];
      };
      const component = Object.hasOwn(COMPONENTS, child.name) ? COMPONENTS[child.name] : undefined;
      if (!component) return fail(say("notAComponent", { components: LIST }));
      if (context === null) return [];
      if (!context) return fail(say("componentsNotHere", {}));
      const kind = child.type === "leafDirective" ? "leaf" : "container";
      if (component.kind !== kind) {
        return fail(
          kind === "leaf"
            ? say("componentIsBlock", { opening: component.example.split("\n")[0] ?? "" })
            : say("componentIsLine", { example: component.example }),
        );
      }
      const [label, children] = splitLabel(child);
      if (component.label === "required" && label.every((node) => node.type === "text" && node.value.trim() === "")) {
        return fail(say("componentNeedsText", { example: component.example }));
      }
      if (label.some(holdsLink)) {
        return fail(say("buttonText", { example: component.example }));
      }
      if (component.label === "none" && label.length > 0)
        return fail(say("componentTakesNoText", { opening: component.example.split("\n")[0] ?? "" }));
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
