// npm run check: type-check, lint, content schemas and language parity, a warning for every translation
// whose source changed after it (git), for every page missing in a language, for every value identical to
// the default language's ("untranslated?"), for a staged language's gaps, and for every placeholder still
// in content/. Exits non-zero on any error (all of those are warnings only).
import { spawnSync } from "node:child_process";
import { loadContent } from "../content/load.ts";
import { ContentFolder } from "../content/read/folder.ts";
import { describeFailure } from "../pipeline/report.ts";
import { commandLineLanguage } from "../content/read/language.ts";
import { unusedMediaLines } from "../content/rules/media.ts";
import { isStructureWarning } from "../content/rules/structure.ts";
import { findPlaceholders, formatPlaceholder } from "../content/rules/placeholders.ts";
import { staleTranslations } from "../content/rules/translation-status.ts";
import { translationWarnings } from "../content/rules/translations.ts";
import { defaultLocale } from "../content/locales.ts";
import { buildDay, earlyTranslations, scheduleLines } from "../content/rules/schedule.ts";
import { RouteModel } from "../routes/model.ts";
import { movedPages } from "../routes/moved.ts";

/**
 * One tool, reported as one line. Its own output (Biome's "Checked 204 files" summary, notices about its
 * configuration) is shown only when it fails: an author reads every line check prints as something to act on.
 */
const step = (name: string, command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: "utf8" });
  const ok = result.status === 0;
  if (!ok)
    process.stdout.write(
      `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`,
    );
  console.log(ok ? `✓ ${name}` : `✗ ${name}`);
  return ok;
};

const results = [
  step("types (tsc)", "npx", ["tsc", "--noEmit", "-p", "."]),
  step("lint (biome)", "npx", ["biome", "lint", "--error-on-warnings"]),
];

// The language its messages are in: LANG's, else site.yaml's default language (content/read/language.ts).
const language = commandLineLanguage(new ContentFolder("content"), process.env.LANG);

try {
  // The staged languages too: their gaps are the translator's to-do list.
  const content = await loadContent("content", { staged: true });
  console.log("✓ content schemas and language parity");
  results.push(true);
  for (const line of unusedMediaLines(content.unusedMedia)) console.log(line);
  const warnings = translationWarnings(content);
  if (warnings.length === 0) console.log("✓ translations: every page in every language, no value copied unchanged");
  for (const block of warnings) {
    console.log(`! ${block.heading}`);
    for (const line of block.lines) console.log(`  ${line}`);
  }
  // The day scheduled pages are measured against: BUILD_DATE, or the clock's, read once here.
  const today = buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date());
  for (const line of scheduleLines(content.pages, today)) console.log(line);
  const early = earlyTranslations(content.pages, defaultLocale(content.locales).code);
  if (early.length > 0) {
    console.log(
      `! ${early.length} translations would go live before their original (npm run build -- --strict refuses them):`,
    );
    for (const warning of early) console.log(`  ${warning.messageIn(language)}`);
  }
  const structure = content.warnings.filter(isStructureWarning);
  if (structure.length > 0) {
    const strict =
      content.site.translations === "complete"
        ? " (site.yaml says translations: complete, so npm run build -- --strict refuses them)"
        : "";
    console.log(
      `! ${structure.length} headings, components or figures of the default language are missing in a translation${strict}:`,
    );
    for (const warning of structure) console.log(`  ${warning.messageIn(language)}`);
  } else console.log("✓ translations: every heading, component and figure of the default language");
  if (content.menuWarnings.length > 0) {
    console.log(`! ${content.menuWarnings.length} menu entries differ from the default language's:`);
    for (const warning of content.menuWarnings) console.log(`  ${warning.messageIn(language)}`);
  }
  const model = new RouteModel(content, { today });
  if (model.warnings.length > 0) {
    console.log(`! ${model.warnings.length} tags look like another one:`);
    for (const warning of model.warnings) console.log(`  ${warning.messageIn(language)}`);
  }
  const moved = movedPages(model);
  if (moved.length > 0) {
    console.log(`! ${moved.length} published addresses answer nothing now (npm run build refuses them):`);
    for (const problem of moved) console.log(`  ${problem.message}`);
  }
  const stale = staleTranslations(content.folder, content.locales);
  if (stale.length > 0) {
    console.log(`! ${stale.length} translations may be out of date: their source changed in a later commit (git):`);
    for (const file of stale) console.log(`  ${file.translation}: ${file.source} changed in ${file.sourceCommit}`);
  } else {
    console.log("✓ translations: none older than its source (git)");
  }
} catch (error) {
  // A content problem is listed; anything else is one line, its details in node_modules/.cache/leap-ai-logs/check.log.
  console.log(`✗ ${describeFailure(error, { log: "check", language })}`);
  results.push(false);
}

const placeholders = findPlaceholders(new ContentFolder("content"));
if (placeholders.length > 0) {
  console.log(
    `! ${placeholders.length} placeholders to replace before going live (npm run build -- --strict refuses them):`,
  );
  for (const placeholder of placeholders) console.log(`  ${formatPlaceholder(placeholder)}`);
}
process.exitCode = results.every(Boolean) ? 0 : 1;
