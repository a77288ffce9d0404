import type { MessageLanguage } from "../../shared/messages/catalogue.ts";
import {
  type CommonFields,
  entryVerdict,
  type Finding,
  type PageFields,
  type VerdictEntry,
  type VerdictFacts,
} from "../../shared/verdict/entry.ts";

/** An entry as Sveltia hands it to a field's control and to preSave (its Immutable.js map, as plain data). */
export interface EditorEntry {
  data?: Record<string, unknown>;
  i18n?: Record<string, { data?: Record<string, unknown> }>;
  path?: string;
  /** The collection's name: "pages" for content/<lang>/pages/ (config.ts). */
  collection?: string;
}

/** Values Sveltia keeps by key path ("header.nav.0.to") as the nested data the files hold. */
function nested(values: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(values).some((key) => key.includes("."))) return values;
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split(".");
    let node: Record<string, unknown> = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else {
        const next = node[key];
        node[key] = typeof next === "object" && next !== null ? next : /^\d+$/.test(keys[i + 1] ?? "") ? [] : {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const day = (value: unknown) => (typeof value === "string" && value !== "" ? value.slice(0, 10) : undefined);

function pageFields(data: Record<string, unknown>): PageFields {
  return {
    title: text(data.title),
    slug: text(data.slug) || undefined,
    url: text(data.url) || undefined,
    date: day(data.date),
    publishDate: day(data.publishDate),
    structure: text(data.structure),
    translations: text(data.translations),
    body: text(data.body),
    blocks: Array.isArray(data.blocks) ? (data.blocks as PageFields["blocks"]) : undefined,
  };
}

/**
 * The language of the entry's `data`: the pane's, not the default one. Sveltia hands each pane's controls the entry
 * as that pane sees it (`data` its language, `i18n` the others, `path` its file), so on the German tab `data` is the
 * German page. Its file says which; a new page has none yet, and then it is the site's language `i18n` leaves out.
 */
function dataLocale(entry: EditorEntry, facts: Pick<VerdictFacts, "defaultLocale" | "sections">): string {
  const known = new Set([facts.defaultLocale, ...Object.keys(facts.sections)]);
  const fromPath = /^content\/([^/]+)\//.exec(entry.path ?? "")?.[1];
  if (fromPath && known.has(fromPath)) return fromPath;
  const others = new Set(Object.keys(entry.i18n ?? {}));
  const left = [...known].filter((locale) => !others.has(locale));
  return left.length === 1 && left[0] ? left[0] : facts.defaultLocale;
}

/**
 * The entry as the verdict reads it: a page (content/<lang>/pages/<key>.md) or a language's common.yaml, each
 * language's values; undefined for the other files (their rules are the forms' own).
 */
export function verdictEntryOf(
  entry: EditorEntry,
  facts: Pick<VerdictFacts, "defaultLocale" | "sections">,
): VerdictEntry | undefined {
  const { defaultLocale } = facts;
  const locales: Record<string, Record<string, unknown>> = { [dataLocale(entry, facts)]: nested(entry.data ?? {}) };
  for (const [locale, { data }] of Object.entries(entry.i18n ?? {})) if (data) locales[locale] = nested(data);
  const path = entry.path ?? "";
  // A new page has no file yet: it is judged where its slug puts it, at the top of its language's pages.
  const fields = Object.fromEntries(Object.entries(locales).map(([locale, data]) => [locale, pageFields(data)]));
  const key =
    /^content\/[^/]+\/pages\/(.+)\.md$/.exec(path)?.[1] ??
    (entry.collection === "pages" ? fields[defaultLocale]?.slug || "new-page" : undefined);
  if (key)
    return {
      kind: "page",
      key,
      locales: fields,
    };
  if (/^content\/[^/]+\/common\.yaml$/.test(path))
    return { kind: "common", locales: locales as Record<string, CommonFields> };
  return undefined;
}

/** Every problem of the entry, or none when it is no page or menu file. */
export function verdictOf(entry: EditorEntry, facts: VerdictFacts): Finding[] {
  const plain = verdictEntryOf(entry, facts);
  return plain ? entryVerdict(plain, facts) : [];
}

/** The findings' text in the interface language. */
export const sayIn = (finding: Finding, language: MessageLanguage) => finding.said[language];
