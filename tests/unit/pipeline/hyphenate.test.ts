import { describe, expect, it } from "vitest";
import { hyphenateHeadings } from "../../../src/pipeline/hyphenate.ts";

const SHY = "\u00ad";
const page = (lang: string, body: string) => `<!DOCTYPE html><html lang="${lang}"><head><title>Datenschutzerklärung</title></head><body>${body}</body></html>`;

describe("soft hyphens in headings, by each heading's language", () => {
  it("breaks a long German word only at its syllables", () => {
    const html = hyphenateHeadings(page("de", "<h1>Datenschutzerklärung</h1><p>Datenschutzerklärung</p>"));
    expect(html).toContain(`<h1>Da${SHY}ten${SHY}schutz${SHY}er${SHY}klä${SHY}rung</h1>`);
    // Only headings: body text and the <title> stay as written.
    expect(html).toContain("<p>Datenschutzerklärung</p>");
    expect(html).toContain("<title>Datenschutzerklärung</title>");
  });

  it("uses the patterns of a section's own language inside a page of another (the bilingual Impressum)", () => {
    const html = hyphenateHeadings(page("en", '<section lang="de"><h2>Verbraucherstreitbeilegung</h2></section><section><h2>Consumer dispute resolution</h2></section>'));
    expect(html).toContain(`<h2>Ver${SHY}brau${SHY}cher${SHY}streit${SHY}bei${SHY}le${SHY}gung</h2>`);
    // The English section's heading gets the English patterns, not the German ones of the section before it.
    const heading = (lang: string) => /<h2>([^<]*)<\/h2>/.exec(hyphenateHeadings(page(lang, "<h2>Consumer dispute resolution</h2>")))?.[1];
    expect(heading("en")).not.toBe(heading("de"));
    expect(html).toContain(`<section><h2>${heading("en")}</h2></section>`);
  });

  it("keeps attributes, tags, character references and short words", () => {
    const html = hyphenateHeadings(page("en", '<h2 id="x" class="y">Don&#x27;t <em>interoperability</em> here</h2>'));
    expect(html).toContain(`<h2 id="x" class="y">Don&#x27;t <em>in${SHY}ter${SHY}op${SHY}er${SHY}abil${SHY}i${SHY}ty</em> here</h2>`);
  });

  it("leaves the form island's headings as React renders them in the browser (hydration must match)", () => {
    const html = page("de", '<h2>Geschäftsführung</h2><div class="card" id="contact-form-island"><div><h3>Geschäftsführung</h3></div></div><h3>Geschäftsführung</h3>');
    expect(hyphenateHeadings(html).match(/<h[23]>[^<]*<\/h[23]>/g)).toEqual([`<h2>Ge${SHY}schäfts${SHY}füh${SHY}rung</h2>`, "<h3>Geschäftsführung</h3>", `<h3>Ge${SHY}schäfts${SHY}füh${SHY}rung</h3>`]);
  });

  it("leaves a language without patterns as it is", () => {
    const html = page("tlh", "<h1>Qapla'wIjjatlhqa'</h1>");
    expect(hyphenateHeadings(html)).toBe(html);
  });
});
