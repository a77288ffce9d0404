/**
 * The schemas of every content file, called inside each test on the real content's data with one value changed:
 * the real files pass, and each rule refuses what it exists to refuse with the message an author reads (key path
 * and text). (npm run mutation runs these against src/content/schemas/index.ts; the loader's tests check that the
 * messages reach the author with file and line.)
 */
import { readFileSync } from "node:fs";
import matter from "gray-matter";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  commonSchema,
  editorSchema,
  formSchema,
  homeSchema,
  impressumSchema,
  LINK_TARGET,
  navLinkSchema,
  pageSchema,
  siteSchema,
  siteUrlSchema,
} from "../../../src/content/schemas/index.ts";

type Data = Record<string, unknown>;
const yaml = (file: string) => parse(readFileSync(`content/${file}`, "utf8")) as Data;
// Front matter through the same YAML reading as the loader's (dates stay text), not gray-matter's own.
const front = (file: string) =>
  matter(readFileSync(`content/${file}`, "utf8"), { engines: { yaml: (text) => parse(text) as object } }).data as Data;
const clone = <T>(value: T): T => structuredClone(value);

/** What an author is told: "key.path: message" for each problem, or [] when the data passes. */
function problems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
/** The real data with one change made by `change`. */
function changed<T extends Data>(data: T, change: (copy: T) => void): T {
  const copy = clone(data);
  change(copy);
  return copy;
}

describe("the real content passes", () => {
  it("site, common, home and form in every language, every page's front matter, the Impressum", () => {
    expect(problems(siteSchema, yaml("site.yaml"))).toEqual([]);
    for (const lang of ["en", "de"]) {
      expect(problems(commonSchema, yaml(`${lang}/common.yaml`)), lang).toEqual([]);
      expect(problems(homeSchema, yaml(`${lang}/home.yaml`)), lang).toEqual([]);
      expect(problems(formSchema, yaml(`${lang}/form.yaml`)), lang).toEqual([]);
      for (const page of ["privacy.md", "insights/index.md", "insights/rag-agents.md", "insights/chatbot-roi.md"])
        expect(problems(pageSchema, front(`${lang}/pages/${page}`)), page).toEqual([]);
    }
    expect(problems(impressumSchema, front("impressum.md"))).toEqual([]);
  });
});

