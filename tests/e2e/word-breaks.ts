/**
 * Where a word breaks across lines without a hyphen: every word of the page (letters only, so e-mail
 * addresses and URLs may wrap where they must) is measured with a Range, and where it spans two lines the
 * break must follow a hyphen, or a soft hyphen that the browser drew as one. Runs in the page (Playwright's
 * evaluate, WebDriver's executeScript): it stands alone, with no imports and no outer names.
 */
/** Small and large phone, tablet, laptop and desktop: the widths the site is designed and looked at for. */
export const DESIGN_WIDTHS = [320, 375, 768, 1280, 1440];

export function wordsBrokenWithoutHyphen(): string[] {
  const lineOf = (range: Range) => {
    const rect = [...range.getClientRects()].find((candidate) => candidate.width > 0);
    return rect && { top: Math.round(rect.top), width: rect.width };
  };
  const splits: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    for (const match of text.matchAll(/[\p{L}\u00ad]{2,}/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      if (lines.size < 2) continue;
      // Where the word leaves its first line: the character before must be a hyphen, or a soft hyphen
      // with a width (drawn as a hyphen at the line's end; elsewhere it has none).
      let firstTop: number | undefined;
      for (let index = match.index; index < match.index + match[0].length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const line = lineOf(range);
        if (!line) continue;
        firstTop ??= line.top;
        if (line.top === firstTop) continue;
        // The character right after a break at a soft hyphen can still measure on the first line (its
        // range touches the hyphen drawn there), so the hyphen may stand one further back.
        const hyphenAt = [index - 1, index - 2].find((at) => text[at] === "\u00ad" || text[at] === "-");
        let shown = hyphenAt !== undefined && text[hyphenAt] === "-";
        if (hyphenAt !== undefined && !shown) {
          range.setStart(node, hyphenAt);
          range.setEnd(node, hyphenAt + 1);
          shown = (lineOf(range)?.width ?? 0) > 0;
        }
        if (!shown) {
          const word = match[0].replace(/\u00ad/g, "");
          splits.push(
            `${node.parentElement?.localName}: "${word}" breaks before "${text.slice(index, index + 3).replace(/\u00ad/g, "")}"`,
          );
        }
        break;
      }
    }
  }
  return splits;
}
