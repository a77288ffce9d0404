import type { ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import type { RootContent } from "mdast";
import type { LeafDirective } from "mdast-util-directive";
import { COMPONENTS, type ComponentContext } from "../content/markdown/directives/table.ts";
import { VIDEO_PROVIDERS } from "../content/markdown/directives/video-providers.ts";
import type { ComponentName, EditorField } from "./browser/data.ts";
import type { LabelLanguage } from "./config.ts";
import { fieldsOf, jsonSchemaOf } from "./fields.ts";

/**
 * The fields of a component that are not attributes (the button's words, a callout's text, a figure's image
 * and caption), and each component's name, in each interface language. The attributes' fields come from the
 * components' own schemas (content/directives/table.ts), with their labels beside their definitions there.
 */
const WORDS = {
  en: {
    cta: { label: "Call to action", text: "Button text", textHint: "What the button says, e.g. Book a free call." },
    callout: { label: "Callout", body: "Text", bodyHint: "Markdown: paragraphs, lists, bold, links." },
    figure: {
      label: "Figure",
      image: "Image",
      alt: "Alt text",
      altHint: "What the image shows, for people who cannot see it.",
      caption: "Caption",
      captionHint: "Shown under the image; Markdown.",
    },
    video: { label: "Video" },
    to: (targets: string) =>
      `must be booking, "#section-id", home, impressum or the path of a page under pages/ without .md: ${targets}`,
    id: (example: string) => `is no video id: write the id alone, e.g. ${example}`,
  },
  de: {
    cta: {
      label: "Handlungsaufruf",
      text: "Text des Buttons",
      textHint: "Was auf dem Button steht, z. B. Kostenloses Gespräch buchen.",
    },
    callout: { label: "Hinweisbox", body: "Text", bodyHint: "Markdown: Absätze, Listen, Fettdruck, Links." },
    figure: {
      label: "Abbildung",
      image: "Bild",
      alt: "Alternativtext",
      altHint: "Was das Bild zeigt, für Menschen, die es nicht sehen.",
      caption: "Bildunterschrift",
      captionHint: "Steht unter dem Bild; Markdown.",
    },
    video: { label: "Video" },
    to: (targets: string) =>
      `muss booking, "#abschnitt-id", home, impressum oder der Pfad einer Seite unter pages/ ohne .md sein: ${targets}`,
    id: (example: string) => `ist keine Video-ID: schreiben Sie nur die ID, z. B. ${example}`,
  },
} as const;

const ANCHOR = "(#[a-z][a-z0-9-]*)?";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const attributeFields = (name: ComponentName, language: LabelLanguage): EditorField[] =>
  fieldsOf(jsonSchemaOf(COMPONENTS[name]?.attributes as Parameters<typeof jsonSchemaOf>[0]), false, language);

/**
 * Each toolbar component's form in one interface language: the same schemas and limits as the build, and a
 * call to action's target checked against the pages this build knows (as the build checks it).
 */
export function componentForms(
  language: LabelLanguage,
  pageKeys: readonly string[],
): Record<ComponentName, { label: string; fields: EditorField[] }> {
  const words = WORDS[language];
  const pages = ["home", "impressum", ...pageKeys].map(escapeRegExp).join("|");
  const attribute = (name: ComponentName, key: string) =>
    attributeFields(name, language).find((field) => field.name === key) as EditorField;
  const youtube = VIDEO_PROVIDERS.youtube;
  return {
    cta: {
      label: words.cta.label,
      fields: [
        { name: "text", label: words.cta.text, hint: words.cta.textHint, widget: "string" },
        {
          ...attribute("cta", "to"),
          pattern: [`^(booking|#[a-z][a-z0-9-]*|(${pages})${ANCHOR})$`, words.to(pageKeys.join(", "))],
        },
      ],
    },
    callout: {
      label: words.callout.label,
      fields: [
        attribute("callout", "type"),
        { name: "body", label: words.callout.body, hint: words.callout.bodyHint, widget: "text" },
      ],
    },
    figure: {
      label: words.figure.label,
      fields: [
        { name: "image", label: words.figure.image, widget: "image", choose_url: false },
        { name: "alt", label: words.figure.alt, hint: words.figure.altHint, widget: "string" },
        { name: "caption", label: words.figure.caption, hint: words.figure.captionHint, widget: "text" },
      ],
    },
    video: {
      label: words.video.label,
      fields: [
        attribute("video", "provider"),
        { ...attribute("video", "id"), pattern: [youtube.id.source, words.id(youtube.idExample)] },
        { ...attribute("video", "poster"), widget: "image", choose_url: false },
        attribute("video", "title"),
      ],
    },
  };
}

/** The HTML inside the first element of the rendered nodes whose class is `className` (an icon's svg). */
function innerHtml(nodes: readonly unknown[], className: string): string | undefined {
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) continue;
    const { data, children } = node as { data?: Record<string, unknown>; children?: unknown[] };
    const classes = (data?.hProperties as { className?: string[] } | undefined)?.className ?? [];
    if (classes.includes(className) && Array.isArray(data?.hChildren))
      return toHtml(data.hChildren as ElementContent[]);
    const found = innerHtml(children ?? [], className);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The icons the site draws in its components (each callout type's, the video's play button's), rendered by the
 * build's own components, so the preview shows the same ones.
 */
export function componentIcons(context: ComponentContext, calloutTypes: readonly string[]): Record<string, string> {
  const node = { type: "leafDirective", name: "", attributes: {}, children: [] } as LeafDirective;
  const paragraph = { type: "paragraph", children: [{ type: "text", value: "text" }] } as RootContent;
  const render = (name: string, attributes: Record<string, string>) => {
    const rendered = COMPONENTS[name]?.render({ node, attributes, label: [], children: [paragraph], context });
    return rendered && "nodes" in rendered ? rendered.nodes : [];
  };
  const icons: Record<string, string> = {};
  for (const type of calloutTypes) icons[type] = innerHtml(render("callout", { type }), "callout-icon") ?? "";
  icons.play =
    innerHtml(
      render("video", { provider: "youtube", id: "dQw4w9WgXcQ", poster: "./p.jpg", title: "t" }),
      "video-play-icon",
    ) ?? "";
  return icons;
}