describe("site.yaml", () => {
  const site = yaml("site.yaml") as Data & { locales: Data[]; form: Data & { limits: Data }; company: Data };
  const locales = (change: (locales: Data[]) => void) =>
    problems(
      siteSchema,
      changed(site, (s) => change(s.locales)),
    );

  it("exactly one default language, always published, at the root; every other under a prefix of its own", () => {
    expect(locales((l) => delete l[0]?.default)).toEqual([
      "locales: exactly one language must have default: true",
      'locales.0.prefix: the default language has prefix "", every other one a prefix of its own',
    ]);
    expect(locales((l) => Object.assign(l[1] ?? {}, { default: true, prefix: "" }))).toEqual([
      "locales: exactly one language must have default: true",
      "locales.1: has the same code or prefix as entry 1",
    ]);
    expect(locales((l) => Object.assign(l[0] ?? {}, { published: false }))).toEqual([
      "locales.0.published: the default language is always published: stage another language instead",
    ]);
    expect(locales((l) => Object.assign(l[1] ?? {}, { published: false }))).toEqual([]);
    expect(locales((l) => Object.assign(l[1] ?? {}, { prefix: "" }))).toEqual([
      'locales.1.prefix: the default language has prefix "", every other one a prefix of its own',
      "locales.1: has the same code or prefix as entry 1",
    ]);
    expect(locales((l) => Object.assign(l[1] ?? {}, { code: "en", prefix: "/en" }))).toEqual([
      "locales.1: has the same code or prefix as entry 1",
    ]);
    expect(locales((l) => l.splice(0))).toEqual([
      "locales: Too small: expected array to have >=1 items",
      "locales: exactly one language must have default: true",
    ]);
  });

  it("codes, prefixes, Open Graph locales and date locales are written as the standards write them", () => {
    expect(locales((l) => Object.assign(l[1] ?? {}, { code: "DE" }))).toEqual([
      "locales.1.code: must be a language code such as en, de or pt-BR",
    ]);
    for (const code of ["pt-BR", "ast"])
      expect(
        locales((l) => Object.assign(l[1] ?? {}, { code })),
        code,
      ).toEqual([]);
    for (const code of ["d", "deutsch", "pt-br", "pt-BRA", " de"])
      expect(
        locales((l) => Object.assign(l[1] ?? {}, { code })),
        code,
      ).toHaveLength(1);
    for (const prefix of ["de", "/De", "/de/", "/d e", "/de/x"])
      expect(
        locales((l) => Object.assign(l[1] ?? {}, { prefix })),
        prefix,
      ).toContain('locales.1.prefix: must be "" or a slash and a lowercase folder name, e.g. /de');
    for (const ogLocale of ["de-DE", "de_de", "DE_DE", "de_DEU", "xde_DE ", "1de_DE"])
      expect(
        locales((l) => Object.assign(l[1] ?? {}, { ogLocale })),
        ogLocale,
      ).toEqual(["locales.1.ogLocale: must be an Open Graph locale such as de_DE"]);
    for (const dateLocale of ["xx-INVALID-", "not a locale"])
      expect(
        locales((l) => Object.assign(l[1] ?? {}, { dateLocale })),
        dateLocale,
      ).toEqual(["locales.1.dateLocale: must be a locale the date formatter knows, e.g. en-GB or de-DE"]);
  });

  it("the site's address is https without a trailing slash; translations complete or partial, partial by default", () => {
    expect(problems(siteUrlSchema, "https://www.leap-ai.example/")).toEqual([": must not end with /"]);
    expect(problems(siteUrlSchema, "http://www.leap-ai.example")).toEqual([": must be an https:// URL"]);
    expect(problems(siteUrlSchema, "https://www.leap-ai.example")).toEqual([]);
    for (const other of ["httpsx://www.leap-ai.example", "xhttps://www.leap-ai.example"])
      expect(problems(siteUrlSchema, other), other).toEqual([": must be an https:// URL"]);
    expect(
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s, { translations: "partial" })),
      ),
    ).toEqual([]);
    expect(
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s, { translations: "complete" })),
      ),
    ).toEqual([]);
    expect(
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s, { translations: "some" })),
      ),
    ).toEqual(['translations: must be "complete" or "partial"']);
    const parsed = siteSchema.parse(changed(site, (s) => delete s.translations));
    expect(parsed.translations).toBe("partial");
    expect(parsed.locales[1]).toMatchObject({ default: false, published: true });
  });

  it("the company's e-mail address and dialled number, the social profiles, the copyright year", () => {
    const company = (change: Data) =>
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s.company, change)),
      );
    expect(company({ email: "hello at leap-ai" })).toEqual(["company.email: must be an e-mail address"]);
    // The tap-to-call number is derived from the phone number as written (content/phone.ts).
    expect(company({ phone: "+49 30 1234 5678" })).toEqual([]);
    expect(company({ phone: "030 1234 5678" })).toEqual([
      'company.phone: "030 1234 5678" must start with + and the country code, e.g. +49 30 1234 5678: the tap-to-call link is made from it, and a visitor abroad dials it too',
    ]);
    expect(company({ phone: "+49 30" })).toEqual([
      'company.phone: "+49 30" is no phone number that exists: check the digits (the tap-to-call link dials it as written)',
    ]);
    expect(company({ phoneHref: "+493012345678" })).toEqual(['company: Unrecognized key: "phoneHref"']);
    expect(company({ name: "  " })).toEqual(["company.name: must not be empty"]);
    expect(
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s, { social: [] })),
      ),
    ).toHaveLength(1);
    for (const [year, count] of [
      [1989, 1],
      [1990, 0],
      [2100, 0],
      [2101, 1],
      [2024.5, 1],
    ] as const)
      expect(
        problems(
          siteSchema,
          changed(site, (s) => Object.assign(s, { copyrightYear: year })),
        ),
        String(year),
      ).toHaveLength(count);
  });

  it("the form's limits: min not above max, timeouts within what a visitor waits", () => {
    const form = (change: (form: Data & { limits: Data }) => void) =>
      problems(
        siteSchema,
        changed(site, (s) => change(s.form)),
      );
    expect(form((f) => Object.assign(f.limits, { name: { min: 101, max: 100 } }))).toEqual([
      "form.limits.name: min must not be greater than max",
    ]);
    expect(form((f) => Object.assign(f.limits, { name: { min: 100, max: 100 } }))).toEqual([]);
    expect(form((f) => Object.assign(f.limits, { message: { min: 0, max: 10 } }))).toHaveLength(1);
    for (const [deliveryTimeoutMs, count] of [
      [999, 1],
      [1000, 0],
      [60_000, 0],
      [60_001, 1],
    ] as const)
      expect(
        form((f) => Object.assign(f, { deliveryTimeoutMs })),
        String(deliveryTimeoutMs),
      ).toHaveLength(count);
    for (const [simulatedDelayMs, count] of [
      [-1, 1],
      [0, 0],
      [10_000, 0],
      [10_001, 1],
    ] as const)
      expect(
        form((f) => Object.assign(f, { simulatedDelayMs })),
        String(simulatedDelayMs),
      ).toHaveLength(count);
    // The minimum fill time (docs/receiver.md, "Spam"): whole milliseconds up to a minute, or left out (off).
    for (const [minFillMs, count] of [
      [-1, 1],
      [0, 0],
      [3_000, 0],
      [60_000, 0],
      [60_001, 1],
      [1.5, 1],
      ["3 s", 1],
    ] as const)
      expect(
        form((f) => Object.assign(f, { minFillMs })),
        String(minFillMs),
      ).toHaveLength(count);
    expect(form((f) => Object.assign(f, { minFillMs: undefined }))).toEqual([]);
  });

  it('the form back-end: "simulated", or exactly an https origin and path (http only on this machine)', () => {
    const delivery = (value: string) =>
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s.form, { delivery: value })),
      );
    for (const ok of [
      "simulated",
      "https://formspree.io/f/abcdwxyz",
      "http://127.0.0.1:8787/contact",
      "http://localhost:3000/send",
      "http://[::1]:9000/x",
    ])
      expect(delivery(ok), ok).toEqual([]);
    for (const notUrl of [
      "formspree",
      "http://formspree.io/f/abc",
      "ftp://formspree.io/f/abc",
      "ftp://localhost/x",
      "Simulated",
    ])
      expect(delivery(notUrl), notUrl).toEqual([
        'form.delivery: must be "simulated", a path on this site such as /api/contact, or an https:// URL',
      ]);
    // A path on the site's own origin: the contact receiver (issue 32).
    for (const path of ["/api/contact", "/a", "/x.y/_z~-"]) expect(delivery(path), path).toEqual([]);
    for (const path of ["/", "/api//contact", "/api/contact/", "/api/contact?x=1", "/api/con tact", "/api/$x"])
      expect(delivery(path), path).toEqual([
        "form.delivery: a path on this site must be letters, digits, . _ ~ - between single slashes, such as /api/contact",
      ]);
    for (const tampered of [
      "https://formspree.io/f/abc?x=1",
      "https://formspree.io/f/abc#top",
      "https://user:pw@formspree.io/f/abc",
      "https://user@formspree.io/f/abc",
      "https://formspree.io/f/a;b",
      "https://formspree.io/f/a,b",
      "https://formspree.io/f/a'b",
      'https://formspree.io/f/a"b',
      "https://formspree.io/f/*",
      "https://formspree.io/f/a\\b",
      "https://FORMSPREE.io/f/abc",
      "https://formspree.io/f/a b",
      "https://formspree.io/f/$host",
    ])
      expect(delivery(tampered), tampered).toEqual([
        "form.delivery: must be exactly an origin and a path, such as https://formspree.io/f/abcdwxyz: no query, #fragment, user name, spaces, quotes, ; , * or $",
      ]);
  });

  it("the web editor's repository host, repository, branch and application id", () => {
    const editor = { backend: "github", repo: "leap-ai/website" };
    expect(problems(editorSchema, editor)).toEqual([]);
    expect(problems(editorSchema, { ...editor, backend: "bitbucket" })).toHaveLength(1);
    for (const backend of ["gitlab", "gitea"])
      expect(problems(editorSchema, { ...editor, backend }), backend).toEqual([]);
    expect(problems(editorSchema, { ...editor, repo: "leap-ai/web site" })).toHaveLength(1);
    expect(problems(editorSchema, { ...editor, repo: "website" })).toEqual([
      "repo: must be owner/name, e.g. leap-ai/website",
    ]);
    expect(problems(editorSchema, { ...editor, repo: "group/sub/website" })).toEqual([]);
    expect(problems(editorSchema, { ...editor, repo: "a b/c" })).toHaveLength(1);
    expect(problems(editorSchema, { ...editor, branch: "release/2026.1" })).toEqual([]);
    expect(problems(editorSchema, { ...editor, branch: "main branch" })).toEqual([
      "branch: must be a branch name such as main",
    ]);
    expect(problems(editorSchema, { ...editor, appId: "abc-123_X" })).toEqual([]);
    expect(problems(editorSchema, { ...editor, appId: "abc 123" })).toEqual([
      "appId: must be the application id the host shows",
    ]);
    const originAndPath =
      "baseUrl: must be exactly an origin and a path, such as https://git.example.org: no query, #fragment, user name, spaces, quotes, ; , * or $";
    expect(problems(editorSchema, { ...editor, baseUrl: "http://git.example.org" })).toEqual([
      "baseUrl: must be an https:// URL",
      originAndPath,
    ]);
    for (const baseUrl of ["https://git.example.org", "https://git.example.org/", "https://example.org/gitea"])
      expect(problems(editorSchema, { ...editor, baseUrl }), baseUrl).toEqual([]);
    // Not a URL at all: both rules say so.
    expect(problems(editorSchema, { ...editor, baseUrl: "git.example.org" })).toEqual([
      "baseUrl: must be an https:// URL",
      originAndPath,
    ]);
    for (const baseUrl of ["https://*.example.org", "https://git.example.org/;sandbox", "https://git.example.org/$x"])
      expect(problems(editorSchema, { ...editor, baseUrl }), baseUrl).toEqual([originAndPath]);
    expect(problems(siteSchema, { ...yaml("site.yaml"), editor })).toEqual([]);
  });

  it("the time zone scheduled pages go live in: an IANA name the date formatter knows", () => {
    const zone = (timeZone: string) =>
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s, { timeZone })),
      );
    for (const ok of ["Europe/Berlin", "UTC", "America/New_York"]) expect(zone(ok), ok).toEqual([]);
    for (const bad of ["Mars/Olympus", "Berlin", "CET+1"])
      expect(zone(bad), bad).toEqual(["timeZone: must be a time zone such as Europe/Berlin or UTC (the IANA name)"]);
  });

  it("an unknown key is refused, everywhere (a typo would otherwise vanish)", () => {
    expect(
      problems(
        siteSchema,
        changed(site, (s) => Object.assign(s.company, { emial: "x@y.example" })),
      ),
    ).toEqual(['company: Unrecognized key: "emial"']);
  });
});

