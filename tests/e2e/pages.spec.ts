/**
 * Every route in both languages: what each page shows (compared with content/), its links, its <head>,
 * the 404 handling, the mobile header and horizontal overflow, plus sitemap.xml and robots.txt.
 */
import type { Locator, Page } from "@playwright/test";
import {
  IMPRESSUM_PATH,
  LANGS,
  NOT_FOUND_CONSOLE_ERROR,
  SITE_PAGES,
  content,
  copy,
  expectedErrorsFor,
  footerLabel,
  headingsOfHtml,
  normalize,
  otherLang,
  model,
  pathFor,
  paths,
  site,
  switchCopy,
  type Lang,
  type SitePage,
} from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

/** Strings the spec (and the issue) fix literally; everything else is compared with content/. */
const CONTRACT = {
  en: {
    headline: "Leap into the Future with AI that Works for Your Business",
    langButton: "DE",
    bookLong: "Book a Meeting",
    bookShort: "Book",
    schedule: "Schedule Now",
    note: "Free 30-minute strategy session",
    notFound: "Oops! Page not found",
    returnHome: "Return to Home",
    backToHome: "Back to Home",
  },
  de: { langButton: "EN", bookLong: "Termin buchen", bookShort: "Termin", schedule: "Jetzt Termin wählen" },
} as const;

const SPEC_SERVICES = [
  "Custom AI Solutions",
  "AI Chat and Voicebots",
  "RAG Agents",
  "Content and Lead Generation Systems",
];
const SPEC_BADGES = [/^AI-powered$/i, /^scalable$/i, /^results-driven$/i];
const SPEC_STATS = [
  { value: "73%", label: "Average ROI" },
  { value: "24/7", label: "Always On" },
  { value: "∞", label: "Scalability" },
];
const FORM_FIELDS = ["name", "email", "company", "message"] as const;
const WIDTHS = [320, 375, 768, 1280, 1920];

/** Expects a link that opens `href` in a new tab without leaking the opener or the referrer. */
async function expectNewTabLink(link: Locator, href: string): Promise<void> {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /(^|\s)noopener(\s|$)/);
  await expect(link).toHaveAttribute("rel", /(^|\s)noreferrer(\s|$)/);
}

/** The text a sighted visitor sees: skips display:none parts and screen-reader-only (1px, clipped) text. */
function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      parts.push(node.textContent ?? "");
    }
    return parts.join("").replace(/\s+/g, " ").trim();
  });
}

const headerBookingLink = (page: Page) => page.getByRole("banner").locator(`a[href="${site.schedulingUrl}"]`);

async function open(page: Page, sitePage: SitePage): Promise<void> {
  const response = await page.goto(sitePage.path);
  expect(response?.status(), `HTTP status of ${sitePage.path}`).toBe(sitePage.status);
}

