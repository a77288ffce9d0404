import { EDITOR_DATA_ID, type EditorData } from "./browser/data.ts";
import { ADMIN_DIR, ADMIN_SCRIPT } from "./bundle.ts";
import { SITE_SCRIPT } from "./site-script.ts";

export const ADMIN_CONFIG = "config.json";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** JSON inside a <script> data block: nothing in it may close the element. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * /admin/index.html: the editor's shell. noindex, no inline script or style (its policy allows neither; the data
 * block is JSON, which no browser runs), and in npm run dev the stand-in that lets the editor open the working
 * copy (src/dev/browser/editor-fs-client.ts) loads before the editor. The site's additions (site-editor.js) load after
 * it: Sveltia starts once the page has loaded, by which time they are registered.
 */
export function adminPage(company: string, data: EditorData, standIn?: string): string {
  const scripts = [standIn, `/${ADMIN_DIR}/${ADMIN_SCRIPT}`, `/${ADMIN_DIR}/${SITE_SCRIPT}`].filter(
    (src): src is string => src !== undefined,
  );
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="robots" content="noindex, nofollow" />',
    `<title>Editor – ${escapeHtml(company)}</title>`,
    `<link href="/${ADMIN_DIR}/${ADMIN_CONFIG}" type="application/json" rel="cms-config-url" />`,
    `<script type="application/json" id="${EDITOR_DATA_ID}">${jsonInHtml(data)}</script>`,
    "</head>",
    "<body>",
    ...scripts.map((src) => `<script src="${src}"></script>`),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
