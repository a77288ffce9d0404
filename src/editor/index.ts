import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildOptions } from "esbuild";
import type { Content } from "../content/types.ts";
import type { EditorAddresses, LinkTarget } from "./browser/data.ts";
import { ADMIN_DIR, writeEditorBundle } from "./bundle.ts";
import { BLOCK_PICTURE_DIR, blockPictures } from "./block-pictures.ts";
import { editorConfig, LABEL_LANGUAGES } from "./config.ts";
import { configFile, editorData, PREVIEW_STYLE } from "./editor-data.ts";
import { adminPage } from "./page.ts";
import { writeSiteScript } from "./site-script.ts";

/** The preview's list of refused values, one per line, in the site's tokens for errors. */
const PROBLEM_STYLE =
  ".site-preview-problem{margin:0 0 1.5rem;padding:.75rem 1rem;border-inline-start:4px solid var(--danger);color:var(--danger)}" +
  ".site-preview-problem p{margin:0;font-weight:600}.site-preview-problem ul{margin:.25rem 0 0;padding-inline-start:1.25rem}";

/**
 * The web editor under out/admin/: its shell, its configuration (from the schemas) in each interface language,
 * its files, the site's additions and the site's stylesheet for the preview. Nothing here is linked from, or
 * loaded by, any other page; it is not in the sitemap.
 */
export async function writeAdmin(
  out: string,
  content: Content,
  {
    standIn,
    cacheDir,
    stylesheet,
    blockStyles,
    browser,
    linkTargets,
    addresses,
  }: {
    /** The pages' and sections' addresses for the verdict before a save (from the route model, as linkTargets). */
    addresses?: EditorAddresses;
    /** What a menu link can lead to, by content language (from the route model, which the build passes in). */
    linkTargets?: Record<string, LinkTarget[]>;
    standIn?: string;
    cacheDir: string;
    stylesheet: string;
    /** The campaign blocks' stylesheet: the preview of a block page needs it as the built page links it. */
    blockStyles: string;
    /** The build's esbuild configuration for browser code, for the site's additions to the editor. */
    browser: BuildOptions;
  },
): Promise<string[]> {
  const dir = join(out, ADMIN_DIR);
  mkdirSync(dir, { recursive: true });
  const { site } = content;
  const dev = standIn !== undefined;
  // What the editor's cache found damaged (and made again), for the build's warnings.
  const damaged = writeEditorBundle(
    out,
    site.locales.map((locale) => locale.code),
    { cacheDir, dev },
  );
  damaged.push(...(await writeSiteScript(dir, cacheDir, browser)));
  for (const language of LABEL_LANGUAGES)
    writeFileSync(
      join(dir, configFile(language)),
      `${JSON.stringify(editorConfig(site.locales, site.editor, language, site.campaigns), null, 2)}\n`,
    );
  // What the build refuses, above the last page it could draw (browser/live-preview.ts): in the site's error colours.
  // The editor stays light (design.md): the site's tokens follow color-scheme, so the preview pins it. The pane
  // shows one `<main>` under one stylesheet, so the blocks' rules come with the site's (without them a hero image
  // keeps its own width and runs past the pane).
  writeFileSync(
    join(dir, PREVIEW_STYLE),
    `${stylesheet}\n${blockStyles}\n:root{color-scheme:light}\n${PROBLEM_STYLE}\n`,
  );
  // The choice of blocks shows each type with a sketch in the site's colours (browser/block-pictures.ts).
  mkdirSync(join(dir, BLOCK_PICTURE_DIR), { recursive: true });
  for (const [type, svg] of Object.entries(blockPictures(stylesheet)))
    writeFileSync(join(dir, BLOCK_PICTURE_DIR, `${type}.svg`), svg);
  writeFileSync(
    join(dir, "index.html"),
    adminPage(site.company.name, editorData(content, { dev, linkTargets, addresses }), standIn),
  );
  return damaged;
}