for (const lang of LANGS) {
  const { common, home, form } = copy(lang);
  const other = otherLang(lang);

  test.describe(`home page (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(paths[lang].home);
    });

    test("shows header, hero, services, expertise, contact and footer in that order", async ({ page }) => {
      const parts = [
        page.getByRole("banner"),
        page.getByRole("region", { name: home.hero.headline }),
        page.locator("#services"),
        page.locator("#expertise"),
        page.locator("#contact"),
        page.getByRole("contentinfo"),
      ];
      const tops: number[] = [];
      for (const part of parts) {
        await expect(part).toBeVisible();
        tops.push((await part.boundingBox())?.y ?? Number.NaN);
      }
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      await expect(page.locator("main #services, main #expertise, main #contact")).toHaveCount(3);
    });

    test("header: logo, section links, language button and booking button", async ({ page }) => {
      const header = page.getByRole("banner");
      const logo = header.getByRole("link", { name: common.header.homeLabel, exact: true });
      await expect(logo).toHaveAttribute("href", paths[lang].home);
      await expect(logo).toContainText(site.company.logo);

      const nav = header.getByRole("navigation", { name: common.header.navLabel });
      const links = nav.getByRole("link");
      await expect(links).toHaveText(common.header.nav.map((link) => link.label));
      for (const [index, entry] of common.header.nav.entries()) {
        await expect(links.nth(index)).toHaveAttribute(
          "href",
          entry.to.startsWith("#") ? entry.to : pathFor(entry.to, lang),
        );
      }

      const switcher = header.getByRole("link", { name: switchCopy(lang).label });
      expect(await visibleText(switcher)).toBe(CONTRACT[lang].langButton);
      expect(CONTRACT[lang].langButton).toBe(switchCopy(lang).text);
      await expect(switcher).toHaveAttribute("href", paths[other].home);
      await expect(switcher).toHaveAttribute("hreflang", other);

      const booking = headerBookingLink(page);
      await expect(booking).toBeVisible();
      await expectNewTabLink(booking, site.schedulingUrl);
      expect(await visibleText(booking)).toBe(CONTRACT[lang].bookLong);
    });

    test("hero: headline, subheadline, two calls to action and three badges", async ({ page }) => {
      const hero = page.getByRole("region", { name: home.hero.headline });
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(home.hero.headline);
      if (lang === "en") await expect(hero.getByRole("heading", { level: 1 })).toHaveText(CONTRACT.en.headline);
      await expect(hero.getByText(home.hero.subheadline, { exact: true })).toBeVisible();

      const book = hero.getByRole("link", { name: home.hero.bookMeeting });
      await expect(book).toBeVisible();
      await expectNewTabLink(book, site.schedulingUrl);
      if (lang === "en") expect(await visibleText(book)).toBe(CONTRACT.en.bookLong);

      const getInTouch = hero.getByRole("link", { name: home.hero.getInTouch, exact: true });
      await expect(getInTouch).toHaveAttribute("href", "#contact");
      await expect(getInTouch).not.toHaveAttribute("target", /.+/);

      const badges = hero.getByRole("listitem");
      await expect(badges).toHaveText(home.hero.badges);
      if (lang === "en") await expect(badges).toHaveText(SPEC_BADGES);
    });

    test("services: four cards with the content's titles and descriptions", async ({ page }) => {
      const services = page.getByRole("region", { name: home.services.heading });
      await expect(services).toHaveAttribute("id", "services");
      await expect(services.getByRole("heading", { level: 2 })).toHaveText(home.services.heading);
      const cards = services.getByRole("listitem");
      await expect(cards).toHaveCount(4);
      await expect(services.getByRole("heading", { level: 3 })).toHaveText(
        home.services.cards.map((card) => card.title),
      );
      if (lang === "en") await expect(services.getByRole("heading", { level: 3 })).toHaveText(SPEC_SERVICES);
      for (const [index, card] of home.services.cards.entries()) {
        await expect(cards.nth(index)).toContainText(card.description);
      }
    });

    test("expertise: intro and the three stats", async ({ page }) => {
      const expertise = page.getByRole("region", { name: home.expertise.heading });
      await expect(expertise).toHaveAttribute("id", "expertise");
      await expect(expertise.getByText(home.expertise.intro, { exact: true })).toBeVisible();
      const stats = expertise.locator("dl > div");
      await expect(stats.locator("dd")).toHaveText(home.expertise.stats.map((stat) => stat.value));
      await expect(stats.locator("dt")).toHaveText(home.expertise.stats.map((stat) => stat.label));
      if (lang === "en") {
        await expect(stats.locator("dd")).toHaveText(SPEC_STATS.map((stat) => stat.value));
        await expect(stats.locator("dt")).toHaveText(SPEC_STATS.map((stat) => stat.label));
      }
    });

    test("contact: heading, subtitle, booking card and a labelled form", async ({ page }) => {
      const contact = page.getByRole("region", { name: home.contact.heading });
      await expect(contact).toHaveAttribute("id", "contact");
      await expect(contact.getByText(home.contact.subtitle, { exact: true })).toBeVisible();

      await expect(contact.getByRole("heading", { name: home.contact.booking.title, exact: true })).toBeVisible();
      const schedule = contact.getByRole("link", { name: home.contact.booking.button });
      await expectNewTabLink(schedule, site.schedulingUrl);
      expect(await visibleText(schedule)).toBe(CONTRACT[lang].schedule);
      await expect(contact.getByText(home.contact.booking.note, { exact: true })).toBeVisible();
      if (lang === "en") await expect(contact.getByText(CONTRACT.en.note, { exact: true })).toBeVisible();

      await expect(contact.getByRole("heading", { name: form.title, exact: true })).toBeVisible();
      for (const name of FORM_FIELDS) {
        const field = contact.locator(`form [name="${name}"]`);
        await expect(field).toHaveCount(1);
        const id = await field.getAttribute("id");
        expect(id, `id of the ${name} field`).toBeTruthy();
        const label = contact.locator(`label[for="${id}"]`);
        await expect(label).toBeVisible();
        await expect(label).toHaveText(form.fields[name].label);
        await expect(contact.getByLabel(form.fields[name].label, { exact: true })).toHaveAttribute("name", name);
        await expect(field).toHaveAttribute("placeholder", form.fields[name].placeholder);
      }
      await formReady(page);
      await expect(contact.locator('form button[type="submit"]')).toHaveText(form.submit);
    });
  });

  for (const sitePage of SITE_PAGES.filter((candidate) => candidate.lang === lang)) {
    test.describe(`footer on ${sitePage.path}`, () => {
      test.use({ expectedErrors: expectedErrorsFor(sitePage) });

      test("tagline, services link, contact and social links, copyright, legal links", async ({ page }) => {
        await open(page, sitePage);
        const footer = page.getByRole("contentinfo");
        await expect(footer.getByText(common.footer.tagline, { exact: true })).toBeVisible();
        const servicesHref = sitePage.kind === "home" ? "#services" : `${paths[lang].home}#services`;
        await expect(footer.getByRole("link", { name: common.footer.links[0]?.label })).toHaveAttribute(
          "href",
          servicesHref,
        );
        await expect(footer.getByRole("link", { name: common.footer.links[1]?.label, exact: true })).toHaveAttribute(
          "href",
          pathFor("insights", lang),
        );

        const mail = footer.getByRole("link", { name: site.company.email });
        await expect(mail).toHaveAttribute("href", `mailto:${site.company.email}`);
        const phone = footer.getByRole("link", { name: site.company.phone });
        await expect(phone).toHaveAttribute("href", `tel:${site.company.phoneHref}`);

        expect(site.social.map((profile) => profile.name)).toEqual(["LinkedIn", "YouTube", "Instagram"]);
        for (const profile of site.social) {
          await expectNewTabLink(footer.getByRole("link", { name: profile.name }), profile.url);
        }

        await expect(footer).toContainText("© 2024");
        await expect(footer.getByText(common.footer.copyright, { exact: true })).toBeVisible();
        await expect(footer.getByRole("link", { name: footerLabel(lang, "impressum"), exact: true })).toHaveAttribute(
          "href",
          IMPRESSUM_PATH,
        );
        await expect(footer.getByRole("link", { name: footerLabel(lang, "privacy"), exact: true })).toHaveAttribute(
          "href",
          paths[lang].privacy,
        );
      });
    });
  }

  test.describe(`privacy policy (${lang})`, () => {
    const { privacy } = copy(lang);
    /** The spec's sections, found by what their headings are about in each language, in the spec's order. */
    const SECTIONS: { name: string; level: 2 | 3; heading: Record<Lang, RegExp>; text?: RegExp[] }[] = [
      {
        name: "controller",
        level: 2,
        heading: { en: /controller/i, de: /verantwortlich/i },
        text: [new RegExp(site.legal.companyName)],
      },
      {
        name: "collection and storage",
        level: 2,
        heading: { en: /collection and storage/i, de: /erhebung und speicherung/i },
      },
      { name: "website visit", level: 3, heading: { en: /visit/i, de: /besuch/i } },
      { name: "hosting", level: 3, heading: { en: /hosting/i, de: /hosting/i } },
      { name: "contact form", level: 3, heading: { en: /contact form/i, de: /kontaktformular/i } },
      { name: "appointment scheduling", level: 3, heading: { en: /appointment|scheduling/i, de: /termin/i } },
      { name: "social media", level: 3, heading: { en: /social media/i, de: /social media/i } },
      { name: "disclosure", level: 2, heading: { en: /disclosure/i, de: /weitergabe/i } },
      { name: "cookies", level: 2, heading: { en: /cookies/i, de: /cookies/i } },
      {
        name: "analytics",
        level: 2,
        heading: { en: /analytics/i, de: /analyse/i },
        text: [lang === "en" ? /no web analytics/i : /keine Webanalyse/i],
      },
      {
        name: "GDPR rights",
        level: 2,
        heading: { en: /rights.*GDPR/i, de: /rechte.*DSGVO/i },
        text: ["15", "16", "17", "18", "20", "21", "77"].map((article) => new RegExp(`Art\\. ${article}\\b`)),
      },
      { name: "security", level: 2, heading: { en: /security/i, de: /sicherheit/i }, text: [/\bSSL\b/] },
      { name: "last update", level: 2, heading: { en: /last update/i, de: /^stand$/i }, text: [/September 2025/] },
    ];

    test.beforeEach(async ({ page }) => {
      const response = await page.goto(paths[lang].privacy);
      expect(response?.status()).toBe(200);
    });

    test("has the content's title, headings and a back link to this language's home", async ({ page }) => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(privacy.title);
      const back = page.getByRole("main").getByRole("link", { name: common.legal.backToHome, exact: true });
      await expect(back).toHaveAttribute("href", paths[lang].home);
      if (lang === "en") await expect(back).toHaveText(CONTRACT.en.backToHome);
      const expected = headingsOfHtml(privacy.html).map((heading) => heading.text);
      await expect(page.locator("main .prose").locator("h2, h3")).toHaveText(expected);
      await expect(page.getByRole("navigation", { name: common.legal.onThisPage }).getByRole("link")).toHaveText(
        privacy.headings.map((heading) => heading.text),
      );
    });

    test("has every section the spec lists, in order", async ({ page }) => {
      const sections = await page.locator("main .prose").evaluate((prose) => {
        const found: { level: number; heading: string; text: string }[] = [];
        let h2: (typeof found)[number] | undefined;
        let h3: (typeof found)[number] | undefined;
        for (const child of Array.from(prose.children)) {
          // Soft hyphens (the build's, in headings) are invisible unless a word breaks there.
          const text = (child.textContent ?? "")
            .replace(/\u00ad/g, "")
            .replace(/\s+/g, " ")
            .trim();
          if (child.tagName === "H2" || child.tagName === "H3") {
            const section = { level: Number(child.tagName[1]), heading: text, text: "" };
            found.push(section);
            if (section.level === 2) [h2, h3] = [section, undefined];
            else h3 = section;
            continue;
          }
          if (h3) h3.text += ` ${text}`;
          if (h2) h2.text += ` ${text}`;
        }
        return found;
      });
      let previous = -1;
      for (const spec of SECTIONS) {
        const index = sections.findIndex(
          (section) => section.level === spec.level && spec.heading[lang].test(section.heading),
        );
        expect(index, `section "${spec.name}" (h${spec.level} matching ${spec.heading[lang]})`).toBeGreaterThan(
          previous,
        );
        for (const pattern of spec.text ?? []) {
          expect(sections[index]?.text, `text of section "${spec.name}"`).toMatch(pattern);
        }
        previous = index;
      }
    });
  });
}

