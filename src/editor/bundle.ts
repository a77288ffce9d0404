import { CacheStore } from "../cache/store.ts";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Where the editor's files live in the output (host/addresses.ts); every URL the rewrite writes points there.
import { ADMIN_DIR } from "../host/addresses.ts";

export { ADMIN_DIR };
export const ADMIN_SCRIPT = "sveltia-cms.js";
/** Beside the rewritten script in its cache entry: the fonts it names, as [shipped file, served name] pairs. */
const FONTS = "fonts.json";
/** The global through which site-editor.js tells the editor's asset dialog the language of the pane in use. */
export const PANE_LOCALE = "siteEditorPaneLocale";
/** The global through which site-editor.js names the content language entries are listed by (the interface's). */
export const LIST_LOCALE = "siteEditorListLocale";
/** The language of the preview whose image is being resolved, set only while Sveltia looks the image up. */
const PREVIEW_LOCALE = "siteEditorPreviewLocale";

/** Hosts the published bundle loads from at run time; none of them may be named in dist/admin/ (a test checks). */
const CDN_HOSTS = ["unpkg.com", "cdn.jsdelivr.net"];

/**
 * Where the bundle's loads from unpkg.com go instead. Only Immutable.js is shipped there (the editor hands
 * preview templates and event listeners Immutable maps); the loaders of widgets the site does not configure
 * (code highlighting, maps, image encoders) answer 404 and are never called.
 */
const MODULES_DIR = "modules";

/** Sentences of the sign-in screen that are not true in npm run dev, where no folder picker appears, by UI language. */
const DEV_SIGN_IN: Record<string, string> = {
  en: "In npm run dev this opens the working copy’s content/ folder: a save writes its files, and the site is rebuilt.",
  de: "In npm run dev öffnet dies den Ordner content/ der Arbeitskopie: Speichern schreibt seine Dateien, und die Website wird neu erstellt.",
};
const SIGN_IN_KEYS = ["work_with_local_repo_description", "work_with_local_repo_description_no_repo"];

// The package exports only its entry (npm/index.js); its root is two folders up.
const packageRoot = () => dirname(dirname(createRequire(import.meta.url).resolve("@sveltia/cms")));

/** The package version the rewrite was written against: a new one is taken deliberately (docs/editor-choice.md). */
function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Replaces every match of pattern, insisting on the expected count: a bundle whose shape changed must stop
 * the build, not silently fetch from a CDN again.
 */
function replaceExactly(
  text: string,
  pattern: RegExp,
  count: number,
  replacement: (match: string, ...groups: string[]) => string,
  what: string,
  version: string,
): string {
  let found = 0;
  const result = text.replace(pattern, (match, ...groups: string[]) => {
    found += 1;
    return replacement(match, ...groups);
  });
  if (found !== count)
    throw new Error(
      `@sveltia/cms ${version}: expected ${count} ${what} in its bundle, found ${found}; see docs/editor-choice.md before updating the editor`,
    );
  return result;
}

interface RewrittenBundle {
  script: string;
  /** File name in the package's npm/assets -> file name under /admin/fonts/. */
  fonts: Map<string, string>;
}

/** The version range the bundle asks unpkg.com for a dependency in, as its URL writes it (^5.1.9 -> 5.1.9). */
function dependencyVersion(root: string, name: string): string {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return (dependencies[name] ?? "").replace(/^\D/, "");
}

/**
 * Rewriting the 2 MB script is done once per package version and rewrite code, and kept beside the image cache.
 */

/**
 * The published single-file bundle with its CDN URLs pointed at this site: UI translations at
 * /admin/locales/, fonts at /admin/fonts/ (both from the same package), and the loaders of widgets
 * the site does not configure (code highlighting, maps, image encoders) at a path that answers 404.
 */
