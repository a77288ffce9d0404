import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { buildOf, cleanup, siteWith, md } from "./site.ts";

afterAll(cleanup);

const file = (path: string) => readFileSync(`content/${path}`, "utf8");
const lineOf = (path: string, needle: string) =>
  file(path)
    .split("\n")
    .findIndex((line) => line.includes(needle)) + 1;
async function problems(files: Record<string, string>): Promise<string[]> {
  const error = await loadContent(siteWith(files)).catch((caught: unknown) => caught);
  if (!(error instanceof ContentErrors)) return [];
  return error.errors.map((problem) => problem.message);
}

describe("one value per fact", () => {
  it("derives the tap-to-call link from the phone number as written, (0) and all", async () => {
    const site = file("site.yaml").replace('phone: "+49 30 1234 5678"', 'phone: "+49 (0)40 987 654 32"');
    const built = await buildOf(siteWith({ "site.yaml": site }));
    expect(built.ok).toBe(true);
    const home = readFileSync(`${built.outDir}/index.html`, "utf8");
    expect(home).toContain('href="tel:+494098765432"');
    expect(home).toContain("+49\u00a0(0)40\u00a0987\u00a0654\u00a032");
    expect(readFileSync(`${built.outDir}/impressum.html`, "utf8")).toContain('href="tel:+494098765432"');
  });

  it("refuses a phone number a visitor abroad could not dial, saying how to write it", async () => {
    const site = file("site.yaml").replace('phone: "+49 30 1234 5678"', 'phone: "030 1234 5678"');
    expect(await problems({ "site.yaml": site })).toEqual([
      `content/site.yaml:${lineOf("site.yaml", "phone:")}: company.phone: "030 1234 5678" must start with + and the country code, e.g. +49 30 1234 5678: the tap-to-call link is made from it, and a visitor abroad dials it too`,
    ]);
  });

  it("refuses a country whose German and English names disagree, and derives the structured data's country code", async () => {
    const site = file("site.yaml").replace("countryEn: Germany", "countryEn: Austria");
    expect(await problems({ "site.yaml": site })).toEqual([
      `content/site.yaml:${lineOf("site.yaml", "countryEn:")}: legal.countryEn: "Austria" and legal.country "Deutschland" name different countries: write the same country in both (in English here, in German there)`,
    ]);
    const moved = file("site.yaml")
      .replace("countryEn: Germany", "countryEn: Austria")
      .replace("country: Deutschland", "country: Österreich");
    const built = await buildOf(siteWith({ "site.yaml": moved }));
    expect(readFileSync(`${built.outDir}/index.html`, "utf8")).toContain('"addressCountry":"AT"');
  });

  it("warns when a language's menu leads elsewhere or in another order than the default language's", async () => {
    const common = file("de/common.yaml");
    const swapped = common
      .replace('to: "#services"', "to: SWAP")
      .replace('to: "#expertise"', 'to: "#services"')
      .replace("to: SWAP", 'to: "#expertise"');
    const other = common.replace("to: insights", "to: privacy");
    const swappedContent = await loadContent(siteWith({ "de/common.yaml": swapped }));
    expect(swappedContent.menuWarnings.map((warning) => warning.message)).toEqual([
      `content/de/common.yaml:${lineOf("de/common.yaml", "  nav:") + 1}: header.nav: lists the same pages as content/en/common.yaml:${lineOf("en/common.yaml", "  nav:") + 1} in another order (#expertise, #services, insights, #contact instead of #services, #expertise, insights, #contact): keep the order of every language's menu the same`,
    ]);
    const otherContent = await loadContent(siteWith({ "de/common.yaml": other }));
    expect(otherContent.menuWarnings.map((warning) => warning.message)).toContain(
      `content/de/common.yaml:${lineOf("de/common.yaml", "to: insights")}: header.nav[2].to: "privacy" where content/en/common.yaml:${lineOf("en/common.yaml", "to: insights")} has "insights": every language's menu leads to the same pages in the same order (only the labels are translated)`,
    );
  });
});