test.describe("Impressum", () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto(IMPRESSUM_PATH);
    expect(response?.status()).toBe(200);
  });

  test("shows the German and the English legal notice", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.impressum.title);
    expect(content.impressum.sections.map((section) => section.lang)).toEqual(["de", "en"]);
    for (const section of content.impressum.sections) {
      const region = page.getByRole("region", { name: section.heading, exact: true });
      await expect(region).toBeVisible();
      await expect(region.locator("h3")).toHaveText(headingsOfHtml(section.html).map((heading) => heading.text));
      for (const fact of [site.legal.companyName, site.legal.representative, site.legal.register, site.legal.vatId]) {
        await expect(region).toContainText(fact);
      }
      await expect(region.getByRole("link", { name: site.company.email })).toHaveAttribute(
        "href",
        `mailto:${site.company.email}`,
      );
      await expect(region.getByRole("link", { name: site.company.phone })).toHaveAttribute(
        "href",
        `tel:${site.company.phoneHref}`,
      );
      // The part in the other language than the page's says so, for screen readers and hyphenation.
      const pageLang = await page.locator("html").getAttribute("lang");
      const declared = (await region.getAttribute("lang")) ?? pageLang;
      expect(declared).toBe(section.lang);
    }
  });

  test('has a "Back to Home" link to /', async ({ page }) => {
    const back = page.getByRole("main").getByRole("link", { name: CONTRACT.en.backToHome, exact: true });
    await expect(back).toHaveAttribute("href", "/");
    expect(copy("en").common.legal.backToHome).toBe(CONTRACT.en.backToHome);
  });
});

