import type { Problem } from "../../content/read/errors.ts";
import type { PageKind, Route } from "../../routes/route.ts";
import { findInvisible } from "../../content/read/guards.ts";
import { type Blame, outputProblem } from "./blame.ts";
import { isAbsoluteUrl, isDateTime } from "./xml.ts";
import { attributeOf, tokensOf } from "../html/reader.ts";

const RULE = "structured-data";

/** A property's check: undefined when the value is right, else what is wrong with it. */
type Check = (value: unknown, path: string) => string | undefined;
interface Promised {
  required: Record<string, Check>;
  optional?: Record<string, Check>;
}

const text: Check = (value) => (typeof value === "string" && value.trim() !== "" ? undefined : "must be a text");
const url: Check = (value) =>
  typeof value === "string" && isAbsoluteUrl(value) ? undefined : `"${String(value)}" must be an absolute URL`;
const date: Check = (value) =>
  typeof value === "string" && isDateTime(value) ? undefined : `"${String(value)}" must be an ISO 8601 date-time`;
const position: Check = (value) => (Number.isInteger(value) && (value as number) > 0 ? undefined : "must be 1, 2, …");
const list =
  (item: Check): Check =>
  (value, path) =>
    Array.isArray(value) && value.length > 0
      ? value.map((each, index) => item(each, `${path}[${index}]`)).find(Boolean)
      : "must be a list";
/** A reference to a node by its @id alone (the company, the website), resolved against every page's graph. */
const reference: Check = (value) =>
  value &&
  typeof value === "object" &&
  Object.keys(value).join() === "@id" &&
  isAbsoluteUrl(String((value as Node)["@id"]))
    ? undefined
    : "must be a reference { @id } to a node of the site";
const node =
  (type: string): Check =>
  (value, path) =>
    value && typeof value === "object" && (value as Node)["@type"] === type
      ? nodeProblems(value as Node, path)[0]
      : `must be a ${type}`;
const either =
  (...checks: Check[]): Check =>
  (value, path) => {
    const results = checks.map((check) => check(value, path));
    return results.includes(undefined) ? undefined : results[0];
  };

/**
 * The schema.org types and properties the site promises (README, "How it is built"; src/components/structured-data.ts),
 * and no others: the company in full on the home pages as a ProfessionalService with its address (what Google needs
 * of a local business), the WebSite, a BreadcrumbList below them, and on a section's pages a BlogPosting that names
 * the company as an Organization.
 */
export const PROMISES: Record<string, Promised> = {
  ProfessionalService: {
    required: { "@id": url, name: text, url, address: node("PostalAddress") },
    optional: {
      legalName: text,
      description: text,
      email: text,
      telephone: text,
      logo: node("ImageObject"),
      image: url,
      vatID: text,
      areaServed: text,
      knowsLanguage: list(text),
      sameAs: list(url),
    },
  },
  PostalAddress: { required: { streetAddress: text, postalCode: text, addressLocality: text, addressCountry: text } },
  ImageObject: { required: { url } },
  Organization: { required: { "@id": url, name: text, url } },
  WebSite: { required: { "@id": url, name: text, url, publisher: reference }, optional: { inLanguage: list(text) } },
  BreadcrumbList: { required: { itemListElement: list(node("ListItem")) } },
  ListItem: { required: { position, name: text, item: url } },
  BlogPosting: {
    required: {
      "@id": url,
      headline: text,
      url,
      author: either(node("Person"), reference),
      publisher: reference,
      image: list(url),
    },
    optional: {
      description: text,
      mainEntityOfPage: node("WebPage"),
      inLanguage: text,
      datePublished: date,
      dateModified: date,
      isPartOf: reference,
    },
  },
  WebPage: { required: { "@id": url } },
  Person: { required: { name: text }, optional: { jobTitle: text, image: url, worksFor: reference } },
};

/** The types each kind of page carries at the top of its graph. */
const TOP_LEVEL: Record<PageKind, readonly string[]> = {
  home: ["ProfessionalService", "WebSite"],
  page: ["BreadcrumbList", "BlogPosting", "Organization"],
  section: ["BreadcrumbList"],
  impressum: ["BreadcrumbList"],
  tag: ["BreadcrumbList"],
  search: ["BreadcrumbList"],
  notFound: [],
};

type Node = Record<string, unknown>;

function nodeProblems(value: Node, path: string): string[] {
  const type = String(value["@type"]);
  const promise = PROMISES[type];
  if (!promise) return [`${path}: "${type}" is not a type the site promises`];
  const problems: string[] = [];
  for (const [name, check] of Object.entries(promise.required)) {
    if (value[name] === undefined) problems.push(`${path}: a ${type} needs ${name}`);
    else {
      const problem = check(value[name], `${path}.${name}`);
      if (problem) problems.push(`${path}.${name} ${problem}`);
    }
  }
  for (const [name, item] of Object.entries(value)) {
    if (name === "@type" || name in promise.required) continue;
    const check = promise.optional?.[name];
    if (!check) problems.push(`${path}.${name} is not a property the site promises of a ${type}`);
    else {
      const problem = check(item, `${path}.${name}`);
      if (problem) problems.push(`${path}.${name} ${problem}`);
    }
  }
  if (type === "BreadcrumbList" && Array.isArray(value.itemListElement)) {
    const positions = value.itemListElement.map((item) => (item as Node).position);
    if (positions.some((at, index) => at !== index + 1))
      problems.push(`${path}.itemListElement: positions must run 1, 2, …`);
  }
  return problems;
}

