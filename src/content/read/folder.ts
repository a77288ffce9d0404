import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import { tooDeepNode, tooDeepText } from "./yaml-depth.ts";
import { explainYamlError } from "./yaml-messages.ts";
import type { Said } from "../../shared/messages/catalogue.ts";
import { ContentError, keyPathToString } from "./errors.ts";
import { say } from "../../shared/messages/catalogue.ts";
import {
  cleanText,
  findInvisible,
  findSpaceBeforeBreak,
  invisibleMessage,
  MAX_YAML_NESTING,
  SPACE_BEFORE_BREAK_MESSAGE,
  type SizeLimit,
} from "./guards.ts";

/** A parsed YAML document that can still tell on which line a key path stands. */
export interface YamlSource {
  file: string;
  data: unknown;
  lineOf(path: readonly PropertyKey[]): number | undefined;
  /** Lines before the YAML text in its file (front matter starts after the opening ---). */
  lineOffset: number;
}

/**
 * The content folder a load reads from, passed to every step that reads a file or names one in a message. Two
 * loads of different folders in one process (the tests, npm run check beside a build) never share one.
 */
export class ContentFolder {
  /** The folder as given ("content", or a test's temporary copy). */
  readonly root: string;
  /** Where the content folder lives: messages name files from there ("content/en/home.yaml"). */
  readonly parent: string;
  /** The folder itself, as given and with links resolved: every file the build reads must be inside it. */
  private readonly roots: string[];
  /** One file read from this text instead of the disk (withText). */
  private readonly unsaved?: { path: string; text: string };

  constructor(root: string, unsaved?: { file: string; text: string }) {
    this.root = root;
    if (unsaved) this.unsaved = { path: resolve(unsaved.file), text: unsaved.text };
    this.parent = dirname(resolve(root));
    this.roots = [resolve(root)];
    try {
      this.roots.push(realpathSync(root));
    } catch {
      // no content folder: every read fails as "file is missing"
    }
  }

  private within(path: string): boolean {
    return this.roots.some((root) => path === root || path.startsWith(root + sep));
  }

  /**
   * Where a path leads, if that is inside the content folder: written with ../ or %2e%2e/, or through a
   * symbolic link, a path can lead anywhere on the build machine, and a file from there must never be read
   * (let alone published). "missing" when nothing is there; "outside" without looking any further.
   */
  inside(path: string): "inside" | "outside" | "missing" {
    const lexical = resolve(path);
    // A path that is outside as written is refused before the file system is asked anything about it.
    if (!this.within(lexical)) return "outside";
    let real: string;
    try {
      real = realpathSync(lexical);
    } catch {
      return "missing";
    }
    return this.within(real) ? "inside" : "outside";
  }

  /** What is at a path: a file or a folder inside the content folder, nothing, or a place outside it (never looked at). */
  kind(path: string): "file" | "folder" | "missing" | "outside" {
    const where = this.inside(path);
    if (where !== "inside") return where;
    try {
      return statSync(path).isDirectory() ? "folder" : "file";
    } catch {
      return "missing";
    }
  }

  /**
   * Whether a symbolic link in the folder leads to a folder, wherever that is (only its kind is looked at, never
   * what is in it): such a link is refused, since the pages in it would otherwise silently not exist.
   */
  linksToFolder(path: string): boolean {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  }

  /** Whether a file (or a folder) is there, inside the content folder. */
  exists(path: string): boolean {
    const kind = this.kind(path);
    return kind === "file" || kind === "folder";
  }

