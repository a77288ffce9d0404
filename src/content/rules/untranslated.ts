import { join } from "node:path";
import { keyPathToString } from "../read/errors.ts";
import { LANG_FILES } from "../types.ts";
import { defaultLocale, type Locale } from "../locales.ts";
import type { ContentFolder } from "../read/folder.ts";

export interface SameValue {
  /** The translation (content/de/home.yaml), its line and key path. */
  file: string;
  line?: number;
  keyPath: string;
  value: string;
  /** The default language's file with the same value. */
  source: string;
}

type Path = (string | number)[];

function leaves(value: unknown, path: Path = []): [Path, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, [...path, Array.isArray(value) ? Number(key) : key]),
    );
  return [];
}

/**
 * Text that may well be the same in two languages: without letters (numbers, "+49 30 …"), an address
 * (https://, mailto:, #section, /path, an e-mail), or a single word (a name such as LinkedIn, a code such
 * as EN, a page path, a word both languages share such as Expertise).
 */
const mayBeSame = (text: string) =>
  !/\p{L}/u.test(text) || /^(https?:|mailto:|tel:|#|\/)|@/.test(text) || !/\s/.test(text.trim());

/**
 * Every value of a language's YAML files that is exactly the default language's at the same key: likely
 * copied and not yet translated (npm run check warns "untranslated?").
 */
export function identicalValues(folder: ContentFolder, locales: readonly Locale[]): SameValue[] {
  const reference = defaultLocale(locales).code;
  const found: SameValue[] = [];
  for (const locale of locales.filter((candidate) => candidate.code !== reference)) {
    for (const name of Object.values(LANG_FILES)) {
      const [sourcePath, translationPath] = [join(folder.root, reference, name), join(folder.root, locale.code, name)];
      if (!folder.exists(sourcePath) || !folder.exists(translationPath)) continue;
      const source = folder.readYaml(sourcePath);
      const translation = folder.readYaml(translationPath);
      const original = new Map(leaves(source.data).map(([path, text]) => [keyPathToString(path), text]));
      for (const [path, text] of leaves(translation.data)) {
        const keyPath = keyPathToString(path);
        if (original.get(keyPath) !== text || mayBeSame(text)) continue;
        found.push({
          file: translation.file,
          line: translation.lineOf(path),
          keyPath,
          value: text,
          source: source.file,
        });
      }
    }
  }
  return found;
}

export const formatSameValue = (same: SameValue) =>
  `${same.file}${same.line === undefined ? "" : `:${same.line}`}: ${same.keyPath}: ${JSON.stringify(same.value)} is the same as in ${same.source} — untranslated?`;
