/**
 * The preview pane in npm run dev: the entry's page as the build renders it. The entry's current values, unsaved,
 * are written as its file would be saved (the page format's `textOf`) and posted to the dev server
 * (src/dev/preview.ts), which renders that one page with the site's own reader, schemas and components in the
 * entry's language and answers its `<main>`; the pane shows that `<main>` in the site's stylesheet. No template of
 * the page is drawn here: what the pane shows is what the build writes.
 */
import { say } from "../../shared/messages/catalogue.ts";
import { fill } from "./status.ts";
import type { FieldPlace } from "./field-labels.ts";

/** React's createElement, and create-react-class, as Sveltia CMS puts them on the window for preview templates. */
type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
type CreateClass = (spec: Record<string, unknown>) => unknown;

/** The parts of Sveltia's entry a preview reads (an Immutable.js map). */
interface PreviewEntry {
  getIn(path: string[]): unknown;
}

interface PreviewProps {
  entry: PreviewEntry;
  /** The preview frame's document. */
  document?: Document;
}

/** One refused value, as the dev server names it (dev/browser/protocol.ts, PreviewProblem). */
interface Problem {
  file: string;
  line?: number;
  keyPath?: string;
  message: { en: string; de: string };
}

/** What the dev server answers (src/dev/preview.ts). */
type Answer = { main?: string; problem?: string; german?: string; problems?: Problem[] };

/** Where a content file's value is in the editor (field-labels.ts, placesIn). */
type PlaceOf = (file: string, key?: string) => FieldPlace;

export interface LivePreviewOptions {
  h: CreateElement;
  createClass: CreateClass;
  /** The dev server's preview address (EditorData.preview). */
  endpoint: string;
  /** The entry's values as its file would be written (formats.ts, `textOf`). */
  textOf: (data: Record<string, unknown>) => string;
  /** The interface language: a problem is shown in German where the server has it in German. */
  german: boolean;
  /** Where each value is in the editor, by the labels of the interface's language: a problem names its field. */
  places: Promise<PlaceOf>;
  /** A value without a field, by its line ("Zeile {line}": EditorTexts' atLine). */
  atLine: string;
  /** Where a page the editor has not saved yet would be written, by language: the pane asks with that name. */
  newFile: (lang: string, data: Record<string, unknown>) => string;
  /**
   * The pane's language where the entry does not say it: a new entry has no path, and Sveltia's preview entry then
   * lists no locales either (no question was ever asked for a new page until this): the language the author last
   * worked in, else the site's default.
   */
  fallbackLanguage: () => string;
}

/**
 * The entry's values without the editor's own bookkeeping: Sveltia keeps a list item's identity in keys of its own
 * (`__sc_item_id`, `__sc_item_original_key_path`), which it leaves out when it saves, and so must the file the pane
 * asks about. Without this every block of a new campaign page was refused as having unknown keys (issue 59's
 * walkthrough).
 */
export function withoutEditorKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEditorKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith(EDITOR_KEY_PREFIX))
      .map(([key, child]) => [key, withoutEditorKeys(child)]),
  );
}

/** The start of Sveltia's own keys in an entry's values. */
const EDITOR_KEY_PREFIX = "__sc_";

const toJS = (value: unknown): unknown =>
  value && typeof value === "object" && "toJS" in value ? (value as { toJS(): unknown }).toJS() : value;

/** The language the pane shows: Sveltia's entry lists every language and the others than the pane's. */
function paneLanguage(entry: PreviewEntry): string | undefined {
  const path = entry.getIn(["path"]);
  const fromPath = typeof path === "string" ? /^content\/([^/]+)\//.exec(path)?.[1] : undefined;
  if (fromPath) return fromPath;
  const all = Object.keys((toJS(entry.getIn(["locales"])) as Record<string, unknown> | undefined) ?? {});
  const others = new Set((toJS(entry.getIn(["otherLocales"])) as string[] | undefined) ?? []);
  return all.find((code) => !others.has(code));
}

/**
 * One question to the dev server at a time, and only the newest waits: typing faster than the server answers asks
 * for the latest text as soon as it can, never for every keystroke in turn.
 */
class Asker {
  private busy = false;
  private waiting?: { file: string; text: string };
  private last = "";

  constructor(
    private readonly endpoint: string,
    private readonly answered: (answer: Answer) => void,
  ) {}

  ask(file: string, text: string): void {
    const key = `${file}\n${text}`;
    if (key === this.last) return;
    this.last = key;
    this.waiting = { file, text };
    if (!this.busy) void this.next();
  }

  /** The same question again (the server had no page: it was building). */
  again(): void {
    this.last = "";
  }