test.describe("404 page", () => {
  test.use({ expectedErrors: [NOT_FOUND_CONSOLE_ERROR] });

  const CASES = [
    { lang: "en" as const, path: "/no-such-page", heading: CONTRACT.en.notFound, returnHome: CONTRACT.en.returnHome },
    {
      lang: "de" as const,
      path: "/de/anything",
      heading: copy("de").common.notFound.heading,
      returnHome: copy("de").common.notFound.returnHome,
    },
    {
      lang: "en" as const,
      path: "/services/ai?x=1",
      heading: CONTRACT.en.notFound,
      returnHome: CONTRACT.en.returnHome,
    },
  ];

  for (const { lang, path, heading, returnHome } of CASES) {
    test(`${path} answers 404 with the ${lang} page and logs the path`, async ({ page }) => {
      const { notFound } = copy(lang).common;
      const logged = page.waitForEvent(
        "console",
        (message) => message.type() === "error" && message.text().startsWith(notFound.consoleMessage),
      );
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFound.heading);
      const back = page.getByRole("main").getByRole("link", { name: returnHome, exact: true });
      await expect(back).toHaveAttribute("href", paths[lang].home);
      const message = await logged;
      expect(message.text()).toContain(new URL(path, "http://x").pathname);
    });
  }
});

