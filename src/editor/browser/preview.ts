/** The React element factory Sveltia CMS puts on the window for preview templates (React's createElement). */
type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

interface PreviewProps {
  entry: { getIn(path: string[]): unknown };
  widgetFor(name: string): unknown;
  /** The preview frame's document. */
  document?: Document;
}

/** The language of a page file, content/<lang>/pages/… (the pages collection's folder, config.ts). */
const languageOf = (path: unknown) => (typeof path === "string" ? /^content\/([^/]+)\//.exec(path)?.[1] : undefined);

/**
 * The preview of a page (content/<lang>/pages/): laid out as the site lays out MarkdownPage, with the site's
 * stylesheet in the preview's frame, so headings, lists, tables and the components look as they will.
 */
export const pagePreview =
  (h: CreateElement) =>
  ({ entry, widgetFor, document }: PreviewProps) => {
    const title = entry.getIn(["data", "title"]);
    // Sveltia writes the frame's <html lang> once, for the language it first shows, and keeps the frame when the
    // author switches language. The frame says the language it shows, as the site's pages do (hyphenation), and the
    // editor's lookup of a relative image (./diagram-de.png) reads it to look next to that language's file
    // (bundle.ts, "preview image lookups").
    const language = languageOf(entry.getIn(["path"]));
    if (document && language && document.documentElement.lang !== language) document.documentElement.lang = language;
    return h(
      "main",
      { id: "main" },
      h(
        "article",
        { className: "container legal" },
        h("h1", null, typeof title === "string" ? title : ""),
        h("div", { className: "prose" }, widgetFor("body")),
      ),
    );
  };
