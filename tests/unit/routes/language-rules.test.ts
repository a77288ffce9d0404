/**
 * The route model's language rules, called inside each test on a copy of the real content with translations
 * partial: pages and a section in one language only, a section inside a section that German lacks, English
 * list pages German does not have, drafts in both languages. Where a page has a twin, the language button leads
 * there; where not, to the nearest page that language has, said in that language; alternates (hreflang) name
 * every language a page is in. (npm run mutation runs these against src/routes/model.ts's language rules.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import type { Route } from "../../../src/routes/route.ts";
import { contentWith } from "../../support/content.ts";
import { languageLinks } from "../../../src/routes/navigation.ts";

const page = (title: string, extra = "") =>
  `---\ntitle: ${title}\ndescription: One language only.\n${extra}---\n\nText.\n`;
const ADDED = {
  "en/pages/careers.md": page("Careers"),
  "en/pages/insights/english-only.md": page("English only", "date: 2026-11-10\n"),
  "de/pages/insights/nur-deutsch.md": page("Nur deutsch", "slug: nur-deutsch\ndate: 2026-11-11\n"),
  "en/pages/insights/deep/index.md": page("Deep"),
  "en/pages/insights/deep/two-deep.md": page("Two deep", "date: 2026-11-01\n"),
  "en/pages/insights/deep/deeper/index.md": page("Deeper"),
  "en/pages/insights/deep/deeper/three-deep.md": page("Three deep", "date: 2026-11-02\n"),
  "en/pages/insights/upcoming.md": page("Upcoming", "date: 2026-11-21\ndraft: true\n"),
  "de/pages/insights/upcoming.md": page("Demnächst", "slug: demnaechst\ndate: 2026-11-21\ndraft: true\n"),
  "en/pages/insights/soon.md": page("Soon", "date: 2026-11-22\ndraft: true\n"),
};

// The build's day: every dated page here is published by then.
const TODAY = "2026-11-24";
let content: Content;
/** The real content with the pages above added. */
const copy = contentWith(ADDED);
beforeAll(async () => {
  copy.edit("site.yaml", (text) => text.replace("translations: complete", "translations: partial"));
  // The button's label is the language's own, not its code in capitals.
  copy.edit("de/common.yaml", (text) => text.replace("short: DE", "short: DEU"));
  // English lists one entry a page, German twenty: English has list pages German does not.
  copy.edit("en/pages/insights/index.md", (text) => text.replace(/^title: /m, "pageSize: 1\ntitle: "));
  content = await loadContent(copy.dir);
}, 60_000);
afterAll(() => copy.cleanup());

const german = () => content.langs.de?.common.language;
const english = () => content.langs.en?.common.language;
function routeIn(model: RouteModel, lang: string, path: string): Route {
  const found = model.routes.find((route) => route.lang === lang && route.path === path);
  if (!found) throw new Error(`test setup: no ${path} in ${lang}`);
  return found;
}
/** The language button of the page at `path`: where each link leads, and what it says. */
function buttons(path: string, lang = "en", model = new RouteModel(content, { today: TODAY })) {
  return languageLinks(model, routeIn(model, lang, path));
}

