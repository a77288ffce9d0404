import { spawnSync } from "node:child_process";
import { join, relative, sep } from "node:path";
import { defaultLocale, type Locale } from "../locales.ts";
import type { ContentFolder } from "../read/folder.ts";

export interface StaleTranslation {
  /** The translated file, relative to the repository (content/de/home.yaml). */
  translation: string;
  /** Its source in the default language. */
  source: string;
  /** The commit that last changed the source (short hash and date). */
  sourceCommit: string;
}

const LANGUAGE_FILES = ["common.yaml", "home.yaml", "form.yaml"];

function pagesOf(content: ContentFolder, folder: string): string[] {
  return content
    .list(folder, { recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/**
 * Every translated file whose source in the default language was changed in a later commit than the
 * translation itself: a translator's to-do list. Order comes from one `git log` over content/ (newest
 * first, in commit order, so commits made in the same second still count in the right order).
 */
export function staleTranslations(
  folder: ContentFolder,
  locales: readonly Locale[],
  cwd = process.cwd(),
): StaleTranslation[] {
  const contentDir = folder.root;
  const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8", cwd });
  const log = git("log", "--topo-order", "--format=@%h %cs", "--name-only", "--", contentDir);
  // Not a git checkout (a downloaded archive): there is no history to compare.
  if (log.status !== 0) return [];
  const root = git("rev-parse", "--show-prefix").stdout.trim();
  const newest = new Map<string, { rank: number; commit: string }>();
  let rank = 0;
  let commit = "";
  for (const line of log.stdout.split("\n")) {
    if (line.startsWith("@")) {
      rank += 1;
      commit = line.slice(1);
    } else if (line && !newest.has(line)) newest.set(line, { rank, commit });
  }
  const inRepo = (path: string) => `${root}${relative(cwd, join(cwd, path)).split(sep).join("/")}`;
  const reference = defaultLocale(locales).code;
  const stale: StaleTranslation[] = [];
  for (const locale of locales.filter((candidate) => candidate.code !== reference)) {
    const pairs = [
      ...LANGUAGE_FILES.map((name) => [join(contentDir, reference, name), join(contentDir, locale.code, name)]),
      ...pagesOf(folder, join(contentDir, reference, "pages")).map((page) => [
        join(contentDir, reference, "pages", page),
        join(contentDir, locale.code, "pages", page),
      ]),
    ];
    for (const [source = "", translation = ""] of pairs) {
      const sourceChange = newest.get(inRepo(source));
      const translationChange = newest.get(inRepo(translation));
      // A lower rank is a newer commit; a file changed in the same commit as its source is up to date.
      if (sourceChange && translationChange && sourceChange.rank < translationChange.rank) {
        stale.push({ translation: inRepo(translation), source: inRepo(source), sourceCommit: sourceChange.commit });
      }
    }
  }
  return stale;
}
