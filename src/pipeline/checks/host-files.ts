import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "../../content/read/errors.ts";
import { ASSET_DIR, plainPathProblem } from "../../host/addresses.ts";
import { headersFor, parseHeadersFile } from "../../host/headers-file.ts";
import {
  ADMIN_PATH,
  adminHeaders,
  answerHeaders,
  type FramedPage,
  HOST_FILES,
  IMMUTABLE_CACHE,
  mediaTypeOf,
  type PolicyInputs,
  REVALIDATE_CACHE,
  securityHeaders,
} from "../../host/policy.ts";
import { type Origin, outputProblem } from "./blame.ts";

const RULE = "host-files";

export interface HostFilesExpectation {
  policy: PolicyInputs;
  /** Every page's URL path, with the frames its policy allows. */
  pages: { path: string; frames: readonly string[] }[];
  framed: readonly FramedPage[];
  editorOrigins: readonly string[];
  /** The files besides pages whose media type the hosts get from _headers (feeds, sitemap, favicon.ico). */
  typed: readonly string[];
  /** One URL path under /assets/. */
  asset?: string;
}

/** A header value as an HTTP field value must be (RFC 9110): visible ASCII, spaces and tabs, nothing that ends a line. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

type Headers = Map<string, string>;
const headerMap = (entries: Iterable<[string, string]>): Headers => {
  const map: Headers = new Map();
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    map.set(key, map.has(key) ? `${map.get(key)}, ${value}` : value);
  }
  return map;
};

/** Where two values part: the first character that differs, with a little of each around it. */
function parting(got: string, wanted: string): string {
  let at = 0;
  while (at < got.length && got[at] === wanted[at]) at += 1;
  const show = (value: string) => JSON.stringify(`${at > 20 ? "…" : ""}${value.slice(Math.max(0, at - 20), at + 30)}`);
  return `from character ${at + 1} on it is ${show(got)} where the policy has ${show(wanted)}`;
}

/** The differences between what a host would send and what the policy says, one line each. */
function differences(sent: Headers, expected: Headers): string[] {
  const lines: string[] = [];
  for (const [name, value] of expected) {
    const got = sent.get(name);
    if (got === undefined) lines.push(`${name} is missing`);
    else if (got !== value) lines.push(`${name}: ${parting(got, value)}`);
  }
  for (const name of sent.keys()) if (!expected.has(name)) lines.push(`${name} is sent, the policy has no such header`);
  return lines;
}

/** One nginx directive as nginx reads it: its name, its arguments (quotes and escapes undone) and its block. */
interface Directive {
  name: string;
  args: string[];
  /** Whether an argument was written in quotes with a "$" in it, which nginx would expand as a variable. */
  variables: string[];
  block?: Directive[];
}

/**
 * nginx's configuration syntax, as much of it as the build's includes use: words and quoted strings (with \" and
 * \\ escapes), ";" ending a directive, "{ … }" its block, "#" comments. Unbalanced input is an error.
 */
export function readNginx(text: string): Directive[] {
  const tokens: string[] = [];
  const variables = new Set<number>();
  const pattern = /\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/gy;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [whole, double, single, punctuation, word] = match;
    if (punctuation) tokens.push(punctuation);
    else if (double !== undefined || single !== undefined) {
      const value = (double ?? single ?? "").replace(/\\(.)/g, "$1");
      if (/\$[\w{]/.test(value)) variables.add(tokens.length);
      tokens.push(`"${value}`);
    } else if (word !== undefined) {
      if (/\$[\w{]/.test(word)) variables.add(tokens.length);
      tokens.push(` ${word}`);
    } else if (whole.trim() !== "" && !whole.startsWith("#")) throw new Error(`cannot read "${whole}"`);
    if (pattern.lastIndex === text.length) break;
  }
  if (pattern.lastIndex !== text.length && text.slice(pattern.lastIndex).trim() !== "")
    throw new Error(`cannot read "${text.slice(pattern.lastIndex, pattern.lastIndex + 20)}"`);
  let at = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length) {
      if (tokens[at] === "}") {
        if (!nested) throw new Error("a } closes no block");
        at += 1;
        return directives;
      }
      const start = at;
      const words: string[] = [];
      while (at < tokens.length && !["{", "}", ";"].includes(tokens[at] ?? ""))
        words.push((tokens[at++] ?? "").slice(1));
      const [name = "", ...args] = words;
      const own = [...variables]
        .filter((index) => index > start && index < at)
        .map((index) => (tokens[index] ?? "").slice(1));
      if (tokens[at] === ";") {
        at += 1;
        directives.push({ name, args, variables: own });
      } else if (tokens[at] === "{") {
        at += 1;
        directives.push({ name, args, variables: own, block: block(true) });
      } else throw new Error(`the directive ${name} has no ";"`);
    }
    if (nested) throw new Error("a block is not closed with }");
    return directives;
  };
  return block(false);
}