for (const sitePage of SITE_PAGES) {
  test.describe(`every page: ${sitePage.path}`, () => {
    test.use({ expectedErrors: expectedErrorsFor(sitePage) });

    test("new-tab links have rel noopener noreferrer; anchors resolve", async ({ page }) => {
      await open(page, sitePage);
      const newTabLinks = page.locator('a[target="_blank"]');
      expect(await newTabLinks.count()).toBeGreaterThan(0);
      for (const link of await newTabLinks.all()) {
        const rel = ((await link.getAttribute("rel")) ?? "").split(/\s+/);
        expect(rel, `rel of ${await link.getAttribute("href")}`).toEqual(
          expect.arrayContaining(["noopener", "noreferrer"]),
        );
      }

      const hrefs = await page
        .locator("a[href]")
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      const here = new URL(page.url());
      const inPage = hrefs
        .map((href) => new URL(href))
        .filter((url) => url.origin === here.origin && url.pathname === here.pathname && url.hash);
      for (const url of inPage) {
        const id = decodeURIComponent(url.hash.slice(1));
        await expect(page.locator(`[id="${id}"]`), `target of ${url.hash}`).toHaveCount(1);
      }
      // Section links on the other pages lead to anchors of a home page.
      const elsewhere = hrefs
        .map((href) => new URL(href))
        .filter((url) => url.origin === here.origin && url.pathname !== here.pathname && url.hash);
      for (const url of elsewhere) {
        const html = await (await page.request.get(url.pathname)).text();
        expect(html, `${url.pathname}${url.hash}`).toContain(`id="${decodeURIComponent(url.hash.slice(1))}"`);
      }
    });

    test(`has no horizontal overflow at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      await open(page, sitePage);
      if (sitePage.kind === "home") await formReady(page);
      const overflowing: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const { scrollWidth, clientWidth } = await page.evaluate(async () => {
          await document.fonts.ready;
          return {
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          };
        });
        if (scrollWidth > clientWidth)
          overflowing.push(`${width}px: scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`);
      }
      expect(overflowing).toEqual([]);
    });

    test("a first visit requests nothing before its first paint but the page itself (and lazy images), and prefetches nothing", async ({
      page,
      baseURL,
    }) => {
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith(new URL(baseURL ?? "").origin) && request.resourceType() === "document")
          documents.push(new URL(request.url()).pathname);
      });
      await open(page, sitePage);
      const { paint, before } = await page.evaluate(async () => {
        const fcp = await new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries()[0]?.startTime ?? 0)).observe({
            type: "paint",
            buffered: true,
          });
        });
        // A lazy image (a section's thumbnails, a diagram a screen further down) is started by the browser's
        // first layout and never holds up the paint: its box is reserved by width and height. Anything else would.
        const lazyImage = (url: string) =>
          [...document.images].some((image) => image.currentSrc === url && image.loading === "lazy");
        const early = performance.getEntriesByType("resource").filter((entry) => entry.startTime < fcp);
        return { paint: fcp, before: early.map((entry) => entry.name).filter((url) => !lazyImage(url)) };
      });
      expect(paint).toBeGreaterThan(0);
      expect(before, "requests that started before the first contentful paint").toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(documents, "no other page is fetched without the visitor's intent").toEqual([sitePage.path]);
    });

    test("head has lang, title, description, social and icon tags", async ({ page }) => {
      await open(page, sitePage);
      const { description } = sitePage;
      const head = (selector: string) => page.locator(`head ${selector}`);

      await expect(page.locator("html")).toHaveAttribute("lang", sitePage.lang);
      await expect(page).toHaveTitle(sitePage.title);
      await expect(head('meta[name="description"]')).toHaveAttribute("content", normalize(description));
      await expect(head('meta[property="og:title"]')).toHaveAttribute("content", sitePage.title);
      await expect(head('meta[property="og:description"]')).toHaveAttribute("content", normalize(description));
      await expect(head('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      // One theme colour for each colour scheme the page follows.
      for (const scheme of ["light", "dark"])
        await expect(head(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`)).toHaveAttribute(
          "content",
          /^#[0-9a-f]{3,8}$/i,
        );

      const ogImage = await head('meta[property="og:image"]').getAttribute("content");
      expect(ogImage).toMatch(new RegExp(`^${site.url}/assets/`));
      const icons = await head('link[rel="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute("href") ?? "", type: link.getAttribute("type") })),
      );
      expect(icons.map((icon) => icon.type)).toEqual(expect.arrayContaining(["image/svg+xml", "image/png"]));
      // The SVG icon is inlined as a data: URL (no request on page load); the rest are files.
      const files = icons.map((icon) => icon.href).filter((href) => !href.startsWith("data:image/svg+xml,"));
      expect(files.length, "icons that are files").toBe(icons.length - 1);
      for (const href of [...files, new URL(ogImage ?? "").pathname]) {
        const response = await page.request.get(href);
        expect(response.status(), href).toBe(200);
        expect(response.headers()["content-type"], href).toMatch(/^image\//);
      }

      const canonical = head('link[rel="canonical"]');
      const alternates = head('link[rel="alternate"][hreflang]');
      if (sitePage.kind === "notFound") {
        await expect(canonical).toHaveCount(0);
        await expect(head('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        return;
      }
      await expect(canonical).toHaveAttribute("href", `${site.url}${sitePage.path}`);
      if (sitePage.kind === "impressum") return;
      const hreflangs = await alternates.evaluateAll((links) =>
        links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
      );
      // A tag is in the languages whose pages use it: its alternates are those the route model pairs.
      if (sitePage.kind === "tag") {
        const alternates = model.routes.find((route) => route.path === sitePage.path)?.alternates ?? {};
        expect(Object.fromEntries(hreflangs)).toEqual(
          alternates.en
            ? {
                ...Object.fromEntries(Object.entries(alternates).map(([lang, path]) => [lang, `${site.url}${path}`])),
                "x-default": `${site.url}${alternates.en}`,
              }
            : {},
        );
        return;
      }
      expect(Object.fromEntries(hreflangs)).toEqual({
        en: `${site.url}${pathFor(sitePage.key, "en")}`,
        de: `${site.url}${pathFor(sitePage.key, "de")}`,
        "x-default": `${site.url}${pathFor(sitePage.key, "en")}`,
      });
    });
  });
}

