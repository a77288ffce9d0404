/** The site's search as the search specs find it: the control, the dialog, the article a query finds. */
import type { Page } from "@playwright/test";
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