describe("the language button", () => {
  it("leads to the page's twin, described in the other language's words", () => {
    expect(buttons("/insights/rag-agents")).toEqual([
      {
        lang: "de",
        short: german()?.short,
        href: "/de/einblicke/rag-agenten",
        readThisPage: german()?.readThisPage,
        fallback: false,
      },
    ]);
    expect(buttons("/de/einblicke/rag-agenten", "de")).toEqual([
      {
        lang: "en",
        short: english()?.short,
        href: "/insights/rag-agents",
        readThisPage: english()?.readThisPage,
        fallback: false,
      },
    ]);
    expect(german()?.short).toBe("DEU");
    expect(buttons("/", "en")[0]?.href).toBe("/de/");
    expect(buttons("/de/", "de")[0]?.href).toBe("/");
  });

  it("the Impressum, one page for all languages, has none", () => {
    expect(buttons("/impressum")).toEqual([]);
  });

  it("a 404 page leads to the other language's home page", () => {
    expect(buttons("/404")).toEqual([
      { lang: "de", short: german()?.short, href: "/de/", readThisPage: german()?.readThisPage, fallback: false },
    ]);
    expect(buttons("/de/404", "de")[0]?.href).toBe("/");
  });

  it("a page German lacks leads to its German section, and says so in German", () => {
    expect(buttons("/insights/english-only")).toEqual([
      {
        lang: "de",
        short: german()?.short,
        href: "/de/einblicke#not-translated",
        readThisPage: german()?.notAvailable,
        fallback: true,
      },
    ]);
    expect(buttons("/de/einblicke/nur-deutsch", "de")).toEqual([
      {
        lang: "en",
        short: english()?.short,
        href: "/insights#not-translated",
        readThisPage: english()?.notAvailable,
        fallback: true,
      },
    ]);
  });

  it("from sections German lacks, however deep, it climbs to the nearest German section", () => {
    for (const path of [
      "/insights/deep",
      "/insights/deep/two-deep",
      "/insights/deep/deeper",
      "/insights/deep/deeper/three-deep",
    ])
      expect(buttons(path)[0]?.href, path).toBe("/de/einblicke#not-translated");
  });

  it("a page outside sections that German lacks leads to the German home page", () => {
    expect(buttons("/careers")[0]).toMatchObject({ href: "/de/#not-translated", fallback: true });
  });

  it("an English list page German does not have leads to the German section itself", () => {
    const model = new RouteModel(content, { today: TODAY });
    const extra = model.routes.filter(
      (route) => route.kind === "section" && route.lang === "en" && (route.list?.number ?? 1) > 1,
    );
    expect(extra.length).toBeGreaterThan(1);
    for (const route of extra)
      expect(languageLinks(model, route), route.path).toEqual([
        {
          lang: "de",
          short: german()?.short,
          href: "/de/einblicke",
          readThisPage: german()?.readThisPage,
          fallback: false,
        },
      ]);
  });

  it("a draft (preview) leads to its draft twin; a draft German lacks, to the German section", () => {
    const model = new RouteModel(content, { drafts: true, noindex: true, today: TODAY });
    expect(buttons("/insights/upcoming", "en", model)[0]).toMatchObject({
      href: "/de/einblicke/demnaechst",
      fallback: false,
    });
    expect(buttons("/de/einblicke/demnaechst", "de", model)[0]).toMatchObject({
      href: "/insights/upcoming",
      fallback: false,
    });
    expect(buttons("/insights/soon", "en", model)[0]).toMatchObject({
      href: "/de/einblicke#not-translated",
      fallback: true,
    });
  });
});

describe("alternates (hreflang)", () => {
  it("a page in both languages names both, the same on each side", () => {
    const model = new RouteModel(content, { today: TODAY });
    const expected = { en: "/insights/rag-agents", de: "/de/einblicke/rag-agenten" };
    expect(routeIn(model, "en", "/insights/rag-agents").alternates).toEqual(expected);
    expect(routeIn(model, "de", "/de/einblicke/rag-agenten").alternates).toEqual(expected);
    expect(routeIn(model, "en", "/").alternates).toEqual({ en: "/", de: "/de/" });
    expect(routeIn(model, "de", "/de/einblicke").alternates).toEqual({ en: "/insights", de: "/de/einblicke" });
  });

  it("a page in one language, a 404 page, the Impressum and a draft name none", () => {
    const model = new RouteModel(content, { drafts: true, noindex: true, today: TODAY });
    for (const [lang, path] of [
      ["en", "/insights/english-only"],
      ["de", "/de/einblicke/nur-deutsch"],
      ["en", "/insights/deep"],
      ["en", "/404"],
      ["de", "/de/404"],
      ["en", "/impressum"],
      ["en", "/insights/upcoming"],
      ["en", "/insights/page/2"],
    ])
      expect(routeIn(model, lang ?? "", path ?? "").alternates, path).toEqual({});
  });
});

describe("languages and pages by key", () => {
  it("a language's settings by its code, the default language's for a code the site does not have", () => {
    const model = new RouteModel(content, { today: TODAY });
    expect(model.locale("de").prefix).toBe("/de");
    expect(model.locale("en").prefix).toBe("");
    expect(model.locale("fr")).toBe(model.defaultLocale);
    expect(model.defaultLocale.code).toBe("en");
  });

  it("a page by its key in a language, none where that language lacks it", () => {
    const model = new RouteModel(content, { today: TODAY });
    expect(model.find("insights/rag-agents", "de")?.path).toBe("/de/einblicke/rag-agenten");
    expect(model.find("insights", "en")?.path).toBe("/insights");
    expect(model.find("insights/english-only", "de")).toBe(undefined);
    expect(model.find("insights/rag-agents", "fr")).toBe(undefined);
  });
});
