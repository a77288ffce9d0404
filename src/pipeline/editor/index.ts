import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Content } from "../../content/types.ts";
import { ADMIN_DIR, writeEditorBundle } from "./bundle.ts";
import { editorConfig } from "./config.ts";
import { ADMIN_CONFIG, adminPage } from "./page.ts";

/**
 * The web editor under out/admin/: its shell, its configuration (from the schemas) and its files. Nothing
 * here is linked from, or loaded by, any other page; it is not in the sitemap.
 */
export function writeAdmin(
  out: string,
  content: Content,
  { standIn, cacheDir }: { standIn?: string; cacheDir: string },
): void {
  const dir = join(out, ADMIN_DIR);
  mkdirSync(dir, { recursive: true });
  const { locales, site } = content;
  writeEditorBundle(
    out,
    locales.map((locale) => locale.code),
    cacheDir,
  );
  writeFileSync(join(dir, ADMIN_CONFIG), `${JSON.stringify(editorConfig(locales, site.editor), null, 2)}\n`);
  writeFileSync(join(dir, "index.html"), adminPage(site.company.name, standIn));
}