  /**
   * A folder's entries (with `recursive`, every one below it); none when it is missing or leads outside. A
   * symbolic link is an entry of its own and never walked into: Node's recursive readdir follows links to
   * folders, so a link from content/media/ to the build machine's home was listed file by file.
   */
  list(dir: string, { recursive = false } = {}): Dirent[] {
    if (this.kind(dir) !== "folder") return [];
    const entries: Dirent[] = [];
    const walk = (folder: string) => {
      let found: Dirent[];
      try {
        found = readdirSync(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of found) {
        entries.push(entry);
        if (recursive && entry.isDirectory()) walk(join(folder, entry.name));
      }
    };
    walk(dir);
    return entries;
  }

  /**
   * The same folder with one file read as `text` instead of its bytes on disk: npm run dev's preview of an edit the
   * author has not saved goes through the same reader and guards as the saved file will (src/dev/preview.ts).
   */
  withText(file: string, text: string): ContentFolder {
    return new ContentFolder(this.root, { file, text });
  }

  /** A file's bytes as they are (the build's fingerprint); refused outside the folder like every read. */
  bytes(file: string): Buffer {
    this.refuseOutside(file);
    return readFileSync(file);
  }

  /** A file's text, held to what every content file must be (UTF-8, no invisible characters, at most `limit`). */
  text(file: string, limit?: SizeLimit): string {
    return this.readText(file, limit);
  }

  /** A file as messages name it: from the content folder's parent, never a path of the build machine. */
  display(file: string): string {
    return relative(this.parent, resolve(file)) || file;
  }

  readYaml(file: string): YamlSource {
    return parseYaml(this.readText(file), this.display(file));
  }

  readMarkdown(file: string): MarkdownSource {
    const text = this.readText(file);
    refuseOtherLanguage(text, this.display(file));
    // gray-matter only splits; the YAML goes through the same parser as the .yaml files to keep positions. Its
    // other engines (JavaScript, which it runs with eval) are replaced, so that nothing but YAML is ever read.
    const parsed = frontMatterSplitter()(text, { language: "yaml", engines: YAML_ONLY });
    const frontMatterLines = parsed.matter ? parsed.matter.split("\n").length + 1 : 0;
    return {
      // parsed.matter starts with the line break after the opening ---, so its line 2 is the file's line 2.
      frontMatter: parseYaml(parsed.matter ?? "", this.display(file), 0),
      body: parsed.content,
      bodyLine: frontMatterLines + 1,
    };
  }

  private refuseOutside(file: string): void {
    if (this.inside(file) === "outside") {
      throw new ContentError(this.display(file), say("leadsOutside", {}));
    }
  }

  private readText(file: string, limit?: SizeLimit): string {
    this.refuseOutside(file);
    if (this.unsaved && resolve(file) === this.unsaved.path)
      return cleanText(Buffer.from(this.unsaved.text), this.display(file), limit);
    let raw: Buffer;
    try {
      raw = readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ContentError(
        this.display(file),
        code === "ENOENT" ? say("fileMissing", {}) : say("fileUnreadable", { code: String(code) }),
      );
    }
    return cleanText(raw, this.display(file), limit);
  }
}

/**
 * gray-matter, loaded with the first Markdown file read: with js-yaml and esprima it is about 40 ms of loading, and a
 * build that finds nothing changed reads no Markdown (only site.yaml, for its time zone).
 */
let splitter: typeof import("gray-matter") | undefined;
const frontMatterSplitter = () => {
  splitter ??= createRequire(import.meta.url)("gray-matter") as typeof import("gray-matter");
  return splitter;
};

/** The engines gray-matter may use: YAML (parsed below, by parseYaml), and every language it knows refused. */
const YAML_ONLY = Object.fromEntries(
  ["javascript", "js", "json", "coffee", "cson", "toml"].map((name) => [
    name,
    () => {
      throw new Error(`front matter in ${name} is never parsed`);
    },
  ]),
) as Record<string, () => object>;
YAML_ONLY.yaml = () => ({});

/**
 * Front matter is YAML and nothing else. gray-matter reads a word after the opening --- as the language of the
 * block: `---js` would be run as JavaScript during every build (npm run check, dev, CI and the nightly publish),
 * so anything but `---` alone (or `---yaml`) is refused before the block is looked at.
 */
function refuseOtherLanguage(text: string, file: string): void {
  if (!text.startsWith("---") || text.startsWith("----")) return;
  const language = text.slice(3, text.search(/\n|$/)).trim();
  if (language === "" || /^ya?ml$/i.test(language)) return;
  throw new ContentError(file, say("frontMatterNotYaml", { language }), { line: 1 });
}

/** Where the first key that repeats a key of its map starts (a scalar's value, as yaml compares keys), if one does. */
function firstDuplicateKey(node: unknown): number | undefined {
  let found: number | undefined;
  const earliest = (offset: number | undefined) => {
    if (offset !== undefined && (found === undefined || offset < found)) found = offset;
  };
  if (isMap(node)) {
    const seen = new Set<unknown>();
    for (const { key, value } of node.items) {
      const id = isScalar(key) ? key.value : key;
      if (seen.has(id)) earliest((key as { range?: [number, number, number] } | null)?.range?.[0]);
      seen.add(id);
      earliest(firstDuplicateKey(key));
      earliest(firstDuplicateKey(value));
    }
  } else if (isSeq(node)) for (const item of node.items) earliest(firstDuplicateKey(item));
  return found;
}

/** YAML text as a source whose messages name `file` (as messages name it) and its lines. */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  const tooDeep = (offset: number | undefined) => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return new ContentError(file, say("yamlTooDeep", { max: MAX_YAML_NESTING }), {
      line: line + lineOffset,
      column: col,
    });
  };
  let doc: Document.Parsed;
  try {
    // Duplicate keys are found below in one pass: yaml's own check compares each key with every key before it,
    // which made content/published.yaml's thousand lines cost a tenth of a second.
    // The core schema and nothing more: no custom tags, and none of YAML 1.1's types (!!binary, !!set, !!timestamp).
    doc = parseDocument(text, {
      lineCounter,
      uniqueKeys: false,
      schema: "core",
      customTags: [],
      resolveKnownTags: false,
    });
  } catch (error) {
    // The library's parser recursing into 20,000 "- " on one line runs out of stack before it can report it.
    if (error instanceof RangeError) throw tooDeep(tooDeepText(text));
    throw error;
  }
  const [first] = doc.errors;
  // Its composer does report it (RESOURCE_EXHAUSTION), at wherever the stack ran out.
  const deep = first?.code === "RESOURCE_EXHAUSTION" ? (tooDeepText(text) ?? first.pos[0]) : tooDeepNode(doc.contents);
  if (deep !== undefined) throw tooDeep(deep);
  const duplicate = firstDuplicateKey(doc.contents);
  if (duplicate !== undefined && (!first || duplicate < (first.pos[0] ?? Infinity))) {
    const { line, col } = lineCounter.linePos(duplicate);
    throw new ContentError(file, say("yamlDuplicateKey", {}), { line: line + lineOffset, column: col });
  }
  if (first) {
    const pos = first.linePos?.[0];
    const explained = explainYamlError(first, text);
    if (explained) {
      const error = new ContentError(file, say("invalidYaml", { message: explained.message }), {
        line: explained.line === undefined ? undefined : explained.line + lineOffset,
        column: explained.column,
      });
      // The library's own words, for the log and whoever debugs the reader.
      error.cause = first.message;
      throw error;
    }
    const detail = (first.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    throw new ContentError(file, say("yamlLibrary", { detail }), {
      line: pos ? pos.line + lineOffset : undefined,
      column: pos?.col,
    });
  }
  const tag = doc.warnings.find((warning) => warning.code === "TAG_RESOLVE_FAILED");
  if (tag) {
    const { line, col } = lineCounter.linePos(tag.pos[0]);
    const written = text.slice(tag.pos[0], tag.pos[1]);
    throw new ContentError(file, say("yamlTag", { written }), { line: line + lineOffset, column: col });
  }
  refuseInvisibleValues(doc.contents, [], (path, offset, message) => {
    const { line, col } = lineCounter.linePos(offset);
    throw new ContentError(file, message, {
      line: line + lineOffset,
      column: col,
      ...(path.length > 0 ? { keyPath: keyPathToString(path) } : {}),
    });
  });
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // An alias (*name) expanding into thousands of copies: a "billion laughs" file, or a runaway copy-paste.
    throw new ContentError(file, say("yamlAliases", { detail: (error as Error).message.replace(/\.$/, "") }));
  }
  return {
    file: file,
    data,
    lineOffset,
    lineOf(path) {
      // The deepest node that exists on the path: a missing key is reported where its parent stands.
      let node: unknown = doc.contents;
      for (const key of path) {
        const child = isMap(node) || isSeq(node) ? node.get(key as never, true) : undefined;
        if (child === undefined) break;
        node = child;
      }
      const range = (node as { range?: [number, number, number] } | null)?.range;
      return range ? lineCounter.linePos(range[0]).line + lineOffset : undefined;
    },
  };
}

/**
 * The invisible-character rule on every key and value as YAML decoded it: a quoted value may write a control
 * character or a bidi override as an escape ("\x01", "\u202E"), which the guard on the file's text never sees;
 * and no space before a line break inside a value.
 */
function refuseInvisibleValues(
  node: unknown,
  path: PropertyKey[],
  refuse: (path: PropertyKey[], offset: number, message: string | Said) => never,
): void {
  if (isScalar(node)) {
    const found = typeof node.value === "string" ? findInvisible(node.value) : undefined;
    if (found) refuse(path, node.range?.[0] ?? 0, invisibleMessage(found.char));
    if (typeof node.value === "string" && findSpaceBeforeBreak(node.value) !== undefined)
      refuse(path, node.range?.[0] ?? 0, SPACE_BEFORE_BREAK_MESSAGE);
  } else if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      refuseInvisibleValues(pair.key, path, refuse);
      refuseInvisibleValues(pair.value, [...path, typeof key === "number" ? key : String(key)], refuse);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      refuseInvisibleValues(item, [...path, index], refuse);
    });
  }
}

export interface MarkdownSource {
  frontMatter: YamlSource;
  body: string;
  /** Line in the file where the body starts. */
  bodyLine: number;
}
