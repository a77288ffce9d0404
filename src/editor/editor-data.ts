import { CALLOUT_TYPES } from "../content/markdown/directives/callout-types.ts";
import type { Content } from "../content/types.ts";
import type { EditorSettings } from "../content/schemas/index.ts";
import { RESERVED_ADDRESSES } from "../host/addresses.ts";
import type { EditorAddresses, EditorData, EditorTexts, LinkTarget } from "./browser/data.ts";
import { ADMIN_DIR, interfaceLocales, LIST_LOCALE, PANE_LOCALE } from "./bundle.ts";
import { EDITOR_PREVIEW_PATH } from "../host/addresses.ts";
import { BLOCK_TYPES, BLOCKS } from "../content/schemas/blocks.ts";
import { BLOCK_PICTURE_DIR } from "./block-pictures.ts";
import { componentForms, componentIcons } from "./components.ts";
import { FORMATS, LABEL_LANGUAGES, type LabelLanguage } from "./config.ts";
import { defaultsOf, jsonSchemaOf } from "./fields.ts";

/** The texts of the site's messages about a save, in each interface language. */
const TEXTS: Record<LabelLanguage, EditorTexts> = {
  en: {
    building: "Saved {file}. The site is being built…",
    built: "Saved {file}, and the site has been built with it.",
    failed: "Saved {file}, but the site does not build:",
    failedHint: "The preview shows the last version that built. Fix what the message names and save again.",
    close: "Close",
    committed: "Saved: your change is now a commit, and the host builds the site from it in a few minutes.",
    builds: "See whether it built: ✓ or ✗ beside the commit, with the preview’s address",
    refused: "Saved {file}. The preview is built, but the live site’s build would refuse it today:",
    refusedElsewhere: "The live site cannot be published today because of other entries ({count}):",
    samples: "Sample values ({count}) the live site refuses until they are replaced:",
    sample: "{entry} › {field}: “{value}”",
    sampleNoField: "{entry}: “{value}” (no field in the editor: a developer replaces it)",
    refusedHint:
      "The live site is checked more strictly than this preview: until these are fixed, nothing is published. A scheduled page’s problems come as warnings naming its day, and stop publishing on that day.",
    warnings: "Warnings ({count}): the site builds, but look at them:",
    atLine: "line {line}",
  },
  de: {
    building: "{file} gespeichert. Die Website wird erstellt …",
    built: "{file} gespeichert, und die Website ist damit erstellt.",
    failed: "{file} gespeichert, aber die Website lässt sich nicht erstellen:",
    failedHint:
      "Die Vorschau zeigt die letzte Fassung, die sich erstellen ließ. Beheben Sie, was die Meldung nennt, und speichern Sie erneut.",
    close: "Schließen",
    committed:
      "Gespeichert: Ihre Änderung ist jetzt ein Commit; der Host erstellt daraus in einigen Minuten die Website.",
    builds: "Sehen, ob sie erstellt wurde: ✓ oder ✗ neben dem Commit, mit der Adresse der Vorschau",
    refused: "{file} gespeichert. Die Vorschau ist erstellt, aber die Website selbst würde heute abgelehnt:",
    refusedElsewhere: "Wegen anderer Einträge ({count}) kann die Website selbst heute nicht veröffentlicht werden:",
    samples: "Beispielwerte ({count}), die die Website selbst ablehnt, bis sie ersetzt sind:",
    sample: "{entry} › {field}: „{value}“",
    sampleNoField: "{entry}: „{value}“ (kein Feld im Editor: ein Entwickler ersetzt ihn)",
    refusedHint:
      "Die Website selbst wird strenger geprüft als diese Vorschau: bis dies behoben ist, wird nichts veröffentlicht. Probleme geplanter Seiten kommen als Warnungen mit ihrem Tag und halten das Veröffentlichen an diesem Tag an.",
    warnings: "Warnungen ({count}): die Website wird erstellt, aber sehen Sie sie sich an:",
    atLine: "Zeile {line}",
  },
};

/** The configuration file of an interface language: English, the fallback, keeps the editor's usual name. */
export const configFile = (language: LabelLanguage) => (language === "en" ? "config.json" : `config.${language}.json`);

/** The site's stylesheet, for the preview pane. */
export const PREVIEW_STYLE = "preview.css";

/**
 * Where the repository host lists the branch's commits, each with the build's ✓ or ✗ (Netlify's, Cloudflare
 * Pages', CI's) and a link to its log and deploy preview.
 */
