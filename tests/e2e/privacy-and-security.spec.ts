/**
 * Privacy and security promises of the privacy policy and the hosting setup: no third-party requests
 * (the fixture blocks and fails them), no cookies, no Web Storage from merely visiting, strict response
 * headers, no inline script or event handlers, and content-hashed, immutable assets.
 */
import type { BrowserContext, Page, Response } from "@playwright/test";
import { SITE_PAGES, expectedErrorsFor, otherLang, paths, site, switchCopy, type SitePage } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

/** /assets/<name>-<hash>.<ext>: the hash is 8 to 16 URL-safe characters with at least one capital or digit. */
const HASHED_ASSET = /^\/assets\/[\w.-]+-(?=[\w-]*[A-Z0-9])[\w-]{8,16}\.[a-z0-9]+$/;

async function open(page: Page, sitePage: SitePage): Promise<void> {
  const response = await page.goto(sitePage.path);
  expect(response?.status()).toBe(sitePage.status);
  // The page really loaded and styled itself: the inlined stylesheet passed the CSP (its hash is allowed).
  await expect(page.locator("main")).toBeVisible();
  // The system's own font: no web font is requested.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
    /^-apple-system, BlinkMacSystemFont,/,
  );
}

async function expectNothingStored(page: Page, context: BrowserContext, when: string): Promise<void> {
  expect(await context.cookies(), `cookies ${when}`).toEqual([]);
  const stored = await page.evaluate(() => ({
    cookie: document.cookie,
    localStorage: localStorage.length,
    sessionStorage: sessionStorage.length,
  }));
  expect(stored, `document.cookie and Web Storage ${when}`).toEqual({ cookie: "", localStorage: 0, sessionStorage: 0 });
}

/** Brings every part of the page into view in turn, the way a reader scrolls to the bottom. */
async function scrollThrough(page: Page): Promise<void> {
  // Visible parts only: a notice shown only on arrival from an untranslated page (#not-translated) never scrolls into view.
  const parts = page.locator("header, main > *, main section, footer").filter({ visible: true });
  for (let index = 0; index < (await parts.count()); index += 1) await parts.nth(index).scrollIntoViewIfNeeded();
}

/** Loads a page the way a visitor reads it: to the bottom, with the contact form island loaded on the home page. */
async function visit(page: Page, sitePage: SitePage): Promise<void> {
  await open(page, sitePage);
  await scrollThrough(page);
  if (sitePage.kind === "home") await formReady(page);
}

test.describe("a visit stays private", () => {
  for (const sitePage of SITE_PAGES) {
    test.describe(sitePage.path, () => {
      test.use({ expectedErrors: expectedErrorsFor(sitePage) });

      test("only own-origin requests, no cookie, no Web Storage", async ({ page, context, baseURL }) => {
        const requested: string[] = [];
        page.on("request", (request) => requested.push(request.url()));

        await open(page, sitePage);
        await expectNothingStored(page, context, "after load");
        await scrollThrough(page);
        if (sitePage.kind === "home") await formReady(page);
        await expectNothingStored(page, context, "after scrolling through the page");

        const origin = new URL(baseURL ?? "").origin;
        expect(requested.length).toBeGreaterThanOrEqual(1);
        expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
      });
    });
  }

  for (const sitePage of SITE_PAGES.filter((candidate) => candidate.kind === "home")) {
    test(`${sitePage.path}: switching language stores nothing either`, async ({ page, context }) => {
      const to = otherLang(sitePage.lang);
      await visit(page, sitePage);
      await page
        .getByRole("banner")
        .getByRole("link", { name: switchCopy(sitePage.lang).label })
        .click();
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths[to].home);
      await formReady(page);
      await expectNothingStored(page, context, "after a language switch");
      await scrollThrough(page);
      await expectNothingStored(page, context, "after scrolling the switched page");
    });
  }
});

test.describe("response headers", () => {
  const expectSecurityHeaders = (url: string, headers: Record<string, string>) => {
    const csp = headers["content-security-policy"] ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name = "", ...sources]) => [name, sources]),
    );
    expect(directives.get("default-src"), `${url}: CSP default-src`).toContain("'self'");
    expect(directives.get("script-src"), `${url}: CSP script-src`).toContain("'self'");
    expect(directives.get("script-src"), `${url}: CSP script-src`).not.toContain("'unsafe-eval'");
    expect(csp, `${url}: CSP`).not.toContain("'unsafe-inline'");
    expect(headers["x-content-type-options"], `${url}: X-Content-Type-Options`).toBe("nosniff");
    expect(headers["referrer-policy"], `${url}: Referrer-Policy`).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    expect(headers["permissions-policy"], `${url}: Permissions-Policy`).toMatch(/\S/);
    const maxAge = Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1] ?? 0);
    expect(maxAge, `${url}: Strict-Transport-Security max-age`).toBeGreaterThanOrEqual(15_552_000);
  };

  for (const sitePage of SITE_PAGES) {
    test.describe(sitePage.path, () => {
      test.use({ expectedErrors: expectedErrorsFor(sitePage) });

      test("and everything it loads carry the security headers", async ({ page, baseURL }) => {
        const origin = new URL(baseURL ?? "").origin;
        const responses: Response[] = [];
        page.on("response", (response) => {
          if (response.url().startsWith(origin)) responses.push(response);
        });
        await visit(page, sitePage);

        // Everything the page links to, also what the browser did not need to fetch (icons, the social image).
        const linked = await page.evaluate(() =>
          [...document.querySelectorAll("link[href], script[src], meta[content*='/assets/']")].map(
            (element) =>
              element.getAttribute("href") ?? element.getAttribute("src") ?? element.getAttribute("content") ?? "",
          ),
        );
        const fetched = new Set(
          linked
            .map((url) => new URL(url, origin))
            .filter((url) => url.origin === origin || url.origin === site.url)
            .map((url) => url.pathname),
        );
        for (const response of responses) fetched.add(new URL(response.url()).pathname);

        const pageResponse = responses.find((response) => response.request().resourceType() === "document");
        expect(pageResponse, "the page itself").toBeTruthy();
        const pageHeaders = (await pageResponse?.allHeaders()) ?? {};
        expect(pageHeaders["content-type"]).toMatch(/^text\/html/);
        expectSecurityHeaders(sitePage.path, pageHeaders);

        const assets = [...fetched].filter((path) => path.startsWith("/assets/"));
        expect(assets.length, "icon and social image at least").toBeGreaterThanOrEqual(2);
        for (const path of fetched) {
          const response = await page.request.get(path);
          expect(response.status(), path).toBe(path === sitePage.path ? sitePage.status : 200);
          const headers = response.headers();
          expectSecurityHeaders(path, headers);
          if (path.startsWith("/assets/")) {
            expect(path, "content hash in the asset's name").toMatch(HASHED_ASSET);
            expect(headers["cache-control"], `${path}: Cache-Control`).toMatch(/(^|[\s,])immutable([\s,]|$)/);
            expect(headers["cache-control"], `${path}: Cache-Control`).toMatch(/max-age=\d{7,}/);
          }
        }
      });
    });
  }
});

