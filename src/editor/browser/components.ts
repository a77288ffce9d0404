import type { ComponentName, ComponentWords, EditorField } from "./data.ts";
import { escapeHtml, parseAttributes, writeAttributes } from "./directives.ts";

type Props = Record<string, string | undefined>;

/** What CMS.registerEditorComponent takes (Sveltia's EditorComponentDefinition). */
export interface EditorComponentDefinition {
  id: string;
  label: string;
  icon: string;
  trigger: "button";
  fields: EditorField[];
  pattern: RegExp;
  fromBlock(match: RegExpMatchArray): Props;
  toBlock(props: Props): string;
  toPreview(props: Props): string;
}

/** What the preview draws besides the author's words: the page language's words, and the icons as the site draws them. */
export interface PreviewParts {
  words: ComponentWords;
  /** The callout's icon by type, and the play button's, as the site's HTML. */
  icons: Record<string, string>;
  /** Markdown to HTML (the editor's own Markdown library). */
  markdown(text: string): string;
}

interface Syntax {
  /** A whole block, anchored to lines of its own. */
  pattern: RegExp;
  read(match: RegExpMatchArray): Props;
  write(props: Props): string;
  preview(props: Props, parts: PreviewParts): string;
}

const text = (value: string | undefined) => escapeHtml(value ?? "");

/**
 * Each component's syntax: how its block is found in the Markdown, read into the form's fields, written back
 * and drawn in the preview with the site's own class names (site.css styles the preview as it styles the page).
 */
export const SYNTAX: Record<ComponentName, Syntax> = {
  cta: {
    pattern: /^::cta\[(?<text>[^\n]*?)\](?:\{(?<attrs>[^}\n]*)\})?[ \t]*$/m,
    read: ({ groups }) => ({ text: groups?.text ?? "", ...parseAttributes(groups?.attrs) }),
    write: ({ text = "", to }) => `::cta[${text}]${writeAttributes([["to", to]])}`,
    preview: ({ text: label }) =>
      `<p class="cta"><a class="button button-primary button-large" href="#">${text(label)}</a></p>`,
  },
  callout: {
    pattern: /^(?<fence>:{3,})callout(?:\{(?<attrs>[^}\n]*)\})?[ \t]*(?:\n(?<body>[\s\S]*?))?\n\k<fence>[ \t]*$/m,
    read: ({ groups }) => ({ ...parseAttributes(groups?.attrs), body: groups?.body ?? "" }),
    write: ({ type, body = "" }) => `:::callout${writeAttributes([["type", type]])}\n${body.trim()}\n:::`,
    preview: ({ type = "note", body = "" }, { words, icons, markdown }) =>
      `<div class="callout callout-${text(type)}" role="note"><p class="callout-title"><span class="callout-icon">${
        icons[type] ?? ""
      }</span>${text(words.callout[type] ?? type)}</p>${markdown(body)}</div>`,
  },
  figure: {
    pattern:
      /^(?<fence>:{3,})figure(?:\{[^}\n]*\})?[ \t]*\n!\[(?<alt>[^\]\n]*)\]\((?<image>[^)\s]+)\)[ \t]*(?:\n(?<caption>[\s\S]*?))?\n\k<fence>[ \t]*$/m,
    read: ({ groups }) => ({ image: groups?.image ?? "", alt: groups?.alt ?? "", caption: groups?.caption ?? "" }),
    write: ({ image = "", alt = "", caption = "" }) => `:::figure\n![${alt}](${image})\n${caption.trim()}\n:::`,
    preview: ({ image = "", alt = "", caption = "" }, { markdown }) =>
      `<figure class="figure"><img src="${text(image)}" alt="${text(alt)}"><figcaption>${markdown(caption)}</figcaption></figure>`,
  },
  video: {
    pattern: /^::video(?:\{(?<attrs>[^}\n]*)\})?[ \t]*$/m,
    read: ({ groups }) => parseAttributes(groups?.attrs),
    write: ({ provider, id, poster, title }) =>
      `::video${writeAttributes([
        ["provider", provider],
        ["id", id],
        ["poster", poster],
        ["title", title],
      ])}`,
    preview: ({ provider = "", poster = "", title = "" }, { words, icons }) =>
      `<figure class="video"><div class="video-frame"><img src="${text(poster)}" alt="${text(title)}">` +
      `<a class="button button-primary video-play" href="#"><span class="video-play-icon">${icons.play ?? ""}</span>${text(
        words.play,
      )}</a></div><figcaption><p class="video-title">${text(title)}</p><p class="video-notice">${text(
        words.notice[provider] ?? "",
      )} <a href="#">${text(words.privacy)}</a></p></figcaption></figure>`,
  },
};

/** The block as read, kept while its fields are as read: a round trip writes back what the author wrote. */
const RAW = "raw";

/** The fields a form shows, as their values compare: what was read, or what the author made of it. */
const fieldValues = (props: Props, fields: readonly EditorField[]) =>
  fields.map((field) => (props[field.name] ?? "").trim());

/** A component for the rich text editor's toolbar: a form with the component's fields, the block it writes, its preview. */
export function editorComponent(
  name: ComponentName,
  label: string,
  icon: string,
  fields: EditorField[],
  parts: PreviewParts,
): EditorComponentDefinition {
  const syntax = SYNTAX[name];
  return {
    id: name,
    label,
    icon,
    trigger: "button",
    fields,
    pattern: syntax.pattern,
    fromBlock: (match) => ({ ...syntax.read(match), [RAW]: match[0] }),
    toBlock(props) {
      const raw = props[RAW];
      const match = raw === undefined ? null : syntax.pattern.exec(raw);
      const unchanged =
        match !== null && fieldValues(syntax.read(match), fields).join("\0") === fieldValues(props, fields).join("\0");
      return unchanged && raw !== undefined ? raw : syntax.write(props);
    },
    // The editor reads a preview string as Markdown and HTML: one HTML block, no blank line to end it. It also
    // takes a preview's first tag as the component's tag when HTML is pasted (every pasted <div> a callout), so
    // the preview starts with a comment instead.
    toPreview: (props) => `<!--${name}-->${syntax.preview(props, parts).replace(/\n\s*\n/g, "\n")}`,
  };
}
