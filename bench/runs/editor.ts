// npm run bench -- --editor: what /admin/ downloads, file by file (raw and gzip), and what the site's own additions
// (site-editor.js) are made of: the toolbar components, the preview, the byte-keeping formats, from esbuild's
// metafile of the same bundle the build writes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { build } from "../../src/pipeline/index.ts";
import { siteScriptBuild } from "../../src/editor/site-script.ts";
import { browserBundle } from "../../src/pipeline/browser-bundle.ts";

/** The parts of site-editor.js, by the files they come from. */
const PARTS: [string, RegExp][] = [
  ["toolbar components (components.ts, directives.ts)", /browser\/(components|directives)\.ts$/],
  ["preview (live-preview.ts; preview.ts online)", /browser\/(live-)?preview\.ts$/],
  ["byte-keeping formats (formats.ts, yaml-edit.ts, yaml)", /browser\/(formats|yaml-edit)\.ts$|node_modules\/yaml\//],
  ["the rest (start, languages, save status)", /./],
];

const gzip = (bytes: Buffer | Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

export async function benchEditor(): Promise<void> {
  const outDir = join(mkdtempSync(join(tmpdir(), "issue31-editor-bench-")), "dist");
  try {
    await build({ outDir });
    const admin = join(outDir, "admin");
    const files = readdirSync(admin, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    console.log("\n/admin/, file by file (KiB raw, gzip; fonts and UI translations as shipped):");
    let total = 0;
    let totalGzip = 0;
    for (const file of files.sort()) {
      const bytes = readFileSync(file);
      total += statSync(file).size;
      totalGzip += gzip(bytes);
      console.log(`${kib(bytes.length)} ${kib(gzip(bytes))}  ${relative(admin, file)}`);
    }
    console.log(`${kib(total)} ${kib(totalGzip)}  all of /admin/`);

    const { metafile } = await esbuild.build({
      ...siteScriptBuild(browserBundle(false)),
      metafile: true,
    });
    const [output] = Object.values(metafile.outputs);
    const parts = new Map<string, number>(PARTS.map(([name]) => [name, 0]));
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      const [name = ""] = PARTS.find(([, pattern]) => pattern.test(input)) ?? [];
      parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
    }
    console.log("\nsite-editor.js, minified bytes by part (esbuild metafile; KiB):");
    for (const [name, bytes] of parts) console.log(`${kib(bytes)}  ${name}`);
    const chunk = (path: string) => readFileSync(join(admin, path));
    const css = chunk("preview.css");
    const reactDom = chunk("chunks/react-dom.js");
    const immutable = files.find((file) => file.endsWith("immutable.es.js"));
    const immutableBytes = immutable ? readFileSync(immutable) : Buffer.alloc(0);
    console.log(
      "\nThe preview's other files (KiB raw, gzip): the site's stylesheet, and what Sveltia loads as a template is registered:",
    );
    console.log(`${kib(css.length)} ${kib(gzip(css))}  preview.css`);
    console.log(`${kib(reactDom.length)} ${kib(gzip(reactDom))}  chunks/react-dom.js`);
    console.log(`${kib(immutableBytes.length)} ${kib(gzip(immutableBytes))}  immutable.es.js`);
  } finally {
    rmSync(join(outDir, ".."), { recursive: true, force: true });
  }
}
