/** The site's search as the search specs find it: the control, the dialog, the article a query finds. */
import { rmSync } from "node:fs";
import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { test as plain, type Page } from "@playwright/test";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { content, type Lang, model } from "./content.ts";
import { expect } from "./fixtures.ts";

export const copyOf = (lang: Lang) => content.langs[lang].common.search;
export const home = (lang: Lang) => model.find("home", lang)?.path ?? "/";
/** The site's RAG article in each language, and a word of its title as a visitor types it. */
export const article = (lang: Lang) => model.find("insights/rag-agents", lang);
export const QUERY: Record<Lang, string> = { en: "agent", de: "Agent" };

export const dialogOf = (page: Page, lang: Lang) => page.getByRole("dialog", { name: copyOf(lang).title });
export const fieldOf = (page: Page, lang: Lang) => dialogOf(page, lang).getByRole("searchbox");
export const statusOf = (page: Page) => page.getByRole("dialog").getByRole("status");

export async function openWithSlash(page: Page, lang: Lang): Promise<void> {
  // The control's listener comes with the module every page fetches after its first paint (client/enhance.ts).
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  await page.keyboard.press("/");
  await expect(fieldOf(page, lang)).toBeFocused();
}

/**
 * A live build of the site `makeSite` writes (a content folder in a temporary folder of its own, removed after),
 * served by the real server for the serial group it is called in: its address, once the group has started.
 */
export function servedLiveBuild(makeSite: () => string): { readonly base: string } {
  let contentDir = "";
  let server: Server | undefined;
  let base = "";
  plain.beforeAll(async () => {
    plain.setTimeout(180_000);
    contentDir = makeSite();
    const outDir = join(dirname(contentDir), "dist");
    await build({ contentDir, outDir, validationCache: false, now: new Date("2026-11-27T12:00:00Z"), threads: false });
    server = await startStaticServer({ dir: outDir, port: 0 });
    base = urlOf(server);
  });
  plain.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dirname(contentDir), { recursive: true, force: true });
  });
  return {
    get base() {
      return base;
    },
  };
}
