// /admin/site-editor.js: the site's additions to the web editor, loaded after Sveltia CMS and before it starts
// (it waits for the page to finish loading), through its documented extension points only.
import { editorComponent, type EditorComponentDefinition, type PreviewParts } from "./components.ts";
import { type ComponentName, type EditorData, OWN_TEXT_WIDGET, tagListId } from "./data.ts";
import { openEntriesOn } from "./entry-locale.ts";
import { type FileFormat, type PageFormat, pageFormat, Sources, yamlFormat } from "./formats.ts";
import { livePagePreview } from "./live-preview.ts";
import { offerLinkTargets } from "./link-target.ts";
import { showBlockPictures } from "./block-pictures.ts";
import { ownTextControl } from "./own-text.ts";
import { followPaneLocale } from "./pane-locale.ts";
import { pagePreview } from "./preview.ts";
import { showStatus } from "./status.ts";
import { placeToasts } from "./toast-place.ts";
import { interfaceLanguage, readEditorData, reloadOnLanguageChange } from "./ui-locale.ts";
import { type ImmutableEntry, liveVerdict, refuseSave } from "./verdict-live.ts";
import { messageLanguage } from "../../shared/messages/catalogue.ts";
import { placesAt } from "./field-labels.ts";

interface SveltiaCms {
  registerCustomFormat(name: string, extension: string, methods: FileFormat): void;
  registerEditorComponent(definition: EditorComponentDefinition): void;
  registerPreviewStyle(url: string): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerEventListener(listener: { name: string; handler: (args: { entry: ImmutableEntry }) => void }): void;
  /** A field type of the site's own, with its React control. */
  registerFieldType(name: string, control: unknown): void;
}

declare global {
  interface Window {
    CMS: SveltiaCms;
    h: Parameters<typeof pagePreview>[0];
    /** create-react-class, for a preview template with state. */
    createClass: (spec: Record<string, unknown>) => unknown;
    marked: { parse(markdown: string, options?: { async: false }): string };
  }
}

/** The toolbar's order, and each component's icon (Material Symbols, the editor's icon font). */
const COMPONENTS: [ComponentName, string][] = [
  ["cta", "ads_click"],
  ["callout", "info"],
  ["figure", "image"],
  ["video", "smart_display"],
];

/** The pages collection's format (config.ts). */
const PAGES_FORMAT = "site-page-frontmatter";

/** A file name for a page not yet saved, from its title as the editor makes one: the preview asks with it. */
const newPageName = (title: unknown) =>
  (typeof title === "string" ? title : "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "new-page";

/** Two Markdown texts that make the same HTML are the same page (formats.ts: the body keeps its bytes). */
const sameMarkdown = (a: string, b: string) =>
  window.marked.parse(a, { async: false }) === window.marked.parse(b, { async: false });

/** Each language's tags as a list the tags field offers (own-text.ts): a datalist the browser draws by itself. */
function offerTags(tags: EditorData["tags"]): void {
  for (const [lang, names] of Object.entries(tags)) {
    const list = document.createElement("datalist");
    list.id = tagListId(lang);
    for (const name of names) list.append(new Option(name));
    document.body.append(list);
  }
}

function start(data: EditorData): void {
  const language = interfaceLanguage(data);
  // The configuration with this language's labels; Sveltia reads the link when it starts, after this script.
  document.querySelector('link[rel="cms-config-url"]')?.setAttribute("href", language.config);
  reloadOnLanguageChange(data, language);
  // Entries are listed by their title in the interface's language where they have one (bundle.ts, LIST_LOCALE).
  (globalThis as Record<string, unknown>)[data.listLocale] = language.code;

  const { CMS } = window;
  // The string editor under a name "Copy from English" does not copy (data.ts): slug, url, old addresses, tags.
  // The verdict before the save (issue 54): the shared rules judge the entry as the author types, at the fields, in
  // the interface language; a save the live site would refuse is not made.
  const ui = messageLanguage(language.code);
  const verdict = liveVerdict(data.verdict, ui);
  CMS.registerFieldType(OWN_TEXT_WIDGET, ownTextControl(window.h, verdict.seen));
  CMS.registerEventListener({ name: "preSave", handler: refuseSave(verdict, ui) });
  // A menu link's target, picked from the site's pages of the pane's language (or typed: "#contact").
  offerLinkTargets(data.linkTargets, data.paneLocale, data.defaultLocale);
  const sources = new Sources();
  const pageFormats = new Map<string, PageFormat>();
  for (const [name, { kind, defaults }] of Object.entries(data.formats)) {
    const format = kind === "page" ? pageFormat(sources, defaults, sameMarkdown) : yamlFormat(sources, defaults);
    if (kind === "page") pageFormats.set(name, format as PageFormat);
    CMS.registerCustomFormat(name, kind === "page" ? "md" : "yaml", format);
  }

  CMS.registerPreviewStyle(data.previewStyle);
  const pages = pageFormats.get(PAGES_FORMAT);
  CMS.registerPreviewTemplate(
    "pages",
    data.preview && pages
      ? // npm run dev: the page as the build renders it, asked of the dev server.
        livePagePreview({
          h: window.h,
          createClass: window.createClass,
          endpoint: data.preview,
          textOf: (values) => pages.textOf(values),
          german: language.code === "de",
          places: placesAt(language.config),
          atLine: language.texts.atLine,
          newFile: (lang, values) => `content/${lang}/pages/${newPageName(values.title)}.md`,
          fallbackLanguage: () => {
            const last = (globalThis as Record<string, unknown>)[data.paneLocale];
            return typeof last === "string" && last in data.words ? last : data.defaultLocale;
          },
        })
      : // Online there is no build to ask: the page's text in the site's stylesheet.
        pagePreview(window.h),
  );
  const parts: PreviewParts = {
    words: data.words[data.defaultLocale] ?? { callout: {}, play: "", notice: {}, privacy: "" },
    icons: data.icons,
    markdown: (text) => window.marked.parse(text, { async: false }),
  };
  for (const [name, icon] of COMPONENTS) {
    const { label, fields } = language.components[name];
    CMS.registerEditorComponent(editorComponent(name, label, icon, fields, parts));
  }

  offerTags(data.tags);
  showBlockPictures(language.blocks);
  placeToasts();
  openEntriesOn(data.defaultLocale);
  followPaneLocale(data.paneLocale);

  // Online a save is a commit the host builds later: the message says where its result will be.
  const { builds } = data;
  if (!data.dev && builds)
    CMS.registerEventListener({
      name: "postSave",
      handler: () =>
        void showStatus({
          kind: "done",
          title: language.texts.committed,
          link: { href: builds, label: language.texts.builds },
          close: language.texts.close,
        }),
    });
}

start(readEditorData());