export function buildsPage(editor: EditorSettings | undefined): string | undefined {
  if (!editor) return undefined;
  // A branch such as feature/x keeps its slashes: each host reads the rest of the path as the branch.
  const branch = (editor.branch ?? "main").split("/").map(encodeURIComponent).join("/");
  const origin =
    editor.baseUrl ??
    (editor.backend === "gitlab"
      ? "https://gitlab.com"
      : editor.backend === "github"
        ? "https://github.com"
        : undefined);
  if (!origin) return undefined;
  if (editor.backend === "github") return `${origin}/${editor.repo}/commits/${branch}`;
  if (editor.backend === "gitlab") return `${origin}/${editor.repo}/-/commits/${branch}`;
  return `${origin}/${editor.repo}/commits/branch/${branch}`;
}

/** Everything the editor's browser code needs from the build (browser/data.ts), for /admin/index.html. */
/** Each language's tags as its pages write them, the most used first (then in alphabetical order). */
function tagsByLanguage(content: Content): Record<string, string[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const page of content.pages) {
    const tags = counts.get(page.lang) ?? new Map<string, number>();
    for (const tag of page.meta.tags ?? []) tags.set(tag.trim(), (tags.get(tag.trim()) ?? 0) + 1);
    counts.set(page.lang, tags);
  }
  return Object.fromEntries(
    [...counts].map(([lang, tags]) => [
      lang,
      [...tags].sort(([a, m], [b, n]) => n - m || a.localeCompare(b, lang)).map(([tag]) => tag),
    ]),
  );
}

export function editorData(
  content: Content,
  {
    dev,
    linkTargets = {},
    addresses = { site: { pages: [], redirects: {} }, sections: {} },
  }: { dev: boolean; linkTargets?: Record<string, LinkTarget[]>; addresses?: EditorAddresses },
): EditorData {
  const { site, langs } = content;
  const defaultLocale = site.locales.find((locale) => locale.default)?.code ?? "en";
  const pageKeys = [...new Set(content.pages.map((page) => page.key))].sort();
  const common = langs[defaultLocale]?.common;
  const words = Object.fromEntries(
    Object.entries(langs).map(([code, { common }]) => [
      code,
      {
        callout: common.components.callout,
        play: common.components.video.play,
        notice: common.components.video.notice,
        privacy: common.components.video.privacy.label,
      },
    ]),
  );
  const icons = common
    ? componentIcons(
        {
          copy: common.components,
          newTab: common.newTab,
          schedulingUrl: site.schedulingUrl,
          pageKeys: new Set(pageKeys),
        },
        CALLOUT_TYPES,
      )
    : {};
  return {
    languages: LABEL_LANGUAGES.map((code) => ({
      code,
      config: `/${ADMIN_DIR}/${configFile(code)}`,
      components: componentForms(code, pageKeys),
      texts: TEXTS[code],
      blocks: BLOCK_TYPES.map((type) => ({
        label: (BLOCKS[type].label as Record<string, string>)[code] ?? BLOCKS[type].label.en,
        picture: `/${ADMIN_DIR}/${BLOCK_PICTURE_DIR}/${type}.svg`,
      })),
    })),
    interfaceLocales: interfaceLocales(),
    defaultLocale,
    formats: Object.fromEntries(
      Object.entries(FORMATS).map(([name, { kind, schema }]) => [
        name,
        { kind, defaults: defaultsOf(jsonSchemaOf(schema)) },
      ]),
    ),
    previewStyle: `/${ADMIN_DIR}/${PREVIEW_STYLE}`,
    preview: dev ? EDITOR_PREVIEW_PATH : undefined,
    words,
    icons,
    builds: buildsPage(site.editor),
    paneLocale: PANE_LOCALE,
    listLocale: LIST_LOCALE,
    tags: tagsByLanguage(content),
    dev,
    linkTargets,
    verdict: {
      defaultLocale,
      prefixes: site.locales.map((locale) => locale.prefix.slice(1)).filter(Boolean),
      reserved: [...RESERVED_ADDRESSES].map(({ name, where, why, whyDe, ownedBy }) => ({
        name,
        where,
        why,
        whyDe,
        ...(ownedBy ? { ownedBy } : {}),
      })),
      campaigns: (site.campaigns ?? []).map((campaign) => campaign.code),
      translationsComplete: site.translations === "complete",
      ...addresses,
    },
  };
}
