// The verdict on one entry of the web editor, before it is saved: every rule that needs only the entry and its
// other languages, with the facts of the site the build hands the editor (the reserved addresses, the pages'
// addresses). Each problem names the language and the field it concerns, in every message language.
import type { Said } from "../messages/catalogue.ts";
import { say } from "../messages/catalogue.ts";
import { brokenPageLinks, imagesWithoutAlt, type SiteAddresses } from "./markdown.ts";
import { MENU_PATHS, type MenuPath, menuDifferences } from "./menus.ts";
import { type AddressOrigin, belowSectionSaid, type ReservedName, reservedAddressSaid } from "./reserved.ts";
import { earlierThanOriginal } from "./schedule.ts";
import { type BlockFields, blockParts, blockProblems } from "./blocks.ts";
import { alignParts, missingParts, structureOf } from "./structure.ts";

/** What the build knows of the site that the verdict needs (the editor gets it in its page's data). */
export interface VerdictFacts {
  defaultLocale: string;
  /** The languages' folders below the site's root ("de"; the default language has none). */
  prefixes: string[];
  /** host/addresses.ts's table. */
  reserved: ReservedName[];
  site: SiteAddresses;
  /** Each language's section addresses by the section's key: { de: { insights: "einblicke" } }. */
  sections: Record<string, Record<string, string>>;
  /** site.yaml's campaign codes: what a call to action may carry. */
  campaigns: string[];
  /** site.yaml's translations: complete (the live site's build then refuses a translation that lacks a part). */
  translationsComplete: boolean;
}

/** One language's file of a page, as the form holds it (front matter keys and the body). */
export interface PageFields {
  title?: string;
  slug?: string;
  url?: string;
  date?: string;
  publishDate?: string;
  structure?: string;
  translations?: string;
  body?: string;
  /** A campaign page's blocks (issue 59). */
  blocks?: BlockFields[];
}

/** One language's common.yaml as far as the menus go. */
export interface CommonFields {
  header?: { nav?: { to?: string }[] };
  footer?: { nav?: { to?: string }[]; links?: { to?: string }[] };
}

export type VerdictEntry =
  | {
      kind: "page" /** The page's key: "insights/chatbot-roi" (content/<lang>/pages/<key>.md). */;
      key: string;
      locales: Record<string, PageFields>;
    }
  | { kind: "common"; locales: Record<string, CommonFields> };

export interface Finding {
  /** The language whose file has the problem (its tab in the editor). */
  locale: string;
  /** The field it concerns, as the editor's key path: "body", "slug", "header.nav.4" (list entries from 0). */
  field: string;
  said: Said;
  /** The live site's build (npm run build -- --strict) refuses it; otherwise it is a warning. */
  refused: boolean;
  /**
   * Every build refuses it (not only --strict): the editor does not save it. A problem only the strict build
   * refuses (a translation's missing heading, an early date) may be one the page had before this edit, so it is
   * shown, and the save still made, as npm run dev's note after it says.
   */
  fatal: boolean;
}

const menuOf = (common: CommonFields, menu: MenuPath) =>
  (menu === "header.nav" ? common.header?.nav : menu === "footer.nav" ? common.footer?.nav : common.footer?.links) ??
  [];

/** The address of a page below its language's prefix, as content/rules/addresses.ts makes it. */
function addressOf(key: string, fields: PageFields, sections: Record<string, string>): string {
  if (fields.url) return fields.url.replace(/^\/+/, "");
  const slash = key.lastIndexOf("/");
  const folder = key.slice(0, Math.max(0, slash));
  const above = folder === "" ? "" : (sections[folder] ?? folder);
  const name = fields.slug || key.slice(slash + 1);
  return above === "" ? name : `${above}/${name}`;
}

