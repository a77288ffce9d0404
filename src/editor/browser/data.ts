import type { VerdictFacts } from "../../shared/verdict/entry.ts";

/**
 * The text field of a value each language sets for itself (a page's slug, url, old addresses, tags): Sveltia's string
 * editor under the site's own name (main.ts registers it), which its "Copy from …" does not copy: that copies by type.
 */
export const OWN_TEXT_WIDGET = "site-own-text";

/** One page a menu link can lead to, in one language: the value `to` takes, and its title and address. */
export interface LinkTarget {
  value: string;
  label: string;
}

/** One field of the editor's configuration, as Sveltia CMS reads it (the build computes them from the zod schemas). */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  /** Per language (true), or "duplicate": one value, set on the default language's tab, written into every file. */
  i18n?: boolean | "duplicate";
  default?: unknown;
  pattern?: [string, string];
  /** A select's values; a value with words of its own shows them (Sveltia: { label, value }). */
  options?: (string | { label: string; value: string })[];
  min?: number;
  max?: number;
  value_type?: "int";
  time_format?: false;
  format?: string;
  field?: EditorField;
  fields?: EditorField[];
  /** Sveltia's variable types: a list whose items are one of these objects, told apart by their `type`. */
  types?: { name: string; label: string; widget: "object"; fields: EditorField[] }[];
  choose_url?: boolean;
  media_folder?: string;
  public_folder?: string;
  /** A one-line text of the site's own that offers the site's existing values of its language (own-text.ts). */
  site_suggest?: "tags";
  /** A rich text field's toolbar and style menu (Sveltia's button names). */
  buttons?: string[];
}

/**
 * The rich text toolbar and style menu: Sveltia's default buttons without "Heading 1" ("Überschrift 1"), which the
 * build refuses in a page's text and a text block (the title in the front matter is its only #, content/markdown/heading-rules.ts).
 */
export const BODY_BUTTONS = [
  "bold",
  "italic",
  "strikethrough",
  "code",
  "link",
  "heading-two",
  "heading-three",
  "heading-four",
  "heading-five",
  "heading-six",
  "bulleted-list",
  "numbered-list",
  "quote",
];

/** The components an author inserts from the rich text editor's toolbar (content/README.md, "Components"). */
export type ComponentName = "cta" | "callout" | "figure" | "video";

/** The words a component shows on the page, in one content language (common.yaml's `components`). */
export interface ComponentWords {
  callout: Record<string, string>;
  play: string;
  notice: Record<string, string>;
  privacy: string;
}

/** The texts of this site's additions to the editor (its save status), in one interface language. */
export interface EditorTexts {
  /** Shown while the dev server builds after a save; {file} is the saved file. */
  building: string;
  built: string;
  failed: string;
  failedHint: string;
  close: string;
  /** Online, after a save: where the host shows its build of the commit. */
  committed: string;
  builds: string;
  /** npm run dev, after a save: the live site's strict build would refuse something in {file}. */
  refused: string;
  /** … or only something in other files ({count} problems). */
  refusedElsewhere: string;
  /** The sample values left in content/ ({count}), each a line: its {entry}, {field} and {value}… */
  samples: string;
  sample: string;
  /** … or, for a value that has no field (what only a developer changes), its {entry} and {value}. */
  sampleNoField: string;
  refusedHint: string;
  /** The build's warnings ({count}), shown with every message about a save. */
  warnings: string;
  /** Where the preview's list places a refused value that has no field: its {line} in the file. */
  atLine: string;
}

/** One interface language: its configuration file, the toolbar components' forms and the site's own texts. */
export interface InterfaceLanguage {
  code: string;
  config: string;
  components: Record<ComponentName, { label: string; fields: EditorField[] }>;
  texts: EditorTexts;
  /** The block types as the choice of blocks names them in this language, each with its picture's address. */
  blocks: { label: string; picture: string }[];
}

/** Everything the build hands the editor's browser code, as JSON in /admin/index.html. */
export interface EditorData {
  /** The interface languages this build labels, the fallback (English) first. */
  languages: InterfaceLanguage[];
  /** Every language Sveltia's interface can speak (its locales), to know which one it will choose. */
  interfaceLocales: string[];
  /** The content's default language: every entry opens on it. */
  defaultLocale: string;
  /** The custom formats by name: how to read the file, and what its schema fills in when a key is left out. */
  formats: Record<string, { kind: "yaml" | "page"; defaults: Record<string, unknown> }>;
  /** The site's stylesheet, for the preview pane. */
  previewStyle: string;
  /**
   * npm run dev: where the preview pane asks the dev server for the entry's page as the build renders it
   * (preview.ts). Online there is no build to ask.
   */
  preview?: string;
  /** The components' words on the page, by content language. */
  words: Record<string, ComponentWords>;
  /** The icons the site draws in components (callout types, play), as its HTML. */
  icons: Record<string, string>;
  /** Online: where the repository host lists the branch's commits with their build results. */
  builds?: string;
  /** The global the editor's asset dialog reads the working pane's language from (bundle.ts). */
  paneLocale: string;
  /** The global the editor's lists read the language to name entries in from (bundle.ts): the interface's. */
  listLocale: string;
  /** npm run dev: saves go to the working copy and the dev server builds them. */
  dev: boolean;
  /** The site's tags by content language, the most used first: the tags field offers them (own-text.ts). */
  tags: Record<string, string[]>;
  /** What a menu link can lead to, by content language (the route model's pages, the home page's sections). */
  linkTargets: Record<string, LinkTarget[]>;
  /** What the verdict before a save needs of the site (shared/verdict/entry.ts): reserved addresses, pages' addresses. */
  verdict: VerdictFacts;
}

/** The route model's addresses the verdict needs (routes/link-targets.ts, verdictAddresses). */
export type EditorAddresses = Pick<VerdictFacts, "site" | "sections">;

/** The id of the list of a language's tags the tags field offers. */
export const tagListId = (lang: string) => `site-tags-${lang}`;

/** The id of the page's data block; its text is the JSON of EditorData. */
export const EDITOR_DATA_ID = "site-editor-data";