test.describe("markup", () => {
  for (const sitePage of SITE_PAGES) {
    test.describe(sitePage.path, () => {
      test.use({ expectedErrors: expectedErrorsFor(sitePage) });

      test("no inline script but the loader its CSP hash allows, no event handler, hashed asset URLs", async ({
        page,
        baseURL,
      }) => {
        const served = await page.request.get(sitePage.path);
        expect(served.status()).toBe(sitePage.status);
        const html = await served.text();
        const scriptSrc =
          /(?:^|;\s*)script-src ([^;]*)/.exec(served.headers()["content-security-policy"] ?? "")?.[1] ?? "";
        await visit(page, sitePage);

        // The served HTML and the live page after its scripts ran (the hydrated form on the home page).
        for (const source of ["served HTML", "live DOM"] as const) {
          const report = await page.evaluate(
            (markup) => {
              const doc = markup === null ? document : new DOMParser().parseFromString(markup, "text/html");
              const scripts = [...doc.querySelectorAll("script")].map((script) => ({
                type: script.getAttribute("type") ?? "",
                src: script.getAttribute("src") ?? "",
                text: script.textContent ?? "",
              }));
              const handlers = [...doc.querySelectorAll("*")].flatMap((element) =>
                [...element.attributes]
                  .filter((attribute) => /^on/i.test(attribute.name))
                  .map((attribute) => `<${element.localName} ${attribute.name}>`),
              );
              const javascriptUrls = [...doc.querySelectorAll("[href], [src], [action], [formaction]")]
                .flatMap((element) =>
                  ["href", "src", "action", "formaction"].map((name) => element.getAttribute(name) ?? ""),
                )
                .filter((url) => /^\s*javascript:/i.test(url));
              const urls = [...doc.querySelectorAll("[href], [src], [srcset], [content], [poster]")].flatMap(
                (element) =>
                  ["href", "src", "poster", "content"]
                    .map((name) => element.getAttribute(name) ?? "")
                    .concat(
                      (element.getAttribute("srcset") ?? "")
                        .split(",")
                        .map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""),
                    ),
              );
              return { scripts, handlers, javascriptUrls, urls };
            },
            source === "served HTML" ? html : null,
          );

          // Every script that runs is the build's inline loader, and the served policy allows exactly its bytes.
          const executable = report.scripts.filter(
            (script) => !["application/json", "application/ld+json"].includes(script.type),
          );
          for (const script of executable) {
            expect(script.type, `${source}: a module script`).toBe("module");
            expect(script.src, `${source}: inline, not fetched`).toBe("");
            const digest = await page.evaluate(
              async (text) =>
                btoa(
                  String.fromCharCode(
                    ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
                  ),
                ),
              script.text,
            );
            expect(scriptSrc.split(" "), `${source}: the loader's hash in the served script-src`).toContain(
              `'sha256-${digest}'`,
            );
          }
          expect(scriptSrc, "never 'unsafe-inline'").not.toContain("unsafe-inline");
          if (sitePage.kind === "home") expect(executable, source).toHaveLength(1);
          expect(report.handlers, `${source}: inline event handlers`).toEqual([]);
          expect(report.javascriptUrls, `${source}: javascript: URLs`).toEqual([]);

          const origin = new URL(baseURL ?? "").origin;
          const assets = report.urls
            .filter((url) => url.includes("/assets/"))
            .map((url) => new URL(url, origin))
            .filter((url) => url.origin === origin || url.origin === site.url)
            .map((url) => url.pathname);
          expect(assets.length, `${source}: asset URLs`).toBeGreaterThanOrEqual(4);
          for (const asset of assets)
            expect(asset, `${source}: content hash in the asset's name`).toMatch(HASHED_ASSET);
        }
      });
    });
  }

  test("the inlined stylesheet requests nothing: no font, no url() but data:", async ({ page }) => {
    await page.goto(paths.en.home);
    const css = await page
      .locator("head style")
      .evaluateAll((styles) => styles.map((style) => style.textContent ?? "").join("\n"));
    const refs = [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)]
      .map(([, url = ""]) => url)
      .filter((url) => !url.startsWith("data:") && !url.startsWith("#"));
    expect(refs).toEqual([]);
    expect(css).not.toContain("@font-face");
  });
});
