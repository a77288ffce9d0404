// npm run audit -- --peers: the home pages as Astro ships them, for Lighthouse to compare with ours in the same run.
// The peer (bench/peers/astro, installed there on first use, never by the root npm install) gets each home
// page's own markup and stylesheet from this build, so what differs is only the delivery: Astro's defaults
// put a stylesheet over 4 KB (`build.inlineStylesheets: "auto"`) in a file of its own, while ours is inline
// and allowed by its hash. The page's loader and form island are left out of the peer: neither runs before
// the first paint, in either. The one setting apart from the defaults is where Astro writes its files
// (bench/peers/astro/astro.config.mjs): the static server the audit serves the peer with never answers a path
// starting with "/_", so under Astro's /_astro/ the peer's stylesheet was a 404 and the peer was audited unstyled.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { NEVER_SERVED } from "../../src/host/policy.ts";
import { installPeer } from "./install-peer.ts";

const ASTRO = resolve("bench", "peers", "astro");

/** One built page taken apart: its language, head without the inline style, body tag and body without the loader. */
function partsOf(html: string) {
  const match = /<html lang="([^"]+)"><head>([\s\S]*?)<\/head>(<body[^>]*>)([\s\S]*)<\/body><\/html>/.exec(html);
  if (!match) throw new Error("a home page of this build has no <html lang><head>…<body>…</body></html> to take apart");
  const [, lang, head = "", bodyTag = "<body>", body = ""] = match;
  const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((style) => style[1]).join("\n");
  return {
    lang,
    head: head.replace(/<style>[\s\S]*?<\/style>/g, ""),
    bodyTag,
    body: body.replace(/<script type="module">[\s\S]*?<\/script>/g, ""),
    styles,
  };
}

/**
 * Builds the peer from this build's home pages (paths like "/" and "/de/", files in `outDir`) and returns the
 * folder Astro wrote. Its images and other files under /assets are this build's.
 */
export function buildAstroPeer(outDir: string, paths: string[]): string {
  installPeer(ASTRO, "astro", "Astro");
  for (const folder of ["src", "public", "dist", ".astro"])
    rmSync(join(ASTRO, folder), { recursive: true, force: true });
  mkdirSync(join(ASTRO, "src", "styles"), { recursive: true });
  cpSync(join(outDir, "assets"), join(ASTRO, "public", "assets"), { recursive: true });
  for (const path of paths) {
    const { lang, head, bodyTag, body, styles } = partsOf(readFileSync(join(outDir, path, "index.html"), "utf8"));
    const styleFile = join(ASTRO, "src", "styles", `${lang}.css`);
    writeFileSync(styleFile, styles);
    const page = join(ASTRO, "src", "pages", path, "index.astro");
    mkdirSync(dirname(page), { recursive: true });
    // The stylesheet imported the way an Astro page imports its styles, so Astro bundles it; the markup as it is.
    writeFileSync(
      page,
      `---\nimport ${JSON.stringify(relative(dirname(page), styleFile))};\nconst head = ${JSON.stringify(head)};\nconst body = ${JSON.stringify(body)};\n---\n<html lang=${JSON.stringify(lang)}><head><Fragment set:html={head} /></head>${bodyTag}<Fragment set:html={body} /></body></html>\n`,
    );
  }
  const run = spawnSync(process.execPath, [join("node_modules", "astro", "bin", "astro.mjs"), "build"], {
    cwd: ASTRO,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`astro build in bench/peers/astro failed:\n${run.stdout}${run.stderr}`);
  // Every file a built page links must be one the static server answers, or the peer is audited without it.
  for (const path of paths) {
    const html = readFileSync(join(ASTRO, "dist", path, "index.html"), "utf8");
    for (const [, href = ""] of html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="(\/[^"]*)"/g)) {
      if (NEVER_SERVED.some(({ regex }) => new RegExp(regex).test(href)))
        throw new Error(`the Astro peer's ${path} links ${href}, which the static server never serves`);
    }
  }
  return join(ASTRO, "dist");
}