/** The headers an nginx block sends: its add_header directives (name, value). */
const nginxHeaders = (directives: Directive[]): [string, string][] =>
  directives
    .filter((directive) => directive.name === "add_header")
    .map((directive) => [directive.args[0] ?? "", directive.args[1] ?? ""]);

/**
 * The host files read back as the hosts read them: `_headers` by the reader the local servers apply
 * (host/headers-file.ts), every path's headers compared with the policy (host/policy.ts) and each value held to HTTP's
 * field syntax; the nginx includes by nginx's syntax, each location's headers equal to what `_headers` gives the same
 * path and none with a "$" nginx would expand; `_redirects` by its format: only 301 rules, which every host accepts
 * (Cloudflare Pages refuses a 404 rule and a forced one, docs/deploying.md). A problem names the
 * content file behind the value (site.yaml's form.delivery or editor, a page with a video).
 */
export function checkHostFiles(
  dir: string,
  expectation: HostFilesExpectation,
  origins: {
    /** site.yaml's form.delivery: the site's policy. */
    delivery: Origin;
    /** site.yaml's editor: the /admin/ policy. */
    editor: Origin;
    /** The page a framed path belongs to (its video). */
    page(path: string): Origin | undefined;
    /** The page whose aliases list an old address (from _redirects or nginx's include, decoded or not). */
    alias?(from: string): Origin | undefined;
  },
): Problem[] {
  const problems: Problem[] = [];
  const origin = origins.delivery;
  const originOf = (path: string) =>
    path === ADMIN_PATH ? origins.editor : (origins.page(path.replace(/\.html$/, "")) ?? origins.delivery);
  const report = (where: Origin, file: string, message: string) =>
    problems.push(outputProblem(where, file, message, RULE));
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file), "utf8");
    } catch {
      report(origin, file, "was not written");
      return undefined;
    }
  };

  // _headers, as the local server reads it.
  const headersText = read(HOST_FILES.headers);
  const rules = headersText === undefined ? [] : parseHeadersFile(headersText);
  const sentFor = (path: string) => headerMap(headersFor(rules, path));
  const framesOf = new Map(expectation.framed.map((page) => [page.path, page.frames]));
  const expected: [string, Headers][] = [
    ...expectation.pages.flatMap(({ path, frames }): [string, Headers][] => {
      const headers = headerMap(Object.entries(answerHeaders(expectation.policy, frames)));
      // A page with a video is also reachable as /page.html (sirv, nginx's try_files): the same policy there.
      return framesOf.has(path)
        ? [
            [path, headers],
            [`${path}.html`, headers],
          ]
        : [[path, headers]];
    }),
    [
      ADMIN_PATH,
      headerMap([
        ...Object.entries(adminHeaders(expectation.policy, expectation.editorOrigins)),
        ["Cache-Control", REVALIDATE_CACHE],
      ]),
    ],
    ...expectation.typed.map((path): [string, Headers] => [
      path,
      headerMap([...Object.entries(answerHeaders(expectation.policy)), ["Content-Type", mediaTypeOf(path) ?? ""]]),
    ]),
    ...(expectation.asset
      ? [
          [
            expectation.asset,
            headerMap([...Object.entries(securityHeaders(expectation.policy)), ["Cache-Control", IMMUTABLE_CACHE]]),
          ] as [string, Headers],
        ]
      : []),
  ];
  // The same difference on many paths (the site's policy is every page's) is one problem, naming the first path.
  const seen = new Map<string, { path: string; count: number }>();
  const once = (path: string, line: string) => {
    const key = `${originOf(path).file} ${line}`;
    const earlier = seen.get(key);
    if (earlier) earlier.count += 1;
    else seen.set(key, { path, count: 1 });
  };
  for (const [path, headers] of expected) {
    const sent = sentFor(path);
    for (const line of differences(sent, headers)) once(path, line);
    for (const [name, value] of sent)
      if (!FIELD_VALUE.test(value)) once(path, `${name} holds a character no HTTP header may hold`);
  }
  for (const [key, { path, count }] of seen) {
    const line = key.slice(key.indexOf(" ") + 1);
    const others = count > 1 ? ` (and ${count - 1} other path${count > 2 ? "s" : ""})` : "";
    report(originOf(path), HOST_FILES.headers, `${path}${others}: ${line}`);
  }

  // nginx's includes: the same headers for the same paths, and nothing nginx would expand.
  const nginx = (file: string): Directive[] => {
    const text = read(file);
    if (text === undefined) return [];
    try {
      return readNginx(text);
    } catch (error) {
      report(origin, file, `nginx cannot read it: ${(error as Error).message}`);
      return [];
    }
  };
  const compareNginx = (file: string, directives: Directive[], path: string) => {
    // In a header's value a $ is a mistake (try_files' $uri is meant).
    for (const directive of directives.filter((candidate) => candidate.name === "add_header"))
      for (const variable of directive.variables)
        report(originOf(path), file, `"${variable}" holds a $, which nginx would expand as a variable`);
    for (const line of differences(headerMap(nginxHeaders(directives)), sentFor(path)))
      report(originOf(path), file, `${path}: ${line.replace("the policy says", "_headers says")}`);
  };
  compareNginx(HOST_FILES.nginxHeaders, nginx(HOST_FILES.nginxHeaders), "/");
  compareNginx(HOST_FILES.nginxAdminHeaders, nginx(HOST_FILES.nginxAdminHeaders), ADMIN_PATH);
  const locations = nginx(HOST_FILES.nginxFramedPages).filter((directive) => directive.name === "location");
  for (const page of expectation.framed) {
    for (const path of [page.path, `${page.path}.html`]) {
      const location = locations.find((candidate) => candidate.args[0] === "=" && candidate.args[1] === path);
      if (!location) report(originOf(path), HOST_FILES.nginxFramedPages, `no exact location for ${path}`);
      else compareNginx(HOST_FILES.nginxFramedPages, location.block ?? [], path);
    }
  }

  compareNginx(
    HOST_FILES.nginxAssetHeaders,
    nginx(HOST_FILES.nginxAssetHeaders),
    expectation.asset ?? `/${ASSET_DIR}/any-ABCDEFGH.js`,
  );

  // nginx's redirect include as nginx reads it: exact locations only, each once (nginx refuses a duplicate
  // location, and the whole configuration with it), each answering with one return 301.
  const aliasOrigin = (from: string) => origins.alias?.(from.length > 1 ? from.replace(/\/$/, "") : from) ?? origin;
  const exact = new Set<string>();
  for (const directive of nginx(HOST_FILES.nginxRedirects)) {
    const [modifier = "", path = ""] = directive.args;
    if (directive.name !== "location" || modifier !== "=" || directive.args.length !== 2 || !directive.block) {
      const shown = JSON.stringify(`${directive.name} ${directive.args.join(" ")}`);
      report(aliasOrigin(path), HOST_FILES.nginxRedirects, `${shown} is not an exact location with a block`);
      continue;
    }
    const where = aliasOrigin(path);
    if (exact.has(path))
      report(where, HOST_FILES.nginxRedirects, `location = ${path} is there twice: nginx refuses the configuration`);
    exact.add(path);
    if (directive.variables.length > 0)
      report(where, HOST_FILES.nginxRedirects, `location = ${path} holds a $, which nginx would expand as a variable`);
    const [only, ...more] = directive.block;
    if (!only || more.length > 0 || only.name !== "return" || only.args[0] !== "301" || only.args.length !== 2)
      report(where, HOST_FILES.nginxRedirects, `location = ${path} must hold one "return 301 <page>$is_args$args;"`);
  }

  // _redirects: only lines every host accepts (Cloudflare Pages refuses a 404 rule and a forced one).
  const redirects = read(HOST_FILES.redirects) ?? "";
  for (const [index, line] of redirects.split("\n").entries()) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const [from = "", to = "", status = "", ...rest] = line.trim().split(/\s+/);
    const at = `line ${index + 1}`;
    if (rest.length > 0 || !/^\/\S*$/.test(from) || !/^(\/|https:\/\/)\S*$/.test(to) || status !== "301") {
      report(origin, HOST_FILES.redirects, `${at}: "${line}" is not a rule "from to 301"`);
      continue;
    }
    // An old address's rule is an exact path under both hosts' readings: Netlify and Cloudflare Pages read * as
    // "any address" and :name as a placeholder, where nginx and the local server read the same rule literally.
    const plain = plainPathProblem(from);
    if (plain) report(aliasOrigin(from), HOST_FILES.redirects, `${at}: ${JSON.stringify(from)} ${plain}`);
  }
  return problems;
}
