import { afterAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { cleanup, siteWith, md } from "./site.ts";

afterAll(cleanup);

const TODAY = "2026-11-24";
const modelOf = async (dir: string) => new RouteModel(await loadContent(dir), { today: TODAY });
const pathOf = (model: RouteModel, key: string, lang: string) => model.find(key, lang)?.path;

describe("addresses as in Hugo: slug names the last part, url the whole path", () => {
  it("a page takes its section's translated address, with its own slug or file name", async () => {
    const model = await modelOf(
      siteWith({
        "en/pages/insights/how-we-work.md": md({ title: "How we work", description: "Our steps." }),
        "de/pages/insights/how-we-work.md": md({ title: "So arbeiten wir", description: "Unsere Schritte." }),
        "en/pages/insights/pricing.md": md({ title: "Pricing", description: "What it costs." }),
        "de/pages/insights/pricing.md": md({ title: "Preise", description: "Was es kostet.", slug: "preise" }),
        "en/pages/insights/guides/index.md": md({ title: "Guides", description: "How-tos." }),
        "de/pages/insights/guides/index.md": md({
          title: "Leitfäden",
          description: "Anleitungen.",
          slug: "leitfaeden",
        }),
        "en/pages/insights/guides/first.md": md({ title: "First steps", description: "Start here." }),
        "de/pages/insights/guides/first.md": md({
          title: "Erste Schritte",
          description: "Hier anfangen.",
          slug: "erste-schritte",
        }),
        "en/pages/case-studies/acme.md": md({ title: "Acme", description: "A case." }),
        "de/pages/case-studies/acme.md": md({ title: "Acme", description: "Ein Fall.", url: "/referenzen/acme" }),
      }),
    );
    expect(pathOf(model, "insights/how-we-work", "en")).toBe("/insights/how-we-work");
    expect(pathOf(model, "insights/how-we-work", "de")).toBe("/de/einblicke/how-we-work");
    expect(pathOf(model, "insights/pricing", "de")).toBe("/de/einblicke/preise");
    expect(pathOf(model, "insights/guides", "de")).toBe("/de/einblicke/leitfaeden");
    expect(pathOf(model, "insights/guides/first", "de")).toBe("/de/einblicke/leitfaeden/erste-schritte");
    expect(pathOf(model, "insights/guides/first", "en")).toBe("/insights/guides/first");
    // A folder without index.md is no section: its name stays in the address, unless url sets the whole of it.
    expect(pathOf(model, "case-studies/acme", "en")).toBe("/case-studies/acme");
    expect(pathOf(model, "case-studies/acme", "de")).toBe("/de/referenzen/acme");
  });

  it("the site's own pages keep the addresses they were published at", async () => {
    const model = await modelOf("content");
    expect(model.routes.map((route) => route.path).sort()).toEqual(
      expect.arrayContaining([
        "/",
        "/datenschutz",
        "/de/",
        "/de/datenschutz",
        "/de/einblicke",
        "/de/einblicke/chatbot-roi",
        "/de/einblicke/rag-agenten",
        "/impressum",
        "/insights",
        "/insights/chatbot-roi",
        "/insights/rag-agents",
      ]),
    );
  });

  it("a slug with a slash is refused, saying what slug and url do", async () => {
    const dir = siteWith({
      "de/pages/insights/pricing.md": md({ title: "Preise", description: "Was es kostet.", slug: "einblicke/preise" }),
      "en/pages/insights/pricing.md": md({ title: "Pricing", description: "What it costs." }),
    });
    const error = await loadContent(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentErrors);
    expect((error as ContentErrors).errors.map((problem) => problem.message)).toEqual([
      'content/de/pages/insights/pricing.md:4: slug: "einblicke/preise": a slug names the last part of the address only (write slug: preise; the page takes its section\'s address before it); to set the whole address, write url: /einblicke/preise',
    ]);
  });
});