describe("common.yaml", () => {
  const common = yaml("en/common.yaml") as Data & { language: Data; header: Data & { nav: Data[] } };

  it("the language's short code in capitals, its texts not empty, at least one menu entry", () => {
    for (const short of ["EN", "ENG"])
      expect(
        problems(
          commonSchema,
          changed(common, (c) => Object.assign(c.language, { short })),
        ),
        short,
      ).toEqual([]);
    for (const short of ["en", "E", "ENGL", "E N"])
      expect(
        problems(
          commonSchema,
          changed(common, (c) => Object.assign(c.language, { short })),
        ),
        short,
      ).toEqual(["language.short: must be a short code in capitals, such as DE"]);
    expect(
      problems(
        commonSchema,
        changed(common, (c) => Object.assign(c.language, { readThisPage: " " })),
      ),
    ).toEqual(["language.readThisPage: must not be empty"]);
    expect(
      problems(
        commonSchema,
        changed(common, (c) => Object.assign(c.header, { nav: [] })),
      ),
    ).toHaveLength(1);
  });

  it('a menu entry leads to "#section", a page path (with "#heading"), "home" or "impressum"', () => {
    for (const to of [
      "#services",
      "insights",
      "insights/rag-agents",
      "privacy#embedded-videos",
      "home",
      "impressum",
      "a1/b-2",
    ])
      expect(problems(navLinkSchema, { label: "X", to }), to).toEqual([]);
    for (const to of [
      "#Services",
      "#1st",
      "/insights",
      "Insights",
      "insights#",
      "https://x.example",
      "a b",
      "insights#Top",
    ])
      expect(problems(navLinkSchema, { label: "X", to }), to).toEqual([
        'to: must be "#section-id", a page path such as insights (optionally with "#heading-id"), "home" or "impressum"',
      ]);
    expect(LINK_TARGET.test("x#y")).toBe(true);
  });

  it("the 404 page's title is held to the title limit", () => {
    const notFound = (title: string) =>
      problems(
        commonSchema,
        changed(common, (c) => Object.assign(c.notFound as Data, { title })),
      );
    expect(notFound("x".repeat(60))).toEqual([]);
    expect(notFound("x".repeat(61))).toEqual([
      "notFound.title: must be at most 60 characters: search results cut longer titles",
    ]);
  });
});

