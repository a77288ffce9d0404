/**
 * The choice of blocks shows each type with its picture (issue 59). Sveltia's variable types have a name and a label
 * only (`VariableFieldType` in its types/public.d.ts: no icon or thumbnail), and its "Add" button opens a menu of
 * the labels. So when a menu opens whose items are the block types' labels, each item gets its type's picture
 * (/admin/blocks/<type>.svg, the build's sketch in the site's colours) in front of its label. A menu is taken for
 * the choice of blocks only when it lists every block type: another menu that happens to say "Text" is left alone.
 */
export function showBlockPictures(blocks: { label: string; picture: string }[]): void {
  const pictures = new Map(blocks.map(({ label, picture }) => [label, picture]));
  const decorate = (menu: Element) => {
    const items = [...menu.querySelectorAll('[role="menuitem"]')];
    const labelOf = (item: Element) => item.textContent?.trim() ?? "";
    if (!blocks.every(({ label }) => items.some((item) => labelOf(item) === label))) return;
    for (const item of items) {
      const picture = pictures.get(labelOf(item));
      if (!picture || item.querySelector("img.site-block-picture")) continue;
      const image = document.createElement("img");
      image.className = "site-block-picture";
      image.src = picture;
      // The label beside it names the type: the picture adds nothing for a screen reader.
      image.alt = "";
      image.width = 72;
      image.height = 44;
      image.style.marginInlineEnd = "12px";
      image.style.flex = "none";
      item.prepend(image);
    }
  };
  new MutationObserver(() => {
    for (const menu of document.querySelectorAll('[role="menu"]')) decorate(menu);
  }).observe(document.body, { childList: true, subtree: true });
}
