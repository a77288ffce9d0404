// A large site for npm run bench -- --pages N: the real content/ plus N Markdown pages (spread over the languages)
// in sections of 50, with an image on every tenth page. Written to a temporary folder, never committed.
import { buildDay } from "../../src/content/rules/schedule.ts";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { loadContent } from "../../src/content/load.ts";
import { RouteModel } from "../../src/routes/model.ts";

const SECTION_SIZE = 50;

const paragraph = (seed: number) =>
  `Mid-sized companies ask how an assistant (${seed}) fits their processes. We start from the work people do today, ` +
  "measure where time goes, and only then decide whether a language model, a search index or a plain script " +
  "serves best. Most gains come from the boring parts: clean data, clear ownership and a way to check results.";

function body(index: number, inSection: number, sectionPath: string, privacyPath: string, image?: string): string {
  const next = `${sectionPath}/page-${(index + 1) % inSection}`;
  return [
    paragraph(index),
    "## What we looked at",
    `${paragraph(index + 1)} See [the next page](${next}) and [our privacy policy](${privacyPath}).`,
    "- Inputs: documents, tickets and e-mails\n- Owners: one person per source\n- Checks: a sample reviewed every week",
    image ? `![Diagram of the process for page ${index}](./${image})` : "",
    "## Results",
    "| Step | Before | After |\n| --- | --- | --- |\n| Triage | manual | assisted |\n| Answer | 2 days | same day |",
    `> ${paragraph(index + 2)}`,
    "### Next steps",
    `${paragraph(index + 3)}\n\n1. Pilot\n2. Measure\n3. Decide`,
  ].join("\n\n");
}

/**
 * The tags of generated pages, per language: each page gets three of twelve (as a real archive reuses a small
 * vocabulary), so every tag has list pages and every page related reading.
 */
const TAGS: Record<string, string[]> = {
  en: [
    "RAG",
    "Chatbots",
    "ROI",
    "AI strategy",
    "Data quality",
    "Automation",
    "Search",
    "Governance",
    "Pilots",
    "Training",
    "Agents",
    "Costs",
  ],
  de: [
    "RAG",
    "Chatbots",
    "ROI",
    "KI-Strategie",
    "Datenqualität",
    "Automatisierung",
    "Suche",
    "Governance",
    "Pilotprojekte",
    "Schulung",
    "Agenten",
    "Kosten",
  ],
};
const tagsOf = (lang: string, number: number) => {
  const words = TAGS[lang] ?? TAGS.en ?? [];
  return [...new Set([number % 12, (number * 7 + 3) % 12, (number * 5 + 1) % 12].map((at) => words[at]))];
};

/**
 * Copies content/ to `dir` and adds `pages` pages; returns how many images it made. `tags: false` leaves the
 * generated pages untagged (npm run bench -- --pages 1000 --untagged: what tags and related reading cost).
 */
export async function generateSite(
  dir: string,
  pages: number,
  withImages = true,
  { tags = true }: { tags?: boolean } = {},
): Promise<{ images: number }> {
  cpSync("content", dir, { recursive: true });
  const loaded = await loadContent(dir);
  const model = new RouteModel(loaded, {
    today: buildDay(loaded.site.timeZone, process.env.BUILD_DATE, () => new Date()),
  });
  const perLang = Math.floor(pages / model.locales.length);
  const sections = Math.ceil(perLang / SECTION_SIZE);
  let images = 0;
  const pngs = new Map<number, Buffer>();
  for (const { code: lang, prefix } of model.locales) {
    const privacyPath = model.find("privacy", lang)?.path ?? "/";
    for (let section = 0; section < sections; section += 1) {
      const folder = join(dir, lang, "pages", "bench", `section-${section}`);
      mkdirSync(folder, { recursive: true });
      const sectionPath = `${prefix}/bench/section-${section}`;
      writeFileSync(
        join(folder, "index.md"),
        `---\ntitle: Section ${section}\ndescription: Generated section ${section}.\n---\n\n${paragraph(section)}\n`,
      );
      for (let index = 0; index < SECTION_SIZE && section * SECTION_SIZE + index < perLang; index += 1) {
        const number = section * SECTION_SIZE + index;
        let image: string | undefined;
        if (withImages && number % 10 === 0) {
          image = `diagram-${index}.png`;
          // One distinct image per page that has one (the same for both languages, like a shared diagram).
          if (!pngs.has(number)) {
            pngs.set(
              number,
              await sharp({
                create: {
                  width: 1600,
                  height: 900,
                  channels: 3,
                  background: { r: (number * 37) % 255, g: 70, b: 229 },
                },
              })
                .png()
                .toBuffer(),
            );
          }
          writeFileSync(join(folder, image), pngs.get(number) as Buffer);
          images += 1;
        }
        const front = [
          `title: Generated page ${number}`,
          `description: A generated page for the benchmark, number ${number}.`,
          `date: 2025-${String((number % 12) + 1).padStart(2, "0")}-${String((number % 28) + 1).padStart(2, "0")}`,
          `summary: What page ${number} is about, in one sentence.`,
          ...(tags ? [`tags: [${tagsOf(lang, number).join(", ")}]`] : []),
          ...(image ? [`image: ./${image}`, `imageAlt: Diagram of page ${number}`] : []),
        ];
        const inSection = Math.min(SECTION_SIZE, perLang - section * SECTION_SIZE);
        writeFileSync(
          join(folder, `page-${index}.md`),
          `---\n${front.join("\n")}\n---\n\n${body(index, inSection, sectionPath, privacyPath, image)}\n`,
        );
      }
    }
  }
  return { images };
}
