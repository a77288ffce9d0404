import { digestOf } from "../cache/digest.ts";
import { sourceKey } from "../cache/source-key.ts";

/** Where the build keeps the last build's memo, in its cache folder. */
export const TERMS_MEMO_FILE = "search-terms.json";

/**
 * Each word's index terms, by language and word ("de\u0000Wissensmanagement"), for one build. A word's terms depend
 * on nothing but the word, its language and the code that makes them (folding, stemming, and the hyphenation
 * patterns that split compounds). Worked out afresh, they cost about 0.1 ms a word: 0.26 s for the 2,400 words of
 * the 1,000-page bench, in a one-edit build. So a build starts from the words the last one indexed (`known`) and
 * keeps only the words it indexes itself (`next`): the memo never holds more than one site's vocabulary.
 */
export class TermsMemo {
  private readonly used = new Map<string, string>();

  constructor(private readonly known: ReadonlyMap<string, string> = new Map()) {}

  terms(key: string, make: () => string): string {
    const hit = this.used.get(key);
    if (hit !== undefined) return hit;
    const terms = this.known.get(key) ?? make();
    this.used.set(key, terms);
    return terms;
  }

  /** The memo for the next build: this build's words only. */
  next(): TermsMemo {
    return new TermsMemo(this.used);
  }

  entries(): [string, string][] {
    return [...this.used];
  }
}

/** What the memo's terms were made by: a change to any of these makes every word's terms again. */
const termsKey = () =>
  sourceKey({
    sources: [
      new URL("./browser/terms.ts", import.meta.url),
      new URL("./compounds.ts", import.meta.url),
      new URL("../text/hyphenate.ts", import.meta.url),
    ],
    packages: ["@orama/stemmers", "hyphen"],
    from: import.meta.url,
  });

const isEntry = (entry: unknown): entry is [string, string] =>
  Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && typeof entry[1] === "string";

/** The memo as the build cache keeps it (pipeline/steps/site-files.ts writes it with cache/json.ts's writeJson; the digest of the terms as written
 * means a byte changed from outside that still parses is never read as wrong terms). */
export const storedTerms = (memo: TermsMemo) => {
  const terms = memo.entries();
  return { key: termsKey(), digest: digestOf(JSON.stringify(terms)), terms };
};

/**
 * The last build's memo from what the cache kept; empty when there is none, or it was made by other code, or it was
 * changed since it was written (every word is then worked out again, as on a first build).
 */
export function termsFrom(stored: unknown): TermsMemo {
  const { key, digest, terms } = (stored ?? {}) as { key?: unknown; digest?: unknown; terms?: unknown };
  if (key !== termsKey() || digest !== digestOf(JSON.stringify(terms))) return new TermsMemo();
  if (!Array.isArray(terms) || !terms.every(isEntry)) return new TermsMemo();
  return new TermsMemo(new Map(terms));
}
