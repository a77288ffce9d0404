// npm run bench (or npm run bench -- --island alone): what the form island carries, package by package, from esbuild's
// metafile of the build's own island bundle, and its gzip size with the toasts' stylesheet fetched with it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { islandOptions, styleOptions, TOAST_STYLES } from "../../src/pipeline/assets.ts";

export interface IslandComposition {
  /** Minified bytes each package (or folder of this project) contributes to the island's JavaScript, largest first. */
  modules: { name: string; bytes: number }[];
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
}

/** node_modules/react-dom/cjs/x.js -> react-dom; src/shared/form/rules.ts -> src/shared/form/. */
const groupOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.replace(/[^/]+$/, "");
const sizes = (bytes: Uint8Array) => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });

export async function islandComposition(): Promise<IslandComposition> {
  const assetDir = mkdtempSync(join(tmpdir(), "island-"));
  try {
    const [island, styles] = await Promise.all([
      esbuild.build({ ...islandOptions(assetDir, false), write: false }),
      esbuild.build(styleOptions(assetDir, false)),
    ]);
    const [output] = Object.values(island.metafile?.outputs ?? {}).filter((file) => file.entryPoint);
    const modules = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {}))
      modules.set(groupOf(input), (modules.get(groupOf(input)) ?? 0) + bytesInOutput);
    const js = island.outputFiles?.find((file) => file.path.endsWith(".js"));
    const css = styles.outputFiles?.find((file) => TOAST_STYLES.test(basename(file.path)));
    if (!js || !css) throw new Error("the island or the toasts' stylesheet was not built");
    return {
      modules: [...modules].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
      js: sizes(js.contents),
      css: sizes(css.contents),
    };
  } finally {
    rmSync(assetDir, { recursive: true, force: true });
  }
}

export function printIslandComposition({ modules, js, css }: IslandComposition): void {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  console.log(
    "\nForm island, minified bytes by package (esbuild metafile), and what is fetched when the form nears the viewport (KiB):",
  );
  for (const { name, bytes } of modules) console.log(`${kb(bytes)}  ${name}`);
  console.log(`${kb(js.raw)}  JavaScript in all: ${kb(js.gzip).trim()} KiB gzip`);
  console.log(`${kb(css.raw)}  toasts' stylesheet: ${kb(css.gzip).trim()} KiB gzip`);
  console.log(`island fetched, gzip: ${kb(js.gzip + css.gzip).trim()} KiB`);
}