describe("home.yaml and form.yaml", () => {
  const home = yaml("en/home.yaml") as Data & { meta: Data; hero: Data & { badges: string[] }; services: Data };

  it("exactly three badges and three stats, at least one service card with a known icon", () => {
    expect(
      problems(
        homeSchema,
        changed(home, (h) => h.hero.badges.pop()),
      ),
    ).toEqual(["hero.badges: must list exactly three badges"]);
    expect(
      problems(
        homeSchema,
        changed(home, (h) => (h.expertise as { stats: Data[] }).stats.push({ value: "1", label: "x" })),
      ),
    ).toEqual(["expertise.stats: must list exactly three stats"]);
    expect(
      problems(
        homeSchema,
        changed(home, (h) => Object.assign(h.services, { cards: [] })),
      ),
    ).toHaveLength(1);
    expect(
      problems(
        homeSchema,
        changed(home, (h) => Object.assign((h.services as { cards: Data[] }).cards[0] ?? {}, { icon: "rocket" })),
      ),
    ).toHaveLength(1);
  });

  it("the page title at most 60 characters and the description at most 200, as written", () => {
    const meta = (change: Data) =>
      problems(
        homeSchema,
        changed(home, (h) => Object.assign(h.meta, change)),
      );
    expect(meta({ title: "x".repeat(60), description: "y".repeat(200) })).toEqual([]);
    expect(meta({ title: `  ${"x".repeat(60)}  ` })).toEqual([]);
    expect(meta({ title: "x".repeat(61) })).toEqual([
      "meta.title: must be at most 60 characters: search results cut longer titles",
    ]);
    expect(meta({ description: "y".repeat(201) })).toEqual([
      "meta.description: should be at most 200 characters for search results",
    ]);
  });

  it("the e-mail alternative names the address", () => {
    const form = yaml("en/form.yaml");
    expect(problems(formSchema, { ...form, emailAlternative: "Write to us." })).toEqual([
      "emailAlternative: must contain {email}",
    ]);
  });
});

