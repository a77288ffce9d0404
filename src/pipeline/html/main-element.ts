/**
 * A page's `<main>` element as it stands in the page's HTML, from `<main` to its `</main>` (the layout draws one,
 * and nothing nests another). npm run dev's preview shows it, and the tests compare it with the built page's.
 */
export function mainElement(html: string): string | undefined {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  return start < 0 || end < start ? undefined : html.slice(start, end + "</main>".length);
}
