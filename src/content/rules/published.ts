import { join } from "node:path";
import { ContentError } from "../read/errors.ts";
import type { ContentFolder } from "../read/folder.ts";
import { plainPathProblem } from "../../host/addresses.ts";
import { reservedAliasReason } from "./reserved.ts";

/** The list of every address the site has published, kept in content/ and committed with it. */
export const PUBLISHED_FILE = "published.yaml";

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
      warnings: [
        new ContentError(
          folder.display(path),
          "is missing, so no page moved since the last build can be noticed: if it was deleted by mistake, restore it (git checkout content/published.yaml); on a new site npm run build writes it, to be committed",
        ),
      ],
    };
  const source = folder.readYaml(path);
  const data = source.data ?? {};
  if (typeof data !== "object" || Array.isArray(data))
    return {
      entries: [],
      errors: [
        new ContentError(
          source.file,
          "must list addresses, one a line: /insights/rag-agents: en/pages/insights/rag-agents.md",
        ),
      ],
    };
  const entries: PublishedAddress[] = [];
  const errors: ContentError[] = [];
  for (const [address, file] of Object.entries(data as Record<string, unknown>)) {
    const line = source.lineOf([address]);
    // A line edited by hand into something no alias may be would only earn a suggestion the alias rules refuse.
    const unusable = address.startsWith("/") ? (plainPathProblem(address) ?? reservedAliasReason(address)) : undefined;
    if (!address.startsWith("/") || typeof file !== "string")
      errors.push(
        new ContentError(
          source.file,
          `${JSON.stringify(address)}: must be an address and the file it came from, e.g. /insights/rag-agents: en/pages/insights/rag-agents.md`,
          { line },
        ),
      );
    else if (unusable)
      errors.push(
        new ContentError(
          source.file,
          `${JSON.stringify(address)} ${unusable}: no page can have published it, so delete this line (npm run build writes the list; it is not edited by hand)`,
          { line },
        ),
      );
    else if (file.startsWith("/")) {
      const wrong = plainPathProblem(file) ?? reservedAliasReason(file);
      if (wrong)
        errors.push(
          new ContentError(source.file, `${JSON.stringify(file)} ${wrong}: write the address the tag moved to`, {
            line,
          }),
        );
      else entries.push({ address, file: "", line, to: file });
    } else entries.push({ address, file: folder.display(join(folder.root, file)), line });
  }
  return { entries, errors };
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
