import { ADMIN_DIR, ADMIN_SCRIPT } from "./bundle.ts";

export const ADMIN_CONFIG = "config.json";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * /admin/index.html: the editor's shell. noindex, no inline script or style (its policy allows neither),
 * and in npm run dev the stand-in that lets the editor open the working copy (src/dev/editor-fs-client.ts)
 * loads before the editor.
 */
export function adminPage(company: string, standIn?: string): string {
  const scripts = [standIn, `/${ADMIN_DIR}/${ADMIN_SCRIPT}`].filter((src): src is string => src !== undefined);
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    '<meta name="robots" content="noindex, nofollow" />',
    `<title>Editor – ${escapeHtml(company)}</title>`,
    `<link href="/${ADMIN_DIR}/${ADMIN_CONFIG}" type="application/json" rel="cms-config-url" />`,
    "</head>",
    "<body>",
    ...scripts.map((src) => `<script src="${src}"></script>`),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
