import { join } from "node:path";
import { parse } from "yaml";
import { type MessageLanguage, messageLanguage } from "../../shared/messages/catalogue.ts";
import type { ContentFolder } from "./folder.ts";

/**
 * The language the command line speaks to an author (npm run build, check, dev): LANG's where it names one the
 * messages catalogue has (LANG=de_DE.UTF-8 is German), else site.yaml's default language, else English. Read ahead
 * of the loader, so a file the loader refuses is still reported in the author's language.
 */
export function commandLineLanguage(folder: ContentFolder, lang: string | undefined): MessageLanguage {
  const fromEnv = /^([a-z]{2,3})(?:[_.@-]|$)/i.exec(lang ?? "")?.[1]?.toLowerCase();
  if (fromEnv && messageLanguage(fromEnv) === fromEnv) return fromEnv as MessageLanguage;
  try {
    const site = parse(folder.bytes(join(folder.root, "site.yaml")).toString("utf8")) as {
      locales?: { code?: unknown; default?: unknown }[];
    } | null;
    const code = site?.locales?.find((locale) => locale?.default === true)?.code;
    return messageLanguage(typeof code === "string" ? code : undefined);
  } catch {
    return "en";
  }
}