function pageVerdict(key: string, locales: Record<string, PageFields>, facts: VerdictFacts): Finding[] {
  const findings: Finding[] = [];
  const original = locales[facts.defaultLocale];
  const isSection = key === "index" || key.endsWith("/index");
  const pageKey = isSection ? key.replace(/\/?index$/, "") : key;
  for (const [locale, fields] of Object.entries(locales)) {
    const body = fields.body ?? "";
    for (const { said } of imagesWithoutAlt(body))
      findings.push({ locale, field: "body", said, refused: true, fatal: true });
    for (const { said } of brokenPageLinks(body, facts.site))
      findings.push({ locale, field: "body", said, refused: true, fatal: true });
    for (const { field, said } of blockProblems(fields.blocks ?? [], facts.campaigns))
      findings.push({ locale, field, said, refused: true, fatal: true });
    // Reserved addresses: what the slug or url makes of the page's address.
    const origin: AddressOrigin | undefined = fields.url
      ? { kind: "url", value: fields.url }
      : fields.slug
        ? { kind: "slug", value: fields.slug }
        : undefined;
    if (origin && pageKey !== "") {
      const sections = facts.sections[locale] ?? {};
      const address = addressOf(pageKey, fields, sections);
      const field = origin.kind;
      const said = reservedAddressSaid(facts.reserved, origin, address, facts.prefixes);
      if (said) findings.push({ locale, field, said, refused: true, fatal: true });
      else {
        const folder = pageKey.slice(0, Math.max(0, pageKey.lastIndexOf("/")));
        const section = folder === "" ? undefined : sections[folder];
        const below = section === undefined ? undefined : belowSectionSaid(facts.reserved, origin, address, section);
        if (below) findings.push({ locale, field, said: below, refused: true, fatal: true });
      }
    }
    if (!original || locale === facts.defaultLocale) continue;
    // Structure parity with the default language's page, unless this one says it is built its own way.
    const blocks = fields.blocks ?? [];
    if (fields.structure !== "own" && (body !== "" || blocks.length > 0)) {
      const refused = facts.translationsComplete && fields.translations !== "partial";
      // The blocks first, then the text's parts, as content/rules/structure.ts reads them.
      const source = [...blockParts(original.blocks ?? []), ...structureOf(original.body ?? "")];
      const mine = [...blockParts(blocks), ...structureOf(body)];
      for (const part of missingParts(source, mine))
        findings.push({
          locale,
          field: part.kind.startsWith("block:") ? "blocks" : "body",
          said: say("missingPart", { part, language: facts.defaultLocale }),
          refused,
          fatal: false,
        });
      // A block the translation adds is a difference too.
      const paired = new Set(alignParts(source, mine).map(([, j]) => j));
      mine.forEach((part, index) => {
        if (paired.has(index) || !part.kind.startsWith("block:")) return;
        findings.push({
          locale,
          field: `blocks.${Number(part.text) - 1}`,
          said: say("extraBlock", {
            part,
            at: `content/${locale}/pages/${key}.md`,
            original: `content/${facts.defaultLocale}/pages/${key}.md`,
            language: facts.defaultLocale,
          }),
          refused,
          fatal: false,
        });
      });
    }
    const early = earlierThanOriginal(fields, original);
    if (early)
      findings.push({
        locale,
        field: early.key,
        said: say("earlyTranslation", {
          key: early.key,
          own: early.own,
          original: `content/${facts.defaultLocale}/pages/${key}.md`,
          originalDay: early.theirs,
        }),
        refused: true,
        fatal: false,
      });
  }
  return findings;
}

function commonVerdict(locales: Record<string, CommonFields>, facts: VerdictFacts): Finding[] {
  const reference = locales[facts.defaultLocale];
  if (!reference) return [];
  const fileOf = (locale: string) => `content/${locale}/common.yaml`;
  return Object.entries(locales).flatMap(([locale, fields]) => {
    if (locale === facts.defaultLocale) return [];
    return MENU_PATHS.flatMap((menu) =>
      menuDifferences(
        menu,
        menuOf(reference, menu).map((entry) => entry.to ?? ""),
        menuOf(fields, menu).map((entry) => entry.to ?? ""),
      ).map((difference): Finding => {
        if (difference.kind === "missing") {
          // The language that lacks the entry is told to add it; the field is the menu list there.
          const here = difference.in === "reference" ? locale : facts.defaultLocale;
          const there = difference.in === "reference" ? facts.defaultLocale : locale;
          return {
            locale: here,
            field: menu,
            said: say("menuEntryMissing", { menu, entry: difference.index + 1, here, there }),
            refused: true,
            fatal: true,
          };
        }
        if (difference.kind === "order")
          return {
            locale,
            field: menu,
            said: say("menuOrder", {
              other: fileOf(facts.defaultLocale),
              mine: difference.mine.join(", "),
              theirs: difference.theirs.join(", "),
            }),
            refused: false,
            fatal: false,
          };
        return {
          locale,
          field: `${menu}.${difference.index}.to`,
          said: say("menuTarget", {
            other: fileOf(facts.defaultLocale),
            mine: difference.mine,
            theirs: difference.theirs,
          }),
          refused: false,
          fatal: false,
        };
      }),
    );
  });
}

/** Every problem of the entry the editor holds, in every language: what its save would be told after the fact. */
export function entryVerdict(entry: VerdictEntry, facts: VerdictFacts): Finding[] {
  return entry.kind === "page" ? pageVerdict(entry.key, entry.locales, facts) : commonVerdict(entry.locales, facts);
}
