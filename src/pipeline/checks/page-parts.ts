import { digestOf } from "../../cache/digest.ts";
import { ownCopy } from "../html/own-copy.ts";
import { attributeOf, opensElement, startTags, tokensOf } from "../html/reader.ts";

/**
 * Attributes of the chrome (everything of a page outside its <main>) whose values change from page to page
 * while the markup around them stays the same: the canonical and alternate links, the language button's
 * target, the Open Graph values, the feed link's title, the page's own name on <body>. No rule of the
 * validation configuration reads these values (html-validate checks that they are allowed on their element,
 * and an href only against allowed-links, which allows every kind): the link and hreflang checks read them
 * on every page instead. The <title> text and the JSON-LD body are per-page too; the title goes into the
 * document that validates the page's own part, so empty-title still sees every page's.
 */
const PER_PAGE_ATTRIBUTES = ["href", "content", "data-page", "title"] as const;

/** Attributes that name other elements by id: a chrome whose references leave the chrome is validated whole on every page. */
const REFERENCES = [
  "for",
  "form",
  "list",
  "headers",
  "aria-labelledby",
  "aria-describedby",
  "aria-controls",
  "aria-owns",
  "aria-details",
  "aria-errormessage",
  "aria-activedescendant",
  "popovertarget",
];

/** Landmark elements: two of a kind need different names (unique-landmark), also when one is in the chrome and one in the page's part. */
const LANDMARKS = new Set(["header", "nav", "footer", "aside", "search"]);
const LANDMARK_ROLES = new Set(["banner", "navigation", "contentinfo", "complementary", "search", "region"]);

const MASK = new RegExp(`\\s(${PER_PAGE_ATTRIBUTES.join("|")})="[^"]*"`, "g");

export interface PageParts {
  /** The chrome with its per-page values masked: pages with the same key differ in their chrome only by those values. */
  chromeKey: string;
  /**
   * The chrome's tags that carry per-page values, as written, in document order. A later page of the kind gets
   * those of its tags that differ from its reference page's (the page of the kind validated before it) copied into
   * its document, so that each per-page value is validated too, not only the markup around it.
   */
  valued: string[];
  /**
   * The page's own part (its <main>, inside the chrome's elements that are open around it) as a document of its
   * own, with its <html> and <body> tags, its <title>, its per-page values that differ from the reference's, and
   * stand-ins for what of the chrome reaches across the seam: every id, every heading, every landmark with its
   * name. Undefined for the first page of its kind (no reference), and where a differing per-page value sits on
   * a tag that cannot be copied alone: such a page is validated whole.
   */
  document: string | undefined;
  /** Where the document's pieces are in the page: a problem is reported at the page's own line and column. */
  pieces: { at: number; length: number; from: number }[];
  /** The page's offset of <main>: where a problem of a stand-in (a clash across the seam) is reported. */
  seam: number;
}

/** The stand-ins for a stretch of the chrome's body: ids, headings and landmarks, in document order. */
function standIns(chrome: string, skipped: ReadonlySet<string> = new Set()): string {
  let out = "";
  for (const { text: tag, name: lower } of startTags(chrome)) {
    if (skipped.has(lower)) continue;
    const id = attributeOf(tag, "id");
    const idAttribute = id === undefined ? "" : ` id="${id}"`;
    const role = attributeOf(tag, "role");
    const label = attributeOf(tag, "aria-label");
    const named = `${idAttribute}${role === undefined ? "" : ` role="${role}"`}${label === undefined ? "" : ` aria-label="${label}"`}`;
    if (/^h[1-6]$/.test(lower)) out += `<${lower}${idAttribute}>·</${lower}>`;
    else if (LANDMARKS.has(lower)) out += `<${lower}${named}></${lower}>`;
    else if (role !== undefined && LANDMARK_ROLES.has(role)) out += `<div${named}></div>`;
    else if (id !== undefined) out += `<div${idAttribute}></div>`;
  }
  return out;
}

const idsIn = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1] ?? "");
const referencesIn = (html: string) =>
  [...html.matchAll(new RegExp(`\\s(?:${REFERENCES.join("|")})="([^"]*)"`, "gi"))].flatMap((match) =>
    (match[1] ?? "").split(/\s+/).filter(Boolean),
  );

/**
 * What pages with the same chrome (the same key) have in common: none of it reads a per-page value, so it is
 * worked out once per kind of chrome, not for each of its pages.
 */
interface ChromeFacts {
  /**
   * False where the page cannot be split safely: a form or a section in the chrome, a reference out of it, or an
   * element around <main> that a stand-in stands for (an id, a landmark, a heading), which would then be there twice.
   */
  splittable: boolean;
  /** How many of the chrome's elements are open around <main>: copied around it, so its content is checked inside them. */
  around: number;
  /** The stand-ins for the chrome before and after <main>. */
  before: string;
  after: string;
}
/** What is known of each chrome seen in one run of the checks, by its key: made per run, so it never outlives one. */
export type ChromeMemo = Map<string, ChromeFacts>;