  private async next(): Promise<void> {
    const asked = this.waiting;
    this.waiting = undefined;
    if (!asked) return;
    this.busy = true;
    try {
      const response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(asked),
      });
      // 503: no page yet, asked again shortly. 200 and 422: a page or the build's reason. Any other answer (a file
      // the server does not preview, a body too large, a failed render) is not made better by asking again: the
      // pane keeps what it shows until the entry changes (it asked every 500 ms without end).
      if (response.status === 503) this.answered({});
      else if (response.ok || response.status === 422) this.answered((await response.json()) as Answer);
    } catch {
      // The dev server stopped or restarts: the pane keeps what it shows.
    } finally {
      this.busy = false;
    }
    if (this.waiting) await this.next();
  }
}

/** The preview template for the pages collection (CMS.registerPreviewTemplate). */
export function livePagePreview({
  h,
  createClass,
  endpoint,
  textOf,
  german,
  places,
  atLine,
  newFile,
  fallbackLanguage,
}: LivePreviewOptions): unknown {
  return createClass({
    getInitialState() {
      return { main: "", problem: "", problems: [] };
    },
    componentDidMount(this: Component) {
      this.asker = new Asker(endpoint, (answer) => {
        if (answer.main !== undefined) this.setState({ main: answer.main, problem: "", problems: [] });
        else if (answer.problems?.length)
          void places.then((placeOf) => {
            const { file } = this.current ?? {};
            this.setState({
              problem: say("contentProblems", { kept: "" })[german ? "de" : "en"],
              problems: (answer.problems ?? []).map((problem) => problemLine(problem, placeOf, file, german, atLine)),
            });
          });
        else if (answer.problem !== undefined)
          this.setState({ problem: (german ? answer.german : undefined) ?? answer.problem, problems: [] });
        else {
          // No page yet (the dev server is building): asked again shortly, as the author would look again.
          this.asker?.again();
          this.retry = setTimeout(() => this.ask(), 500);
        }
      });
      this.ask();
    },
    componentWillUnmount(this: Component) {
      clearTimeout(this.retry);
    },
    componentDidUpdate(this: Component) {
      this.ask();
    },
    ask(this: Component) {
      const { entry, document } = this.props;
      const lang = paneLanguage(entry) ?? fallbackLanguage();
      // The frame says the language it shows, as the site's pages do: Sveltia wrote <html lang> once, for the
      // language it first showed, and kept the frame when the author switched language.
      if (document && document.documentElement.lang !== lang) document.documentElement.lang = lang;
      const data = (withoutEditorKeys(toJS(entry.getIn(["data"]))) as Record<string, unknown> | undefined) ?? {};
      const path = entry.getIn(["path"]);
      const file = typeof path === "string" && path !== "" ? path : newFile(lang, data);
      this.current = { file };
      this.asker?.ask(file, textOf(data));
    },
    render(this: Component) {
      const { main, problem, problems } = this.state;
      return h(
        "div",
        { className: "site-preview" },
        // What the build refuses in the text: the last page it could render stays below the reason.
        problem
          ? h(
              "div",
              { className: "site-preview-problem", role: "status" },
              problems.length
                ? [h("p", null, problem), h("ul", null, ...problems.map((line) => h("li", null, line)))]
                : problem,
            )
          : null,
        h("div", { className: "site-preview-page", dangerouslySetInnerHTML: { __html: main } }),
      );
    },
  });
}

/**
 * A refused value as the author finds it: by its field's label in her language ("Titel: hat 61 Zeichen …"), after the
 * entry's name where it is another entry's (a translation's), by its line where it has no field; never a file's key
 * path where the form has a field for it (issue 59's walkthrough read "blocks[0].headline: is missing").
 */
function problemLine(
  problem: Problem,
  placeOf: PlaceOf,
  file: string | undefined,
  german: boolean,
  atLine: string,
): string {
  const message = german ? problem.message.de : problem.message.en;
  const { entry, field } = placeOf(problem.file, problem.keyPath);
  const where =
    field ?? problem.keyPath ?? (problem.line === undefined ? "" : fill(atLine, { line: String(problem.line) }));
  const place = problem.file === file ? where : [entry, where].filter(Boolean).join(" › ");
  return place ? `${place}: ${message}` : message;
}

interface Component {
  props: PreviewProps;
  state: { main: string; problem: string; problems: string[] };
  /** The file the pane last asked about. */
  current?: { file: string };
  setState(state: Partial<Component["state"]>): void;
  asker?: Asker;
  retry?: ReturnType<typeof setTimeout>;
  ask(): void;
}
