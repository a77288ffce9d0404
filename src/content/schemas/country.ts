const LETTERS = Array.from({ length: 26 }, (_, index) => String.fromCharCode(65 + index));
const REGIONS = LETTERS.flatMap((first) => LETTERS.map((second) => `${first}${second}`));

/**
 * The ISO 3166 code of a country named in a language ("Deutschland" in de, "Germany" in en: DE), from the names the
 * date formatter's own tables give every region; undefined for a name they do not know (or one shared by several
 * regions). Old codes are folded into today's (DD, East Germany's, is named Deutschland too, and means DE).
 */
export function countryCode(name: string, locale: string): string | undefined {
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
  const found = new Set<string>();
  for (const region of REGIONS) {
    let shown: string | undefined;
    try {
      shown = names.of(region);
    } catch {
      continue;
    }
    if (shown === name) found.add(Intl.getCanonicalLocales(`und-${region}`)[0]?.slice(4) ?? region);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