describe("a page's front matter", () => {
  const base = { title: "A page", description: "What it is about." };
  const page = (extra: Data) => problems(pageSchema, { ...base, ...extra });

  it("expiryDate after the day the page goes live, lastmod not before it (publishDate where given, else date)", () => {
    const never = (expiry: string, live: string, which: string) =>
      `expiryDate: ${expiry} is not after ${live}, the day the page goes live (its ${which}): the page would never be shown`;
    const early = (lastmod: string, live: string, which: string) =>
      `lastmod: ${lastmod} is before ${live}, the page's ${which}: lastmod says when the published text last changed`;
    expect(page({ date: "2026-11-10", expiryDate: "2026-11-11", lastmod: "2026-11-10" })).toEqual([]);
    expect(page({ date: "2026-11-10", expiryDate: "2026-11-10" })).toEqual([never("2026-11-10", "2026-11-10", "date")]);
    expect(page({ date: "2026-11-10", expiryDate: "2026-11-09" })).toEqual([never("2026-11-09", "2026-11-10", "date")]);
    expect(page({ date: "2026-11-10", lastmod: "2026-11-09" })).toEqual([early("2026-11-09", "2026-11-10", "date")]);
    // publishDate decides when there is one, whatever the date says.
    expect(page({ date: "2026-11-01", publishDate: "2026-11-10", expiryDate: "2026-11-05" })).toEqual([
      never("2026-11-05", "2026-11-10", "publishDate"),
    ]);
    expect(page({ date: "2026-11-20", publishDate: "2026-11-10", lastmod: "2026-11-15" })).toEqual([]);
    expect(page({ publishDate: "2026-11-10", lastmod: "2026-11-09" })).toEqual([
      early("2026-11-09", "2026-11-10", "publishDate"),
    ]);
    // Without a day to go live, neither has anything to be compared with.
    expect(page({ expiryDate: "2026-11-10", lastmod: "2026-11-09" })).toEqual([]);
  });

  it("aliases: old addresses from the site's root, a path alone, %-encoding well formed", () => {
    expect(page({ aliases: ["/de/einblicke/alter-name", "/old", "/de/%C3%BCbersicht"] })).toEqual([]);
    for (const alias of ["old", "//evil.example/x", "de/x"])
      expect(page({ aliases: [alias] }), alias).toEqual([
        `aliases.0: "${alias}" must be an old address of this site from its root, starting with /, e.g. /de/einblicke/alter-name`,
      ]);
    // An encoded space or punctuation: nginx matches the decoded path, so its include would need quoting (issue 46).
    for (const alias of ["/a b", "/a?x=1", "/a#top", '/a"b', "/a<b", "/a>b", "/a\\b", "/a\tb", "/a%20b", "/a%2Fb"])
      expect(page({ aliases: [alias] }), alias).toHaveLength(1);
    expect(page({ aliases: ["/a?x=1"] })[0]).toMatch(/^aliases\.0: "\/a\?x=1" must be a path alone: no spaces, query/);
    expect(page({ aliases: ["/a%E0%A4%A"] })).toEqual(['aliases.0: "/a%E0%A4%A" has a malformed %-encoding']);
  });

  it("a slug's hint: the whole address as url, or the slug it could be", () => {
    const whole = (slug: string, last: string, url: string) =>
      `slug: "${slug}": a slug names the last part of the address only (write slug: ${last}; the page takes its section's address before it); to set the whole address, write url: ${url}`;
    expect(page({ slug: "/einblicke/rag-agenten" })).toEqual([
      whole("/einblicke/rag-agenten", "rag-agenten", "/einblicke/rag-agenten"),
    ]);
    expect(page({ slug: "//a/b" })).toEqual([whole("//a/b", "b", "/a/b")]);
    expect(page({ slug: "a/b/c" })).toEqual([whole("a/b/c", "c", "/a/b/c")]);
    for (const [slug, hint] of [
      ["--Über  uns--", "ueber-uns"],
      ["A__B", "a-b"],
    ])
      expect(page({ slug }), slug).toEqual([
        `slug: "${slug}" cannot be an address: use lowercase letters, digits and -, e.g. ${hint}`,
      ]);
    // A slash alone, or with what no address may hold, is no address to hint at.
    expect(page({ slug: "A/B" })).toEqual([
      'slug: "A/B" cannot be an address: use lowercase letters, digits and -, e.g. a-b',
    ]);
  });

  it("a date is a real calendar day written YYYY-MM-DD, in a plausible year", () => {
    for (const date of ["2026-11-16", "2024-02-29", "1990-01-01", "2100-12-31"])
      expect(page({ date }), date).toEqual([]);
    expect(page({ date: "16.11.2026" })).toEqual([
      'date: must be a date written YYYY-MM-DD, e.g. 2026-11-16 (not "16.11.2026")',
    ]);
    expect(page({ date: "2026-11-1" })).toHaveLength(1);
    expect(page({ date: "x2026-11-16" })).toHaveLength(1);
    expect(page({ date: "2026-11-16x" })).toHaveLength(1);
    expect(page({ date: "2026-13-01" })).toEqual(["date: 2026-13-01: there is no month 13 (write YYYY-MM-DD)"]);
    expect(page({ date: "2026-00-10" })).toEqual(["date: 2026-00-10: there is no month 0 (write YYYY-MM-DD)"]);
    expect(page({ date: "2026-12-10" })).toEqual([]);
    expect(page({ date: "2026-01-10" })).toEqual([]);
    expect(page({ date: "2026-02-29" })).toEqual(["date: 2026-02-29: February 2026 has no 29th day"]);
    expect(page({ date: "2026-04-31" })).toEqual(["date: 2026-04-31: April 2026 has no 31st day"]);
    expect(page({ date: "2026-11-00" })).toEqual(["date: 2026-11-00: November 2026 has no 0th day"]);
    expect(page({ date: "2026-02-32" })).toEqual(["date: 2026-02-32: February 2026 has no 32nd day"]);
    expect(page({ date: "2026-02-33" })).toEqual(["date: 2026-02-33: February 2026 has no 33rd day"]);
    // 11, 12 and 13 are "th", whatever their last digit says.
    expect(page({ date: "2026-11-41" })).toEqual(["date: 2026-11-41: November 2026 has no 41st day"]);
    for (const day of ["11", "12", "13"])
      expect(page({ date: `2026-11-${day}` }).length + page({ date: `2026-02-${day}` }).length, day).toBe(0);
    expect(page({ date: "2026-02-00" })).toEqual(["date: 2026-02-00: February 2026 has no 0th day"]);
    expect(page({ date: "1989-12-31" })).toEqual(["date: 1989-12-31: the year must be between 1990 and 2100"]);
    expect(page({ date: "2101-01-01" })).toEqual(["date: 2101-01-01: the year must be between 1990 and 2100"]);
  });

  it("days are counted in English ordinals (a day of two digits that no month has: 29 to 99)", () => {
    const ordinalOf = (day: number) => {
      const [message = ""] = page({ date: `2026-02-${String(day).padStart(2, "0")}` });
      return /no (\w+) day/.exec(message)?.[1];
    };
    expect([31, 32, 33, 41, 42, 43, 51, 52, 53].map((day) => ordinalOf(day))).toEqual([
      "31st",
      "32nd",
      "33rd",
      "41st",
      "42nd",
      "43rd",
      "51st",
      "52nd",
      "53rd",
    ]);
    expect([30, 34, 40, 44].map((day) => ordinalOf(day))).toEqual(["30th", "34th", "40th", "44th"]);
  });

  it("weight and pageSize are whole numbers within their ranges", () => {
    const weight =
      "must be a whole number from 1 to 9999 (1 is listed first; leave weight out to list the page after the weighted ones, newest first)";
    for (const value of [1, 9999]) expect(page({ weight: value }), String(value)).toEqual([]);
    for (const value of [0, 10_000, 1.5, "1"])
      expect(page({ weight: value }), String(value)).toEqual([`weight: ${weight}`]);
    const size =
      "must be a whole number from 1 to 100: how many pages one list page of this section shows (leave it out for 20)";
    for (const value of [1, 100]) expect(page({ pageSize: value }), String(value)).toEqual([]);
    for (const value of [0, 101, 2.5, "20"])
      expect(page({ pageSize: value }), String(value)).toEqual([`pageSize: ${size}`]);
  });

  it("a slug is the address's last part (lowercase words joined by -), url the whole; an image is next to the page or in content/media/", () => {
    for (const slug of ["rag-agenten", "a", "a-1"]) expect(page({ slug }), slug).toEqual([]);
    expect(page({ slug: "einblicke/rag-agenten" })).toEqual([
      'slug: "einblicke/rag-agenten": a slug names the last part of the address only (write slug: rag-agenten; the page takes its section\'s address before it); to set the whole address, write url: /einblicke/rag-agenten',
    ]);
    for (const [slug, hint] of [
      ["Einblicke", "einblicke"],
      ["-a", "a"],
      ["a_b", "a-b"],
      ["Über uns", "ueber-uns"],
    ])
      expect(page({ slug }), slug).toEqual([
        `slug: "${slug}" cannot be an address: use lowercase letters, digits and -, e.g. ${hint}`,
      ]);
    for (const url of ["/einblicke/rag-agenten", "/a"]) expect(page({ url }), url).toEqual([]);
    for (const url of ["einblicke", "/Einblicke", "/a/", "/a//b"])
      expect(page({ url }), url).toEqual([
        "url: must be the address below the language's prefix, starting with /: lowercase words joined by - and /, e.g. /referenzen/acme",
      ]);
    for (const image of ["./a.png", "../a.png", "/media/a.png"])
      expect(page({ image, imageAlt: "A" }), image).toEqual([]);
    for (const image of ["a.png", "/a.png", ".../a.png", "https://x.example/a.png", "/mediax/a.png"])
      expect(page({ image, imageAlt: "A" }), image).toEqual([
        "image: must be a path next to the page, starting with ./, or a shared image in content/media/, starting with /media/",
      ]);
  });

  it("an image and its alt text come together; a link preview of the page's image needs one", () => {
    expect(page({ image: "./a.png" })).toEqual([
      "image: an image needs its alt text: add imageAlt, saying what the image shows",
    ]);
    expect(page({ imageAlt: "A diagram" })).toEqual([
      "imageAlt: imageAlt describes an image: add image, or remove imageAlt",
    ]);
    expect(page({ linkPreview: "image" })).toEqual([
      "linkPreview: shows the page's image, and the page has none: add image, or remove linkPreview",
    ]);
    expect(page({ linkPreview: "image", image: "./a.png", imageAlt: "A" })).toEqual([]);
    expect(pageSchema.parse(base)).toEqual({ ...base, draft: false, linkPreview: "card", toc: false });
  });

  it("a title at most 60 characters; a menu entry of a page names its menu and label", () => {
    expect(page({ title: "x".repeat(61) })).toEqual([
      "title: must be at most 60 characters: search results cut longer titles",
    ]);
    expect(page({ nav: { menu: "header", label: "Careers" } })).toEqual([]);
    expect(page({ nav: { menu: "sidebar", label: "Careers" } })).toHaveLength(1);
    expect(page({ nav: { menu: "footer", label: "Careers" } })).toEqual([]);
    expect(page({ linkPreview: "card" })).toEqual([]);
    expect(page({ summary: "" })).toEqual(["summary: must not be empty"]);
  });

  it("the Impressum has at least one section", () => {
    expect(problems(impressumSchema, { ...front("impressum.md"), sections: [] })).toHaveLength(1);
  });
});
