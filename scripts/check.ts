// npm run check: type-check, lint, content schemas and language parity, and a warning for every
// placeholder still in content/. Exits non-zero on any error (placeholders are warnings only).
import { spawnSync } from "node:child_process";
import { ContentErrors } from "../src/content/errors.ts";
import { loadContent } from "../src/content/load.ts";
import { findPlaceholders, formatPlaceholder } from "../src/content/placeholders.ts";

const step = (name: string, command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: "inherit" });
  console.log(result.status === 0 ? `✓ ${name}` : `✗ ${name}`);
  return result.status === 0;
};

const results = [step("types (tsc)", "npx", ["tsc", "--noEmit", "-p", "."]), step("lint (biome)", "npx", ["biome", "lint", "--error-on-warnings"])];

try {
  loadContent();
  console.log("✓ content schemas and language parity");
  results.push(true);
} catch (error) {
  if (!(error instanceof ContentErrors)) throw error;
  console.log(`✗ content:\n${error.errors.map((e) => `  ${e.message}`).join("\n")}`);
  results.push(false);
}

const placeholders = findPlaceholders();
if (placeholders.length > 0) {
  console.log(`! ${placeholders.length} placeholders to replace before going live (npm run build -- --strict refuses them):`);
  for (const placeholder of placeholders) console.log(`  ${formatPlaceholder(placeholder)}`);
}
process.exitCode = results.every(Boolean) ? 0 : 1;
