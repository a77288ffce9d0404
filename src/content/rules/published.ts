import { join } from "node:path";
import { ContentError } from "../read/errors.ts";
import { type ContentFolder, parseYaml, type YamlSource } from "../read/folder.ts";
import type { SizeLimit } from "../read/guards.ts";
import { plainPathProblem } from "../../host/addresses.ts";
import { reservedAliasReason } from "./reserved.ts";
import { type Said, say } from "../../shared/messages/catalogue.ts";

/** The list of every address the site has published, kept in content/ and committed with it. */
export const PUBLISHED_FILE = "published.yaml";

/**
 * The list's own size limit. It grows by one line (about 60 bytes) per page a site ever published, so the limit of
 * the other content files (512 KB, about 8,000 lines) would stop a large site; 32 MB is about 500,000 addresses.
 */
export const PUBLISHED_LIMIT: SizeLimit = {
  bytes: 32 * 1024 * 1024,
  advice: say("publishedTooLarge", {}),
};

/** One line of the list as the build writes it: an address, ": ", a file of content/ (no quotes, no comment). */
const PLAIN_LINE = /^(\/[A-Za-z0-9\-_.~/%]*): ([A-Za-z0-9\-_.~/]+\.(?:md|yaml))$/;

/**
 * The list read line by line, when every line is one the build writes (a comment, an empty line or PLAIN_LINE) and
 * no address repeats: what YAML makes of such a text, without building a document of 10,000 nodes. Anything else
 * (an edit by hand) is undefined, and goes through the YAML parser with its messages.
 */
function plainList(text: string, file: string): YamlSource | undefined {
  const data: Record<string, string> = Object.create(null);
  const lines = new Map<string, number>();
  const all = text.split("\n");
  for (let index = 0; index < all.length; index += 1) {
    const line = all[index] as string;
    if (line === "" || line.startsWith("#")) continue;
    const match = PLAIN_LINE.exec(line);
    if (!match) return undefined;
    const [, address = "", value = ""] = match;
    if (lines.has(address)) return undefined;
    data[address] = value;
    lines.set(address, index + 1);
  }
  return { file, data, lineOf: ([key]) => lines.get(String(key)), lineOffset: 0 };
}

/** One address the site has published, and the content file it came from (as messages name it). */
export interface PublishedAddress {
  address: string;
  file: string;
  line?: number;
  /** Where it moved: a renamed tag's list page names its new address instead of a file (routes/tag-moves.ts). */
  to?: string;
}

/**
 * content/published.yaml: every address the site has published, each with the file it was built from. The
 * build adds the addresses it publishes (npm run build; the daily workflow commits them), and never removes
 * one: a listed address that nothing answers any more is a page that was renamed, moved or given another
 * slug, and its old links would end in a 404 (routes/moved.ts says where to add the alias). A list in the
 * repository works on any clone a host makes, shallow or not, which neither the previous dist/ (not on the
 * host) nor git history (cut off by a shallow clone) would. No file: nothing was published yet.
 */
export function readPublished(folder: ContentFolder): {
  entries: PublishedAddress[];
  errors: ContentError[];
  warnings?: ContentError[];
} {
  const path = join(folder.root, PUBLISHED_FILE);
  // Said, not silent: a list deleted by mistake would start the moved-page guard again from this build's addresses.
  if (!folder.exists(path))
    return {
      entries: [],
      errors: [],
      warnings: [new ContentError(folder.display(path), say("publishedMissing", {}))],
    };
  const text = folder.text(path, PUBLISHED_LIMIT);
  const source = plainList(text, folder.display(path)) ?? parseYaml(text, folder.display(path));
  const data = source.data ?? {};
  if (typeof data !== "object" || Array.isArray(data))
    return {
      entries: [],
      errors: [new ContentError(source.file, say("publishedNotAList", {}))],
    };
  const entries: PublishedAddress[] = [];
  const errors: ContentError[] = [];
  for (const [address, file] of Object.entries(data as Record<string, unknown>)) {
    const line = source.lineOf([address]);
    // A line edited by hand into something no alias may be would only earn a suggestion the alias rules refuse.
    const unusable = address.startsWith("/") ? addressProblem(address) : undefined;
    const written = JSON.stringify(address);
    if (!address.startsWith("/") || typeof file !== "string")
      errors.push(new ContentError(source.file, say("publishedBadLine", { written }), { line }));
    else if (unusable)
      errors.push(new ContentError(source.file, say("publishedUnusable", { written, reason: unusable }), { line }));
    else if (file.startsWith("/")) {
      const wrong = addressProblem(file);
      if (wrong)
        errors.push(
          new ContentError(source.file, say("publishedBadMove", { written: JSON.stringify(file), reason: wrong }), {
            line,
          }),
        );
      else entries.push({ address, file: "", line, to: file });
    } else entries.push({ address, file: folder.display(join(folder.root, file)), line });
  }
  return { entries, errors };
}

/**
 * Why an address on the list is none a page can have. host/addresses.ts says a path's syntax in English only (the
 * same words refuse an alias); a reserved address is said in every language.
 */
function addressProblem(address: string): Said | undefined {
  const plain = plainPathProblem(address);
  return plain === undefined ? reservedAliasReason(address) : { en: plain, de: plain };
}

/** The list's text: a heading that says what it is, then one address a line, sorted. */
export function publishedText(entries: readonly { address: string; file: string }[]): string {
  // A moved tag's line names the address it moved to (routes/tag-moves.ts) instead of a file.
  const lines = [...entries]
    .sort((a, b) => (a.address < b.address ? -1 : 1))
    .map(({ address, file }) => `${address}: ${file}`);
  return [
    "# Every address this site has published, and the file it came from. npm run build adds new ones; commit this",
    "# file with your change. An address here that no page answers any more stops the build: add it to the moved",
    '# page\'s aliases (content/README.md, "Moved pages"), or delete its line if the page is gone for good.',
    ...lines,
    "",
  ].join("\n");
}