test.describe("structured data", () => {
  for (const lang of LANGS) {
    test(`home (${lang}) carries JSON-LD for the one ProfessionalService of every language`, async ({ page }) => {
      await page.goto(paths[lang].home);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks).toHaveLength(1);
      const data = JSON.parse(blocks[0] ?? "") as { "@context": string; "@graph": Record<string, unknown>[] };
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@graph"].find((node) => node["@type"] === "ProfessionalService")).toMatchObject({
        "@id": `${site.url}/#organization`,
        name: site.company.name,
        url: `${site.url}/`,
        email: site.company.email,
        sameAs: site.social.map((profile) => profile.url),
      });
    });
  }
});

test.describe("mobile header", () => {
  for (const lang of LANGS) {
    const { header } = copy(lang).common;
    test(`booking button reads "${CONTRACT[lang].bookShort}" at 375 px and "${CONTRACT[lang].bookLong}" at 1280 px (${lang})`, async ({
      page,
    }) => {
      expect([header.bookMeetingShort, header.bookMeeting]).toEqual([
        CONTRACT[lang].bookShort,
        CONTRACT[lang].bookLong,
      ]);
      for (const path of [paths[lang].home, paths[lang].privacy]) {
        await page.setViewportSize({ width: 375, height: 740 });
        await page.goto(path);
        const booking = headerBookingLink(page);
        await expect(booking).toBeVisible();
        await expect.poll(() => visibleText(booking)).toBe(CONTRACT[lang].bookShort);
        await expectNewTabLink(booking, site.schedulingUrl);
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect.poll(() => visibleText(booking)).toBe(CONTRACT[lang].bookLong);
      }
    });
  }
});

