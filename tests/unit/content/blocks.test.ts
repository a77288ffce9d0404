import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { isStructureWarning } from "../../../src/content/rules/structure.ts";
import { failureOf } from "../../support/build.ts";
import { CAMPAIGN_FIXTURE, CAMPAIGN_PAGE, campaignContent } from "../../support/campaign.ts";
import type { Content } from "../../support/content.ts";

// Issue 59: each block type's schema refuses its mistakes with file, line and key, through the real build on a copy
// of content/ with the campaign fixture; a translation with other blocks is warned about, naming the block and both
// files.
let copy: Content | undefined;
afterEach(() => copy?.cleanup());

const EN = join(CAMPAIGN_FIXTURE, "en/pages", CAMPAIGN_PAGE);
const DE = join(CAMPAIGN_FIXTURE, "de/pages", CAMPAIGN_PAGE);
const fixture = (file: string) => readFileSync(file, "utf8");

/** A page made of the given blocks (YAML, indented as list entries below blocks:), and the text below it. */
const blockPage = (blocks: string, body = "") =>
  `---\ntitle: Broken\ndescription: A page with a broken block.\ntranslations: partial\nblocks:\n${blocks}---\n${body}`;

/** The line of the first line holding `needle` in a page's text, counted from 1. */
const lineIn = (text: string, needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;

const HERO = `  - type: hero
    headline: A headline
    subline: A subline.
    image: /media/workshop-hero.png
    imageAlt: A board
    action: { label: Go, to: "#contact" }
`;

/** Each mistake: the page's blocks, the text that marks the line the message names, its key path, what it says. */
const MISTAKES: Record<string, { blocks: string; at: string; key: string; says: string; body?: string }> = {
  hero: {
    blocks: HERO.replace("    imageAlt: A board\n", ""),
    at: "- type: hero",
    key: "blocks[0].imageAlt",
    says: "is missing: add imageAlt: and its value",
  },
  "hero-not-first": {
    blocks: `  - type: text\n    body: Hello.\n${HERO}`,
    at: "  - type: hero",
    key: "blocks[1].type",
    says: "a hero holds the page's headline and comes first",
  },
  text: {
    blocks: "  - type: text\n    bdy: Hello.\n",
    at: "bdy:",
    key: "blocks[0].bdy",
    says: 'is not a key here: did you mean "body"?',
  },
  "text-below": {
    blocks: "  - type: text\n    body: Hello.\n",
    body: "\nA paragraph the page would not show.\n",
    // The list's first line: where its blocks begin.
    at: "- type: text",
    key: "blocks",
    says: "a page made of blocks shows no text below its front matter",
  },
  services: {
    blocks: "  - type: services\n    heading: Ours\n    cards:\n      - { icon: rocket, title: A, text: B }\n",
    at: "icon: rocket",
    key: "blocks[0].cards[0].icon",
    says: '"rocket" is not allowed here: use spark, chat, search or growth',
  },
  steps: {
    blocks: "  - type: steps\n    heading: How\n    steps: []\n",
    at: "steps: []",
    key: "blocks[0].steps",
    says: "needs at least one entry",
  },
  figures: {
    blocks: '  - type: figures\n    heading: Results\n    figures:\n      - { value: "40 %", label: faster }\n',
    at: 'value: "40 %"',
    key: "blocks[0].figures[0].value",
    says: "a figure needs its evidence: add source: (an https:// address) or footnote:",
  },
  quote: {
    blocks: "  - type: quote\n    quote: Great.\n    person: Jana Weber\n    role: Head of Operations\n",
    at: "person: Jana Weber",
    key: "blocks[0].person",
    says: "a named person's quote needs their consent: write consent: true",
  },
  "quote-consent-false": {
    blocks: "  - type: quote\n    quote: Great.\n    role: CTO\n    consent: false\n",
    at: "consent: false",
    key: "blocks[0].consent",
    says: "must be true: write consent: true once the person has agreed in writing",
  },
  logos: {
    blocks:
      "  - type: logos\n    heading: Clients\n    logos:\n      - { image: /media/logo-nordwrk.svg, alt: Nordwerk }\n",
    at: "logo-nordwrk.svg",
    key: "blocks[0].logos[0].image",
    says: "/media/logo-nordwrk.svg is missing: no such file in content/media/; did you mean /media/logo-nordwerk.svg?",
  },
  faq: {
    blocks: "  - type: faq\n    heading: Questions\n    items:\n      - question: Who?\n",
    at: "question: Who?",
    key: "blocks[0].items[0].answer",
    says: "is missing: add answer: and its value",
  },
  cta: {
    blocks: "  - type: cta\n    heading: Book\n    label: Ask\n    campaign: ai-readyness-2026\n",
    at: "campaign: ai-readyness-2026",
    key: "blocks[0].campaign",
    says: '"ai-readyness-2026" is not a campaign of content/site.yaml: did you mean "ai-readiness-2026"?',
  },
  "cta-code": {
    blocks: "  - type: cta\n    heading: Book\n    label: Ask\n    campaign: Spring Campaign\n",
    at: "campaign: Spring Campaign",
    key: "blocks[0].campaign",
    says: "must be a campaign code of site.yaml's campaigns: lowercase letters, digits and -, at most 40",
  },
  // Links to no page, caught with the content (file, line, key, did-you-mean), not only by the output check.
  "hero-link": {
    blocks: HERO.replace('to: "#contact"', "to: insight"),
    at: "action: { label: Go, to: insight }",
    key: "blocks[0].action.to",
    says: '"insight" is no page: did you mean "insights"?',
  },
  "card-link": {
    blocks:
      "  - type: services\n    heading: Services\n    cards:\n      - icon: search\n        title: A\n        text: B.\n        link: privcy\n",
    at: "link: privcy",
    key: "blocks[0].cards[0].link",
    says: '"privcy" is no page: did you mean "privacy"?',
  },
  type: {
    blocks: "  - type: heroo\n    headline: A\n",
    at: "type: heroo",
    key: "blocks[0].type",
    says: '"heroo" is not a type here: did you mean "hero"? (use hero, text, services, steps, figures, quote, logos, faq or cta)',
  },
};

describe("each block's schema refuses its mistakes with file, line and key", () => {
  it("in one build: every mistake named where it is written", { timeout: 120_000 }, async () => {
    const files = Object.fromEntries(
      Object.entries(MISTAKES).map(([name, { blocks, body }]) => [`en/pages/bad-${name}.md`, blockPage(blocks, body)]),
    );
    copy = campaignContent(files);
    const messages = await failureOf(copy);
    for (const [name, { at, key, says }] of Object.entries(MISTAKES)) {
      const file = `content/en/pages/bad-${name}.md`;
      const line = lineIn(files[`en/pages/bad-${name}.md`] ?? "", at);
      expect(line, name).toBeGreaterThan(0);
      const mine = messages.filter((message) => message.startsWith(`${file}:`));
      expect(mine, name).toEqual([expect.stringContaining(`${file}:${line}: ${key}: ${says}`)]);
    }
    // Nothing but these pages' mistakes: the fixture itself builds.
    expect(messages.filter((message) => !message.includes("/bad-"))).toEqual([]);
  });

  it("site.yaml's campaigns: a code that is not one, and a code twice", async () => {
    const site = (text: string) =>
      `${text.trimEnd()}\n\ncampaigns:\n  - { code: Spring 2026, name: Spring }\n  - { code: webinar, name: A }\n  - { code: webinar, name: B }\n`;
    copy = campaignContent({ "site.yaml": site(readFileSync("content/site.yaml", "utf8")) });
    const text = readFileSync(join(copy.dir, "site.yaml"), "utf8");
    const messages = await failureOf(copy);
    expect(messages).toEqual(
      expect.arrayContaining([
        `content/site.yaml:${lineIn(text, "Spring 2026")}: campaigns[0].code: must be lowercase letters, digits and -, at most 40 characters, e.g. ai-readiness-2026`,
        `content/site.yaml:${lineIn(text, "name: B")}: campaigns[2].code: is the code of entry 2 already: each campaign has a code of its own`,
      ]),
    );
  });
});

describe("a translation has the same blocks in the same order", () => {
  const warningsOf = async (de: string) => {
    copy = campaignContent({ [`de/pages/${CAMPAIGN_PAGE}`]: de });
    const content = await loadContent(copy.dir);
    const name = copy.dir.split("/").pop() ?? "";
    return content.warnings.filter(isStructureWarning).map((warning) => ({
      en: warning.message.replaceAll(name, "content"),
      de: warning.messageIn("de").replaceAll(name, "content"),
    }));
  };
  const enLine = (needle: string, nth = 0) =>
    fixture(EN)
      .split("\n")
      .map((line, index) => (line.includes(needle) ? index + 1 : 0))
      .filter(Boolean)[nth];

  it("the fixture as it is: no warning", async () => {
    expect(await warningsOf(fixture(DE))).toEqual([]);
  });

  it("a German page without the quote: the warning names block 6 (quote) of the English page, and both files", async () => {
    const de = fixture(DE).replace(/ {2}- type: quote\n(?: {4}.*\n)+/, "");
    const warnings = await warningsOf(de);
    expect(warnings).toEqual([
      {
        en: `content/de/pages/${CAMPAIGN_PAGE}: has no counterpart of block 6 (quote) (content/en/pages/${CAMPAIGN_PAGE}:${enLine("- type: quote")}) that the English page has: translate it, or, if it differs on purpose, choose Structure: Its own (structure: own in its front matter)`,
        de: expect.stringContaining(`hat keine Entsprechung für Block 6 (quote) (content/en/pages/${CAMPAIGN_PAGE}:`),
      },
    ]);
  });

  it("a German page with an extra block (10th, before the cta): the warning names it on the German file, and the English one", async () => {
    const de = fixture(DE).replace("  - type: cta\n", "  - type: text\n    body: Noch ein Absatz.\n  - type: cta\n");
    const warnings = await warningsOf(de);
    const line = lineIn(de, "body: Noch ein Absatz.") - 1;
    expect(warnings).toEqual([
      {
        en: `content/de/pages/${CAMPAIGN_PAGE}:${line}: blocks[9]: has a block its original lacks: block 10 (text) (content/de/pages/${CAMPAIGN_PAGE}:${line}) has no counterpart in the English page content/en/pages/${CAMPAIGN_PAGE}: a translation has the same blocks in the same order; remove it, add it there, or, if it differs on purpose, choose Structure: Its own (structure: own in its front matter)`,
        de: expect.stringContaining("hat einen Block, den das Original nicht hat: Block 10 (text)"),
      },
    ]);
  });

  it("two blocks swapped are a difference; structure: own silences it", async () => {
    const swapped = fixture(DE).replace(
      /( {2}- type: steps\n(?: {4}.*\n|\s{6}.*\n)+?)( {2}- type: figures\n(?: {4}.*\n)+?)(?= {2}- type: quote)/,
      "$2$1",
    );
    expect(swapped).not.toBe(fixture(DE));
    expect((await warningsOf(swapped)).length).toBeGreaterThan(0);
    copy?.cleanup();
    expect(
      await warningsOf(
        swapped.replace("slug: ki-readiness-workshop\n", "slug: ki-readiness-workshop\nstructure: own\n"),
      ),
    ).toEqual([]);
  });
});
