import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, mkdirSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "./src/pipeline/index.ts";
const hashDir = (dir: string) => { const h = createHash("sha256"); const walk = (d: string) => { for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else h.update(p.slice(dir.length)).update(readFileSync(p)); } }; walk(dir); return h.digest("hex"); };
const work = mkdtempSync(join(tmpdir(), "hostile-"));
const good = join(work, "good"); cpSync("content", good, { recursive: true });
const out = join(work, "dist");
await build({ contentDir: good, outDir: out, validationCache: false });
const before = hashDir(out);
const article = "en/pages/insights/rag-agents.md";
const cases: [string, (dir: string) => void][] = [
  ["front matter image /media/../ escape", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8").replace(/^image: .*$/m, "image: /media/../../../etc/passwd")); }],
  ["figure image escaping content/media", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n:::figure\n![x](/media/../../package.json)\nCaption\n:::\n"); }],
  ["video poster outside content", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n::video{provider=youtube id=dQw4w9WgXcQ poster=../../../../../etc/hostname title=\"T\"}\n"); }],
  ["video poster: SVG with a script", (d) => { mkdirSync(join(d, "media"), { recursive: true }); writeFileSync(join(d, "media/p.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'); const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n::video{provider=youtube id=dQw4w9WgXcQ poster=/media/p.svg title=\"T\"}\n"); }],
  ["media symlink out of content", (d) => { mkdirSync(join(d, "media"), { recursive: true }); symlinkSync("/etc", join(d, "media/etc")); const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n![x](/media/etc/hostname)\n"); }],
  ["video id injection", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + '\n::video{provider=youtube id="x\\" onload=alert(1)" poster=./rag-agent.png title="T"}\n'); }],
  ["cta to javascript:", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n::cta[Go]{to=javascript:alert(1)}\n"); }],
  ["200k directives", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8") + "\n" + ":::callout{type=tip}\n".repeat(2000) + "x\n"); }],
  ["weight -1 and pageSize 1e9", (d) => { const f = join(d, article); writeFileSync(f, readFileSync(f, "utf8").replace("---\n", "---\nweight: -1\npageSize: 1000000000\n")); }],
  ["translations: bogus, published: maybe", (d) => { const f = join(d, "site.yaml"); writeFileSync(f, readFileSync(f, "utf8").replace("translations: complete", "translations: bogus").replace("prefix: /de,", "prefix: /de, published: maybe,")); }],
];
for (const [name, mutate] of cases) {
  const dir = join(work, name.replace(/\W+/g, "-")); cpSync(good, dir, { recursive: true }); mutate(dir);
  const started = Date.now();
  let message = "BUILT (no error!)";
  try { await build({ contentDir: dir, outDir: out, validationCache: false }); } catch (e) { message = (e as Error).message.split("\n").slice(0, 3).join(" / "); }
  console.log(`${name} [${Date.now() - started} ms] dist ${hashDir(out) === before ? "identical" : "CHANGED"}\n   ${message.replaceAll(work, "<tmp>").slice(0, 400)}`);
}