/** The JSON-LD blocks of a page as the HTML parser reads a script's text: everything up to the first "</script". */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  let block: string | undefined;
  for (const token of tokensOf(html)) {
    if (token.kind === "start" && token.name === "script" && attributeOf(token.text, "type") === JSON_LD) block = "";
    else if (token.raw && block !== undefined) block += token.text;
    else if (token.kind === "end" && block !== undefined) {
      blocks.push(block);
      block = undefined;
    }
  }
  return blocks;
}

const JSON_LD = "application/ld+json";

/** Every @id a graph defines (a node with more than its @id) and every one it refers to. */
function ids(value: unknown, defined: Set<string>, referred: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) ids(item, defined, referred);
  else if (value && typeof value === "object") {
    const id = (value as Node)["@id"];
    if (typeof id === "string") (Object.keys(value).length > 1 ? defined : referred).add(id);
    for (const item of Object.values(value)) ids(item, defined, referred);
  }
}

/** The @ids a page's graph defines (a node with properties) and refers to (a node with its @id alone). */
export interface PageIds {
  defined: string[];
  referred: string[];
}

/**
 * The structured data of every built page, as a search engine reads it: each JSON-LD block parses, holds one graph of
 * the types its kind of page promises, each with the properties promised (text not empty, addresses absolute, dates
 * ISO 8601) and no others, and every reference names a node some page of the site defines. Each problem names the
 * content file and line behind the value.
 */
export class StructuredDataCheck {
  private readonly defined = new Set<string>();
  private readonly referred = new Map<string, { route: Route; file: string }>();
  readonly problems: Problem[] = [];

  constructor(private readonly blame: Blame) {}

  /** Checks a page's JSON-LD and returns the ids its graph defines and refers to. */
  page(html: string, file: string, route: Route): PageIds {
    const found = { defined: new Set<string>(), referred: new Set<string>() };
    const report = (value: string, message: string) =>
      this.problems.push(outputProblem(this.blame.of(value, this.blame.filesOf(route)), file, message, RULE));
    const blocks = jsonLdBlocks(html);
    if (blocks.length > (route.indexable ? 1 : 0) || (route.indexable && blocks.length === 0))
      report(
        "",
        `${blocks.length} JSON-LD blocks; a ${route.indexable ? "page" : "page that is not indexed"} has ${route.indexable ? "one" : "none"}`,
      );
    for (const block of blocks) {
      let data: Node;
      try {
        data = JSON.parse(block) as Node;
      } catch (error) {
        report(block, `its JSON-LD does not parse: ${(error as Error).message}`);
        continue;
      }
      if (data["@context"] !== "https://schema.org" || !Array.isArray(data["@graph"])) {
        report("", `its JSON-LD is not one schema.org @graph`);
        continue;
      }
      (data["@graph"] as Node[]).forEach((item, index) => {
        const type = String(item?.["@type"]);
        const path = `@graph[${index}]`;
        if (!TOP_LEVEL[route.kind].includes(type))
          report(
            "",
            `${path}: a ${type} is not what a ${route.kind} page promises (${TOP_LEVEL[route.kind].join(", ")})`,
          );
        else
          for (const problem of nodeProblems(item, path)) {
            const value = /"([^"]*)"/.exec(problem)?.[1] ?? valueAt(item, problem);
            report(value, `its JSON-LD ${problem}`);
          }
      });
      const invisible = stringsOf(data).find((value) => findInvisible(value) !== undefined);
      if (invisible !== undefined) {
        const char = findInvisible(invisible)?.char ?? "";
        const point = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
        report(invisible, `its JSON-LD holds the character ${point}, which no text may hold ("${invisible}")`);
      }
      ids(data["@graph"], found.defined, found.referred);
    }
    const page = { defined: [...found.defined], referred: [...found.referred] };
    this.known(file, route, page);
    return page;
  }

  /** A page checked before and unchanged since: only its ids take part in the check of references. */
  known(file: string, route: Route, page: PageIds): void {
    for (const id of page.defined) this.defined.add(id);
    for (const id of page.referred) if (!this.referred.has(id)) this.referred.set(id, { route, file });
  }

  /** After every page: the references no page's graph defines. */
  finish(): Problem[] {
    for (const [id, { route, file }] of this.referred)
      if (!this.defined.has(id))
        this.problems.push(
          outputProblem(
            this.blame.of(id, this.blame.filesOf(route)),
            file,
            `its JSON-LD refers to ${id}, which no page defines`,
            RULE,
          ),
        );
    return this.problems;
  }
}

/** The value a problem is about, for finding its content (the text after the path's last key). */
function valueAt(item: Node, problem: string): string {
  const key = /\.([\w@]+) /.exec(problem)?.[1];
  const value = key ? item[key] : undefined;
  return typeof value === "string" ? value : "";
}

/** Every string of a parsed JSON value, as JSON.parse decoded it (its \u0000 escapes included). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}