function rewrittenBundle(root: string, dev: boolean): RewrittenBundle {
  const version = packageVersion(root);
  let script = readFileSync(join(root, "dist", ADMIN_SCRIPT), "utf8");
  // The status notices of GitHub and GitLab (www.githubstatus.com, status.gitlab.com) are asked for on every
  // load and every five minutes: the backends lose their checkStatus, so nothing asks, and the addresses go.
  script = replaceExactly(script, /checkStatus:\w+,/g, 2, () => "", "backend status checks", version);
  script = replaceExactly(
    script,
    /`https:\/\/(?:www\.githubstatus\.com|status\.gitlab\.com|status-api\.hostedstatus\.com)\/[^`]*`/g,
    4,
    () => "``",
    "status page addresses",
    version,
  );
  // The update check fetches unpkg.com/@sveltia/cms/package.json; this site takes a new version deliberately.
  script = replaceExactly(
    script,
    /(\w+)=async\(\)=>\{try\{let (\w+)=await fetch\(\w+\);if\(!\2\.ok\)return;let\{version:(\w+)\}=await \2\.json\(\);return typeof \3==`string`&&\3\?\3:void 0\}catch\{return\}\}/g,
    1,
    (_match, name = "") => `${name}=async()=>{}`,
    "update check",
    version,
  );
  // An entry's "Entry Assets" are the files next to its first language's file, whichever pane asks: an English
  // page listed the German images. The folder (for the dialog's list, and for the path a picked file is written
  // with) is now that of the pane the author works in (PANE_LOCALE, set by site-editor.js), the first
  // language's only when no pane has been used.
  script = replaceExactly(
    script,
    /(\w+)\(Object\.values\((\w+)\.locales\)\[0\]\.path\)\.dirname/g,
    2,
    (_match, pathInfo = "", entry = "") =>
      `${pathInfo}((${entry}.locales[globalThis.${PANE_LOCALE}]??Object.values(${entry}.locales)[0]).path).dirname`,
    "entry asset folders",
    version,
  );
  // A file picked from Entry Assets was written as its bare name (diagram.png) whatever the collection's
  // public_folder ("./"), and the schemas and the build read a file next to the page as ./diagram.png, as an
  // upload is written: the picked path gets the same "./".
  script = replaceExactly(
    script,
    /if\((\w+)===(\w+)\)return (\w+)\.name;let (\w+)=`\$\{\2\}\/`;return \3\.path\.startsWith\(\4\)\?\3\.path\.slice\(\4\.length\):void 0/g,
    1,
    (_match, a = "", b = "", asset = "", prefix = "") =>
      `if(${a}===${b})return\`./\${${asset}.name}\`;let ${prefix}=\`\${${b}}/\`;return ${asset}.path.startsWith(${prefix})?\`./\${${asset}.path.slice(${prefix}.length)}\`:void 0`,
    "entry-relative picked path",
    version,
  );
  // A relative image (./diagram.png) was looked up next to the entry's default-language file whichever language
  // the preview shows: a German page's ./diagram-de.png, next to the German file, was drawn broken. The preview's
  // lookup now names its frame's language (the frame's <html lang>), and the lookup prefers that language's file;
  // the name is set and cleared around the lookup's synchronous part, so no other lookup sees it.
  script = replaceExactly(
    script,
    /let (\w+)=await (\w+)\(\{value:(\w+)\.getAttribute\(`src`\),(entry:[^}]*)\}\);\1&&\(\3\.src=\1\)/g,
    1,
    (_match, url = "", lookup = "", image = "", rest = "") =>
      `let ${url}=await(globalThis.${PREVIEW_LOCALE}=${image}.ownerDocument?.documentElement?.lang,(p=>(globalThis.${PREVIEW_LOCALE}=void 0,p))(${lookup}({value:${image}.getAttribute(\`src\`),${rest}})));${url}&&(${image}.src=${url})`,
    "preview image lookups",
    version,
  );
  script = replaceExactly(
    script,
    /\{path:(\w+),content:(\w+)\}=(\w+)\[(\w+) in \3\?\4:Object\.keys\(\3\)\[0\]\]/g,
    1,
    (_match, path = "", content = "", locales = "", fallback = "") =>
      `{path:${path},content:${content}}=${locales}[globalThis.${PREVIEW_LOCALE} in ${locales}?globalThis.${PREVIEW_LOCALE}:${fallback} in ${locales}?${fallback}:Object.keys(${locales})[0]]`,
    "entry-relative asset lookups",
    version,
  );
  // A paragraph that starts with a one-character word ("A test", "I think", "§ 5") lost it at the space. Each
  // block component with a multi-line pattern (callout, figure) is also a Markdown shortcut whose start is any
  // character (regExpStart /^./) and whose replace() does nothing; Lexical takes a replace() that does not return
  // false as done and deletes the "A " it matched. Returning false leaves the text alone; the components are
  // still read from Markdown (handleImportAfterStartMatch) and inserted from the toolbar. Reported upstream with
  // the reproduction in the commit message of this rewrite.
  script = replaceExactly(
    script,
    /(regExpStart:\/\^\.\/,regExpEnd:\{optional:!0,regExp:\/\.\$\/\},handleImportAfterStartMatch:[\s\S]{0,400}?replace:\(\)=>)void 0,/g,
    1,
    (_match, start = "") => `${start}!1,`,
    "Markdown shortcut of block components",
    version,
  );
  // The last keystroke before a language tab's click was lost ("„Wir stellen ein." without its closing quote):
  // after each change the rich-text field waits 100 ms, then hands its Markdown to the entry through an event on
  // its root element, and a tab switch within those 100 ms has removed that element, so the event goes nowhere.
  // Each change is handed over on its own either way (the wait batches nothing), so it is handed over in the next
  // task instead, long before any click can follow a key.
  script = replaceExactly(
    script,
    /(registerUpdateListener\(\(\)=>\{\w+\?\.isComposing\(\)\|\|\(async\(\)=>\{await \w+\()100(\),)/g,
    1,
    (_match, before = "", after = "") => `${before}0${after}`,
    "rich-text hand-over delay",
    version,
  );
  // A block's image, icon or consent is one value for every language (i18n: duplicate, editor/fields.ts): set on the
  // English tab, Sveltia copies it into the other languages' values at once, but not the block's `type`, which is no
  // field. The German tab then held a block of no type and drew "Dieses Element kann wegen eines unbekannten Typs
  // nicht angezeigt werden" in its place, before "Aus Englisch kopieren" and, in issue 59's walkthrough, after it
  // until the author switched tabs. The copy now brings along the `type` of each list item the value is in (the
  // blocks' type key, Sveltia's default name), where the other language has none.
  script = replaceExactly(
    script,
    /(\(\{draft:(\w+),getFieldArgs:(\w+),fieldConfig:\w+,sourceLanguage:(\w+),value:\w+\}\)=>\{let\{keyPath:(\w+)\}=\3;)(Object\.entries\(\2\.currentValues\)\.forEach\(\(\[(\w+),(\w+)\]\)=>\{[\s\S]{0,400}?\7!==\4&&\8\[\5\]!==(\w+)&&\(\8\[\5\]=\9\))\}\)\}/g,
    1,
    (_match, start = "", draft = "", _args = "", source = "", keyPath = "", loop = "", target = "", content = "") =>
      `${start}let siteSource=${draft}.currentValues[${source}];${loop},${target}!==${source}&&${keyPath}.split(\`.\`).forEach((part,index,parts)=>{if(!/^\\d+$/.test(part))return;let key=\`\${parts.slice(0,index+1).join(\`.\`)}.type\`;${content}[key]===void 0&&siteSource?.[key]!==void 0&&(${content}[key]=siteSource[key])})})}`,
    "duplicated values' block type",
    version,
  );
  // The preview pane's switch read "Englisch | Vorschau" while the German tab was open (issue 59's walkthrough): its
  // other buttons are the languages the pane can edit beside the form, and the author took "Englisch" for the
  // preview's language. The preview shows the form's language, so its button now says which: "Vorschau (Deutsch)",
  // in the interface's words for both (Sveltia's own "preview" and its name of the language), and follows the tab.
  const localeName =
    /let \w+=\w+\(\(\)=>(\w+)\((\w+)\)\?\?\2\),\w+=\w+\(\(\)=>!\w+\.current\?\.currentLocales\[\2\]\)/.exec(
      script,
    )?.[1];
  if (!localeName)
    throw new Error(
      `@sveltia/cms ${version}: the pane switch's language names are not in its bundle; see docs/editor-choice.md`,
    );
  script = replaceExactly(
    script,
    /let (\w+)=(\w+)\(\(\)=>(\w+)\(`preview`\)\),(\w+=\2\(\(\)=>\w+\(\)\.current\?\.mode===`preview`\);[\s\S]{0,400}?onSelect:\(\)=>\{\w+\(\)\.current=\{mode:`preview`,locale:(\w+)\(\)\.current\.locale\}\})/g,
    1,
    (_match, label = "", derived = "", say = "", rest = "", form = "") =>
      `let ${label}=${derived}(()=>{let shown=${form}().current?.locale;return shown?\`\${${say}(\`preview\`)} (\${${localeName}(shown)??shown})\`:${say}(\`preview\`)}),${rest}`,
    "preview button's label",
    version,
  );
  // After a save Sveltia closed the entry for its collection's list (its setting "Close the editor after saving",
  // on unless changed): the author saw neither the saved entry nor its preview and opened it again to go on (issue
  // 54's walkthrough). The setting's default is now off; an author who wants the list back turns it on in Settings.
  script = replaceExactly(
    script,
    /(\.closeOnSave\?\?=?)!0/g,
    2,
    (_match, before = "") => `${before}!1`,
    "close-on-save default",
    version,
  );
  // Lists, the entry's heading and search named each entry by its default language's title: a German author met
  // "Privacy Policy" and her new page by its English title (issue 54). An entry is now named in the interface's
  // language (LIST_LOCALE, set by site-editor.js) where it has content in it (a language switched off for the entry
  // is there, empty), and in the default language otherwise;
  // a caller that names a language (a list filtered by one) keeps it.
  script = replaceExactly(
    script,
    /(\{content:\w+=\{\},path:\w+=``\}=(\w+)\[\w+\?\?)(\w+)(\]\?\?Object\.values\(\2\)\[0\])/g,
    1,
    (_match, before = "", locales = "", fallback = "", after = "") =>
      `${before}(Object.keys(${locales}[globalThis.${LIST_LOCALE}]?.content??{}).length?globalThis.${LIST_LOCALE}:${fallback})${after}`,
    "entry summaries' language",
    version,
  );
  // maximum-scale=1 stops a phone's reader from zooming (WCAG 1.4.4); the rest of the viewport stays.
  script = replaceExactly(script, /`maximum-scale=1`,/g, 1, () => "", "viewport zoom limit", version);
  if (dev)
    script = replaceExactly(
      script,
      new RegExp(`(${SIGN_IN_KEYS.join("|")}):\`[^\`]*\``, "g"),
      2,
      (_match, key = "") => `${key}:\`${DEV_SIGN_IN.en}\``,
      "sign-in sentences",
      version,
    );
  script = replaceExactly(
    script,
    /`\$\{\w+\}@\$\{\w+\}\/locales`/g,
    1,
    () => `\`/${ADMIN_DIR}/locales\``,
    "UI translation URL",
    version,
  );
  const assets = readdirSync(join(root, "npm", "assets"));
  const fonts = new Map<string, string>();
  script = replaceExactly(
    script,
    /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g,
    3,
    (_match, family = "", subset = "") => {
      const file = `${family}-${subset}.woff2`;
      const shipped = assets.find((name) => name.startsWith(`${family}-${subset}-`) && name.endsWith(".woff2"));
      if (!shipped) throw new Error(`@sveltia/cms ${version}: the font ${file} is not in npm/assets`);
      fonts.set(shipped, file);
      return `/${ADMIN_DIR}/fonts/${file}`;
    },
    "CDN font URLs",
    version,
  );
  script = script.replaceAll("https://unpkg.com/", `/${ADMIN_DIR}/${MODULES_DIR}/`);
  for (const host of CDN_HOSTS) script = script.replaceAll(`https://${host}/`, `/${ADMIN_DIR}/unavailable/${host}/`);
  return { script, fonts };
}

/**
 * The rewritten script and the font names, from the cache (cache/store.ts, which holds both files to their digests:
 * one damaged from outside, by a restore, a disk or a tool writing into dist/admin/, is dropped, made again, said in
 * the store's `damaged`, and never published) or made and cached now.
 */
function cachedBundle(root: string, cache: CacheStore, dev: boolean): { script: string; fonts: Map<string, string> } {
  const entry = cache.entry("sveltia", `${packageVersion(root)}\0${dev ? "dev" : "site"}`);
  let fonts = entry.read()?.get(FONTS);
  if (!fonts) {
    const rewritten = rewrittenBundle(root, dev);
    entry.write({ [ADMIN_SCRIPT]: rewritten.script, [FONTS]: JSON.stringify([...rewritten.fonts]) });
    fonts = Buffer.from(JSON.stringify([...rewritten.fonts]));
  }
  return {
    script: entry.path(ADMIN_SCRIPT),
    fonts: new Map(JSON.parse(fonts.toString("utf8")) as [string, string][]),
  };
}

/** UI languages shipped: English (the fallback) and every language of the site that the editor speaks. */
function uiLocales(root: string, siteLanguages: readonly string[]): string[] {
  return readdirSync(join(root, "locales")).filter((file) => {
    const code = file.replace(/\.json$/, "");
    return (
      code.startsWith("en") || siteLanguages.some((language) => code === language || code.startsWith(`${language}-`))
    );
  });
}

/** Every language Sveltia's interface speaks (its locales folder): the one it shows is chosen among them. */
export const interfaceLocales = (): string[] =>
  readdirSync(join(packageRoot(), "locales")).map((file) => file.replace(/\.json$/, ""));

/**
 * Sveltia's sentences its translation of a language lacks (it falls back to English for them), by language: the
 * German file has 111 gaps, among them "Show Errors" beside a refused save. Every one an author can meet is filled;
 * the configuration's own errors (config.*) are not, since they speak to whoever writes the editor's configuration.
 */
const INTERFACE_GAPS: Record<string, URL> = { de: new URL("./interface-de.json", import.meta.url) };

type Strings = { [key: string]: string | Strings };

/** `strings` with every key of `gaps` it lacks, at any depth; a sentence the package has is kept. */
function fillGaps(strings: Strings, gaps: Strings): Strings {
  const filled: Strings = { ...strings };
  for (const [key, value] of Object.entries(gaps)) {
    const own = filled[key];
    if (own === undefined) filled[key] = value;
    else if (typeof own === "object" && typeof value === "object") filled[key] = fillGaps(own, value);
  }
  return filled;
}

/**
 * A UI translation as shipped, its gaps filled (INTERFACE_GAPS); in npm run dev its sign-in sentences say what the
 * local mode does there.
 */
function localeFile(root: string, file: string, dev: boolean): string {
  const text = readFileSync(join(root, "locales", file), "utf8");
  const language = file.replace(/[-.].*$/, "");
  const sentence = DEV_SIGN_IN[language];
  const gaps = INTERFACE_GAPS[language];
  if ((!dev || sentence === undefined) && gaps === undefined) return text;
  let strings = JSON.parse(text) as Strings;
  if (gaps) strings = fillGaps(strings, JSON.parse(readFileSync(gaps, "utf8")) as Strings);
  if (dev && sentence !== undefined) for (const key of SIGN_IN_KEYS) strings[key] = sentence;
  return JSON.stringify(strings);
}

/**
 * The editor's script, fonts and UI translations under out/admin/, Immutable.js and the React DOM chunk it loads
 * for preview templates; `cacheDir` keeps the rewritten script between builds. `dev`: the npm run dev variant.
 */
export function writeEditorBundle(
  out: string,
  siteLanguages: readonly string[],
  { cacheDir, dev }: { cacheDir: string; dev: boolean },
): string[] {
  const root = packageRoot();
  const cache = new CacheStore(cacheDir, { sources: [new URL(import.meta.url)] });
  const { script, fonts } = cachedBundle(root, cache, dev);
  const dir = join(out, ADMIN_DIR);
  mkdirSync(join(dir, "fonts"), { recursive: true });
  mkdirSync(join(dir, "locales"), { recursive: true });
  mkdirSync(join(dir, "chunks"), { recursive: true });
  copyFileSync(script, join(dir, ADMIN_SCRIPT));
  for (const [shipped, file] of fonts) copyFileSync(join(root, "npm", "assets", shipped), join(dir, "fonts", file));
  for (const file of uiLocales(root, siteLanguages))
    writeFileSync(join(dir, "locales", file), localeFile(root, file, dev));
  // Next to the script, where the bundle looks for its chunks first.
  copyFileSync(join(root, "dist", "chunks", "react-dom.js"), join(dir, "chunks", "react-dom.js"));
  // Where the bundle asks for it: unpkg's path, under /admin/modules/ (the range it names; npm installed a version in it).
  const immutable = join(dir, MODULES_DIR, `immutable@${dependencyVersion(root, "immutable")}`, "dist");
  mkdirSync(immutable, { recursive: true });
  copyFileSync(
    createRequire(join(root, "package.json")).resolve("immutable/dist/immutable.es.js"),
    join(immutable, "immutable.es.js"),
  );
  return cache.damaged;
}