function factsOf(chrome: string, before: string, after: string, headEnd: number, around: string[]): ChromeFacts {
  // A form or a section in the chrome would need a stand-in with content of its own: such pages are validated whole.
  const chromeIds = new Set(idsIn(chrome));
  const splittable =
    startTags(before.slice(headEnd), WHOLE_ONLY).next().done === true &&
    startTags(after, WHOLE_ONLY).next().done === true &&
    referencesIn(chrome).every((id) => chromeIds.has(id)) &&
    around.every((tag) => standIns(tag) === "");
  const headStart = before.indexOf("<head>");
  const head = before.slice(headStart < 0 ? 0 : headStart + "<head>".length, headEnd);
  // Strings of their own: kept for the whole build, made of slices they would hold the page they came from.
  return {
    splittable,
    around: around.length,
    before: ownCopy(standIns(head, NOT_IN_HEAD) + standIns(before.slice(headEnd))),
    after: ownCopy(standIns(after)),
  };
}

/** Elements in the chrome that need a stand-in with content of their own: their pages are validated whole. */
const WHOLE_ONLY: ReadonlySet<string> = new Set(["form", "section"]);
/** The head's elements that no stand-in stands for (their ids are not the body's). */
const NOT_IN_HEAD: ReadonlySet<string> = new Set(["title", "script", "style"]);

/** The <html> start tag and the <title> (at its "<title>": its text and its whole length) of a page's head. */
function headTags(before: string) {
  let htmlTag: { at: number; text: string } | undefined;
  let title: { at: number; text: string; length: number } | undefined;
  let titleAt = -1;
  for (const token of tokensOf(before)) {
    if (token.kind === "start" && token.name === "html" && !htmlTag) htmlTag = token;
    else if (token.kind === "start" && token.name === "title" && token.text === "<title>" && !title) titleAt = token.at;
    else if (titleAt >= 0 && token.kind === "end" && token.name === "title" && token.text === "</title>") {
      const text = before.slice(titleAt + "<title>".length, token.at);
      title = { at: titleAt, text, length: token.at + token.text.length - titleAt };
      titleAt = -1;
    } else if (titleAt >= 0 && !token.raw) titleAt = -1;
    if (htmlTag && title) break;
  }
  return { htmlTag, title };
}

/**
 * The chrome with the text of its (first) <title> and of its JSON-LD blocks left out: per-page, as the masked
 * attributes. An icon's <title> further on is the chrome's own and stays.
 */
function withoutPerPageText(chrome: string): string {
  let out = "";
  let copied = 0;
  let perPage = false;
  let titled = false;
  for (const token of tokensOf(chrome)) {
    if (token.kind === "start") {
      perPage =
        (token.name === "title" && !titled) ||
        (token.name === "script" && attributeOf(token.text, "type") === "application/ld+json");
      titled ||= token.name === "title";
    } else if (token.raw && perPage) {
      out += chrome.slice(copied, token.at);
      copied = token.at + token.text.length;
    }
  }
  return out + chrome.slice(copied);
}

/** The elements open at `end` that opened after `start` (the body's start tag), outermost first: where each start tag is. */
function openAround(html: string, start: number, end: number): { at: number; tag: string; name: string }[] {
  const open: { at: number; tag: string; name: string }[] = [];
  for (const token of tokensOf(html, start)) {
    if (token.at >= end) break;
    if (token.kind === "end") {
      const at = open.findLastIndex((element) => element.name === token.name);
      if (at >= 0) open.length = at;
    } else if (opensElement(token)) open.push({ at: token.at, tag: token.text, name: token.name });
  }
  return open;
}

/** The chrome's tags that carry a per-page value: where each is in the page. */
function valuedTags(html: string, from: number, to: number): { at: number; tag: string; name: string }[] {
  const found: { at: number; tag: string; name: string }[] = [];
  const values = new RegExp(MASK.source, "g");
  values.lastIndex = from;
  for (let match = values.exec(html); match && match.index < to; match = values.exec(html)) {
    const at = html.lastIndexOf("<", match.index);
    if (found.at(-1)?.at === at) continue;
    const tag = html.slice(at, html.indexOf(">", match.index) + 1);
    found.push({ at, tag, name: tokensOf(tag).next().value?.name ?? "" });
  }
  return found;
}

