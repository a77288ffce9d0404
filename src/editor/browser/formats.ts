import { parse } from "yaml";
import { type Defaults, freshYaml, sameValue, updateYaml } from "./yaml-edit.ts";

/**
 * The key under which a parsed file keeps the id of its text. The editor keeps keys it has no field for and
 * hands them back on save, so the writer finds the text it read and changes only what the author changed.
 */
export const SOURCE_KEY = "__editorSource";

type Data = Record<string, unknown>;

/** Each file's text as last read or written in this session, by the id its parsed data carries. */
export class Sources {
  private readonly texts = new Map<string, string>();
  private next = 0;

  remember(text: string): string {
    this.next += 1;
    const id = `source-${this.next}`;
    this.texts.set(id, text);
    return id;
  }

  /** The text behind the data's id, and the data without it. */
  take(content: Data): { source?: string; id?: string; data: Data } {
    const { [SOURCE_KEY]: id, ...data } = content;
    return typeof id === "string" ? { source: this.texts.get(id), id, data } : { data };
  }

  update(id: string | undefined, text: string): void {
    if (id !== undefined && this.texts.has(id)) this.texts.set(id, text);
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?\r?\n)?---(\r?\n|$)/;

/** A Markdown page: its front matter's text, and everything after the closing --- (the body with its blank line). */
function splitPage(text: string): { front: string; rest: string } {
  const match = FRONT_MATTER.exec(text);
  return match ? { front: match[1] ?? "", rest: text.slice(match[0].length) } : { front: "", rest: text };
}

export interface FileFormat {
  fromFile(text: string): Data;
  toFile(content: Data): string;
}

/** A format that can also say what it would write, without taking that text as the file's (the preview's ask). */
export interface PageFormat extends FileFormat {
  /** The file's text as a save of `content` would write it now; what is remembered of the file is not changed. */
  textOf(content: Data): string;
}

/** A YAML file (home.yaml, site.yaml …) read and written so that what the author did not change stays byte for byte. */
export function yamlFormat(sources: Sources, defaults: Defaults): FileFormat {
  return {
    fromFile(text) {
      const data = (parse(text) ?? {}) as Data;
      return { ...data, [SOURCE_KEY]: sources.remember(text) };
    },
    toFile(content) {
      const { source, id, data } = sources.take(content);
      const text = source === undefined ? freshYaml(data, defaults) : updateYaml(source, data, defaults);
      sources.update(id, text);
      return text;
    },
  };
}

/**
 * A Markdown page with YAML front matter; `body` is the text below it. `sameMarkdown` says whether two texts are the
 * same page: the editor's rich text field writes back what it read in its own spelling (_em_ for *em*), also for a
 * language the author only looked at, and such a body keeps its bytes.
 */
export function pageFormat(
  sources: Sources,
  defaults: Defaults,
  sameMarkdown: (a: string, b: string) => boolean = () => false,
): PageFormat {
  const write = (source: string | undefined, data: Data) => {
    const { body = "", ...meta } = data as Data & { body?: string };
    if (source === undefined) return `---\n${freshYaml(meta, defaults)}---\n\n${body.trim()}\n`;
    const { front, rest } = splitPage(source);
    const newFront = updateYaml(front, meta, defaults);
    // The body as it was (its blank lines, its last newline) unless its text changed.
    const same = sameValue(rest, body) || sameMarkdown(rest.trim(), body.trim());
    const newRest = same ? rest : `${/^\s*/.exec(rest)?.[0] || "\n"}${body.trim()}\n`;
    return newFront === front && newRest === rest ? source : `---\n${newFront}---\n${newRest}`;
  };
  return {
    fromFile(text) {
      const { front, rest } = splitPage(text);
      const data = (parse(front) ?? {}) as Data;
      return { ...data, body: rest.trim(), [SOURCE_KEY]: sources.remember(text) };
    },
    toFile(content) {
      const { source, id, data } = sources.take(content);
      const text = write(source, data);
      sources.update(id, text);
      return text;
    },
    textOf(content) {
      const { source, data } = sources.take(content);
      return write(source, data);
    },
  };
}