describe("messages name what was written and what is allowed, at the key's line", () => {
  it("a misspelt key is one message at its line, without the missing key it stands for", async () => {
    const page = file("en/pages/privacy.md").replace("description:", "descripton:");
    expect(await problems({ "en/pages/privacy.md": page })).toEqual([
      `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", "description:")}: descripton: is not a key here: did you mean "description"?`,
    ]);
  });

  it("a missing key, a number where text belongs, and a value that is not one of the allowed ones", async () => {
    const home = file("en/home.yaml")
      .replace(/^ {4}note: .*$/m, "    note:")
      .replace("icon: chat", "icon: chatt");
    const site = file("site.yaml").replace('postalCode: "10115"', "postalCode: 10115");
    const page = file("en/pages/privacy.md").replace(/^description: .*\n/m, "");
    expect(await problems({ "en/pages/privacy.md": page })).toEqual([
      "content/en/pages/privacy.md:2: description: is missing: add description: and its value",
    ]);
    expect((await problems({ "en/home.yaml": home, "site.yaml": site })).sort()).toEqual(
      [
        `content/en/home.yaml:${lineOf("en/home.yaml", "    note:")}: contact.booking.note: is empty: write a value after note:`,
        `content/en/home.yaml:${lineOf("en/home.yaml", "icon: chat")}: services.cards[1].icon: "chatt" is not allowed here: did you mean "chat"? (use spark, chat, search or growth)`,
        `content/site.yaml:${lineOf("site.yaml", "postalCode:")}: legal.postalCode: must be text: put it in quotes, postalCode: "10115" (YAML reads 10115 as a number)`,
      ].sort(),
    );
  });

  it("a title too long says how long it is and by how much", async () => {
    const title = "What a retrieval-augmented agent can and cannot do for you now";
    const page = file("en/pages/privacy.md").replace(/^title: .*$/m, `title: ${title}`);
    expect(await problems({ "en/pages/privacy.md": page })).toEqual([
      `content/en/pages/privacy.md:2: title: has ${title.length} characters, ${title.length - 60} more than the 60 allowed: search results cut longer titles`,
    ]);
  });

  it("a component's value repeats what was written; a call to action's #anchor is checked with a did you mean", async () => {
    const body = ':::callout{type=info}\nText.\n:::\n\n::cta[Talk to us]{to="#contcat"}\n';
    expect(
      await problems({
        "en/pages/talk.md": md({ title: "Talk", description: "Talk to us." }, body),
        "de/pages/talk.md": md({ title: "Reden", description: "Reden Sie mit uns." }),
      }),
    ).toEqual([
      'content/en/pages/talk.md:6: :::callout.type: "info" is not a callout type: use note, tip or warning',
      'content/en/pages/talk.md:10: ::cta.to: "#contcat" is no part of the home page: did you mean "#contact"? (use "#services", "#expertise" or "#contact")',
    ]);
  });

  it("an author almost like one of site.yaml's is a typo", async () => {
    const site = file("site.yaml").replace(
      "\ncompany:",
      "\nauthors:\n  - name: Jana Weber\n    role: AI consultant\ncompany:",
    );
    expect(
      await problems({
        "site.yaml": site,
        "en/pages/byline.md": md({ title: "Byline", description: "Who wrote it.", author: "Jana Webber" }),
        "de/pages/byline.md": md({ title: "Autorin", description: "Wer es schrieb.", author: "Jana Weber" }),
      }),
    ).toEqual([
      'content/en/pages/byline.md:4: author: "Jana Webber" is not one of site.yaml\'s authors: did you mean "Jana Weber"? (a name not listed there is shown as written, without role or photo)',
    ]);
  });

  it("an English-only article may opt out of translations: complete, page by page", async () => {
    const page = md({ title: "English only", description: "Not translated.", translations: "partial" });
    const strict = await buildOf(siteWith({ "en/pages/english-only.md": page }), { strict: true });
    expect(strict.messages.filter((line) => line.includes("english-only"))).toEqual([]);
    const without = page.replace("translations: partial\n", "");
    const refused = await buildOf(siteWith({ "en/pages/english-only.md": without }), { strict: true });
    expect(refused.messages.filter((line) => line.includes("english-only"))).toEqual([
      "content/en/pages/english-only.md: has no counterpart in de: content/de/pages/english-only.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    ]);
  });
});