test.describe("sitemap.xml and robots.txt", () => {
  const indexable = SITE_PAGES.filter((sitePage) => sitePage.kind !== "notFound");

  test("sitemap.xml lists the indexable pages with their language alternates", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
      loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1],
      alternates: Object.fromEntries(
        [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\s*\/>/g)].map(
          ([, hreflang, href]) => [hreflang, href],
        ),
      ),
    }));
    expect(entries.map((entry) => entry.loc).sort()).toEqual(
      indexable.map((sitePage) => `${site.url}${sitePage.path}`).sort(),
    );
    for (const sitePage of indexable) {
      if (sitePage.kind === "impressum" || sitePage.kind === "notFound") continue;
      const entry = entries.find((candidate) => candidate.loc === `${site.url}${sitePage.path}`);
      // A tag is in the languages whose pages use it: its alternates are those the route model pairs.
      if (sitePage.kind === "tag") {
        const alternates = model.routes.find((route) => route.path === sitePage.path)?.alternates ?? {};
        expect(entry?.alternates, sitePage.path).toEqual(
          alternates.en
            ? {
                ...Object.fromEntries(Object.entries(alternates).map(([lang, path]) => [lang, `${site.url}${path}`])),
                "x-default": `${site.url}${alternates.en}`,
              }
            : {},
        );
        continue;
      }
      expect(entry?.alternates, sitePage.path).toEqual({
        en: `${site.url}${pathFor(sitePage.key, "en")}`,
        de: `${site.url}${pathFor(sitePage.key, "de")}`,
        "x-default": `${site.url}${pathFor(sitePage.key, "en")}`,
      });
    }
  });

  test("robots.txt allows crawling and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(new RegExp(`^Sitemap: ${site.url}/sitemap\\.xml$`, "m"));
    expect(robots).not.toMatch(/^Disallow:\s*\/\s*$/m);
  });
});
