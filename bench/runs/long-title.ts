// npm run bench -- --long-title: what one link-preview card costs for a 420-letter headline, a German compound
// (syllables from the German patterns) and an English word, each in a fresh process: seconds, peak RSS, outcome.
import { execFileSync } from "node:child_process";

/** 420 letters of German compound parts run together, as an author pasting a joke headline would. */
const PARTS = [
  "Donau",
  "dampf",
  "schiff",
  "fahrts",
  "elektrizitäten",
  "haupt",
  "betriebs",
  "werk",
  "bau",
  "unter",
  "beamten",
  "gesellschafts",
  "versicherungs",
  "vertrags",
  "bedingungs",
  "änderungs",
];
function longWord(parts: readonly string[], letters: number): string {
  let word = "";
  for (let index = 0; word.length < letters; index += 1) word += parts[index % parts.length];
  word = word.slice(0, letters);
  return word.charAt(0).toUpperCase() + word.slice(1);
}
export const LONG_TITLES = {
  de: longWord(PARTS, 420),
  en: longWord(
    [
      "pneumono",
      "ultra",
      "microscopic",
      "silico",
      "volcano",
      "coniosis",
      "anti",
      "dis",
      "establishment",
      "arian",
      "ism",
    ],
    420,
  ),
};

export function benchLongTitle(): void {
  console.log(
    "\nOne link-preview card for a 420-letter headline, drawn past the build's budget (drawCard itself), fresh process each:",
  );
  for (const [lang, title] of Object.entries(LONG_TITLES)) {
    const output = execFileSync(process.execPath, ["--import", "tsx", "bench/runs/long-title-once.ts", lang, title], {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    const { seconds, peakRssMb, outcome, build } = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as {
      seconds: number;
      peakRssMb: number;
      outcome: string;
      build?: string;
    };
    console.log(`  ${lang}: ${seconds.toFixed(2)} s, peak RSS ${Math.round(peakRssMb)} MB, ${outcome}`);
    if (build) console.log(`      in a build: ${build}`);
  }
}