/**
 * A page split into its chrome and its own part, or undefined where it cannot be split safely (no single
 * <main>, a form or a section in the chrome, or a chrome that refers to an id outside itself): such a page
 * is validated whole. `referenceOf` gives, for the page's kind, the `valued` of the page of that kind validated
 * before this one: the per-page values that differ from it are copied into the document. Without one, the page
 * is its kind's first and no document is made. `chromeFacts` carries what one run has learnt of each chrome.
 */
export function pageParts(
  html: string,
  referenceOf: (chromeKey: string) => readonly string[] | undefined = () => undefined,
  chromeFacts: ChromeMemo = new Map(),
): PageParts | undefined {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return undefined;
  const opening = /<main[\s>]/g;
  opening.lastIndex = headEnd;
  const seam = opening.exec(html)?.index;
  if (seam === undefined) return undefined;
  const mainTagEnd = html.indexOf(">", seam) + 1;
  const mainClose = html.lastIndexOf("</main>");
  if (mainTagEnd === 0 || mainClose < mainTagEnd) return undefined;
  const mainEnd = mainClose + "</main>".length;
  const before = html.slice(0, seam);
  const after = html.slice(mainEnd);
  const mainTag = html.slice(seam, mainTagEnd);
  const chrome = `${before}${mainTag}</main>${after}`;
  const { htmlTag, title } = headTags(before);
  const bodyAt = html.indexOf("<body", headEnd);
  if (!htmlTag || !title || bodyAt < 0 || bodyAt > seam) return undefined;
  const bodyEnd = html.indexOf(">", bodyAt) + 1;

  const masked = withoutPerPageText(chrome).replace(MASK, ' $1=""');
  const chromeKey = digestOf(masked, "base64url");
  let facts = chromeFacts.get(chromeKey);
  if (!facts) {
    facts = factsOf(
      chrome,
      before,
      after,
      headEnd,
      openAround(html, bodyEnd, seam).map(({ tag }) => tag),
    );
    chromeFacts.set(chromeKey, facts);
  }
  if (!facts.splittable) return undefined;

  const valuedHere = [
    ...valuedTags(html, 0, seam).filter(({ at }) => at < title.at || at > title.at + title.length),
    ...valuedTags(html, mainEnd, html.length),
  ].filter(({ name }) => name !== "script");
  const valued = valuedHere.map(({ tag }) => tag);
  const reference = referenceOf(chromeKey);
  const differing = valuedHere.filter(
    ({ tag }, index) => reference?.length !== valued.length || reference[index] !== tag,
  );

  const pieces: PageParts["pieces"] = [];
  let document = "<!DOCTYPE html>";
  const copy = (from: number, length: number) => {
    pieces.push({ at: document.length, length, from });
    document += html.slice(from, from + length);
  };
  const parts = (documentOrUndefined: string | undefined): PageParts => ({
    chromeKey,
    valued,
    document: documentOrUndefined,
    pieces,
    seam,
  });
  // A differing value on the <html> tag is copied with it; on <body>, a <link>, a <meta> or an <a>, the tag is
  // copied; anywhere else (or on a tag with an id, which a stand-in already stands for) the page is validated whole.
  const copyable = ({ name, tag }: { name: string; tag: string }) =>
    ["html", "body", "link", "meta", "a"].includes(name) && attributeOf(tag, "id") === undefined;
  if (!reference || !differing.every(copyable)) return parts(undefined);
  copy(htmlTag.at, htmlTag.text.length);
  document += "<head><title>";
  copy(title.at + "<title>".length, title.text.length);
  document += "</title>";
  for (const { at, tag, name } of differing) if (name === "link" || name === "meta") copy(at, tag.length);
  document += "</head>";
  if (differing.some(({ name }) => name === "body")) copy(bodyAt, bodyEnd - bodyAt);
  else document += "<body>";
  for (const { at, tag, name } of differing)
    if (name === "a") {
      copy(at, tag.length);
      document += "·</a>";
    }
  document += facts.before;
  // The elements of the chrome open around <main>, so that its content is checked where it stands.
  const around = facts.around === 0 ? [] : openAround(html, bodyEnd, seam);
  for (const { at, tag } of around) copy(at, tag.length);
  copy(seam, mainEnd - seam);
  for (const { name } of around.toReversed()) document += `</${name}>`;
  document += facts.after;
  document += "</body></html>";
  return parts(document);
}

/** The page's offset of a problem found at `offset` of the part's document. */
export function pageOffset(parts: Pick<PageParts, "pieces" | "seam">, offset: number): number {
  const piece = parts.pieces.find(({ at, length }) => offset >= at && offset <= at + length);
  return piece ? piece.from + (offset - piece.at) : parts.seam;
}

/** 1-based line and column of an offset. */
export function lineAndColumn(html: string, offset: number): { line: number; column: number } {
  const before = html.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}
