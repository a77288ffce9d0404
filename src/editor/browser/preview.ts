/** The React element factory Sveltia CMS puts on the window for preview templates (React's createElement). */
type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

interface PreviewProps {
  entry: { getIn(path: string[]): unknown };
  widgetFor(name: string): unknown;
}

/**
 * The preview of a page (content/<lang>/pages/): laid out as the site lays out MarkdownPage, with the site's
 * stylesheet in the preview's frame, so headings, lists, tables and the components look as they will.
 */
export const pagePreview =
  (h: CreateElement) =>
  ({ entry, widgetFor }: PreviewProps) => {
    const title = entry.getIn(["data", "title"]);
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
