import { ContentError } from "../content/read/errors.ts";
import { say } from "../shared/messages/catalogue.ts";
import { reservedSegmentReason } from "../content/rules/reserved.ts";
import { slugOf } from "../content/rules/slug.ts";
import { didYouMean } from "../content/read/suggest.ts";
import type { Lang, Page } from "../content/types.ts";

/** One tag of one language: its name as most pages write it, its address segment, and its pages. */
export interface Tag {
  name: string;
  slug: string;
  lang: Lang;
  pages: Page[];
}

/**
 * What makes two spellings one tag: Unicode-normalised, spaces trimmed and collapsed, case folded in the page's
 * language ("AI strategy", "ai  Strategy" and "AI Strategy" are one tag).
 */
export const tagKey = (tag: string, lang: Lang) =>
  tag.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase(lang);

/** A tag's address segment: transliterated as the language writes it (Künstliche Intelligenz -> kuenstliche-intelligenz). */
export const tagSlug = (name: string, lang: Lang) => slugOf(name, lang);

/**
 * Every tag of the pages given (those a build makes), by language and key, and what cannot be one: a tag with
 * nothing an address can use (only punctuation, or a script slugify cannot write in Latin letters), and two tags
 * whose addresses would be the same. Near-duplicates ("Chatbot", "Chatbots") are warnings, with the tag most
 * pages use as the "did you mean".
 */
export function collectTags(pages: readonly Page[]): {
  tags: Map<string, Tag>;
  errors: ContentError[];
  warnings: ContentError[];
} {
  const spellings = new Map<string, Map<string, number>>();
  const pagesOf = new Map<string, Page[]>();
  const errors: ContentError[] = [];
  // A site writes the same few tags on many pages: each spelling is transliterated once.
  const slugs = new Map<string, string>();
  const slugOf = (written: string, lang: Lang) => {
    const slug = slugs.get(`${lang} ${written}`) ?? tagSlug(written, lang);
    slugs.set(`${lang} ${written}`, slug);
    return slug;
  };
  for (const page of pages) {
    const seen = new Set<string>();
    (page.meta.tags ?? []).forEach((written, index) => {
      const key = `${page.lang} ${tagKey(written, page.lang)}`;
      if (slugOf(written, page.lang) === "") {
        errors.push(
          new ContentError(page.file, say("tagNoLetters", { written }), {
            line: page.keyLines[`tags[${index}]`],
            keyPath: `tags[${index}]`,
          }),
        );
        return;
      }
      const reserved = reservedSegmentReason(slugOf(written, page.lang));
      if (reserved) {
        errors.push(
          new ContentError(page.file, say("tagReserved", { written, reason: reserved }), {
            line: page.keyLines[`tags[${index}]`],
            keyPath: `tags[${index}]`,
          }),
        );
        return;
      }
      const counts = spellings.get(key) ?? new Map<string, number>();
      counts.set(written.trim().replace(/\s+/g, " "), (counts.get(written.trim().replace(/\s+/g, " ")) ?? 0) + 1);
      spellings.set(key, counts);
      if (!seen.has(key)) {
        const tagged = pagesOf.get(key) ?? [];
        tagged.push(page);
        pagesOf.set(key, tagged);
      }
      seen.add(key);
    });
  }
  const tags = new Map<string, Tag>();
  const bySlug = new Map<string, Tag>();
  for (const [key, counts] of [...spellings].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const lang = key.slice(0, key.indexOf(" "));
    // The spelling most pages use; of equals, the first in alphabetical order: the same name in every build.
    const [name = ""] = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))[0] ?? [];
    const tag: Tag = { name, slug: slugOf(name, lang), lang, pages: pagesOf.get(key) ?? [] };
    const clash = bySlug.get(`${lang} ${tag.slug}`);
    if (clash) {
      const page = tag.pages[0] as Page;
      errors.push(
        new ContentError(page.file, say("tagSlugClash", { first: clash.name, second: name, slug: tag.slug }), {
          keyPath: "tags",
        }),
      );
      continue;
    }
    bySlug.set(`${lang} ${tag.slug}`, tag);
    tags.set(key, tag);
  }
  return { tags, errors, warnings: nearDuplicates(tags) };
}

/** A tag used less than a spelling close to it ("Chatbots" on 1 page, "Chatbot" on 3) is most likely that one. */
function nearDuplicates(tags: ReadonlyMap<string, Tag>): ContentError[] {
  const warnings: ContentError[] = [];
  const all = [...tags.values()];
  for (const tag of all) {
    // The spelling more pages use is the one meant; of two used alike, the first in alphabetical order.
    const others = all.filter(
      (other) =>
        other.lang === tag.lang &&
        other !== tag &&
        (other.pages.length > tag.pages.length || (other.pages.length === tag.pages.length && other.name < tag.name)),
    );
    const meant = didYouMean(
      tag.name,
      others.map((other) => other.name),
    );
    if (!meant) continue;
    const used = others.find((other) => other.name === meant) as Tag;
    for (const page of tag.pages) {
      const index = (page.meta.tags ?? []).findIndex(
        (written) => tagKey(written, page.lang) === tagKey(tag.name, tag.lang),
      );
      warnings.push(
        new ContentError(
          page.file,
          say("tagNearDuplicate", {
            name: tag.name,
            pages: tag.pages.length,
            meant,
            meantPages: used.pages.length,
          }),
          { line: page.keyLines[`tags[${index}]`], keyPath: `tags[${index}]` },
        ),
      );
    }
  }
  return warnings;
}
