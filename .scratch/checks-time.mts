import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { checkLinks } from "../src/pipeline/checks/links.ts";
import { checkHreflang } from "../src/pipeline/checks/hreflang.ts";
import { validatePages } from "../src/pipeline/checks/validate-pages.ts";
const out = "/tmp/out1000";
const files = (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith(".html") && !f.startsWith("admin"));
console.log(files.length);
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  checkLinks(out, files);
  const links = performance.now() - t;
  t = performance.now();
  checkHreflang(out, files, "https://www.leap-ai.example");
  const hl = performance.now() - t;
  t = performance.now();
  await validatePages(out, files, { cacheFile: "node_modules/.cache/leap-ai-site/validated.json" });
  console.log({ links, hl, validate: performance.now() - t });
}
process.exit(0);
