import { createReadStream, existsSync, readFileSync, type Stats, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { lookup } from "mrmime";
import sirv from "sirv";
import { nearestNotFoundPage } from "../host/not-found.ts";
import { HOST_FILES, NEVER_SERVED } from "../host/policy.ts";
import { COMPRESSIBLE, GzipCache } from "./compressed.ts";
import { errorAnswer, statusForParseError } from "./error-answers.ts";
import { type HeaderRule, headersFor, parseHeadersFile } from "../host/headers-file.ts";
import { acceptsGzip, unmodifiedSince } from "./negotiation.ts";
import { requestTarget } from "./request-target.ts";
import { parseRedirectsFile, type RedirectRule, redirectFor } from "../host/redirects-file.ts";

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  /** Extra handler tried before static files, with any method (the dev server's endpoints); gets the decoded path. */
  before?: (request: IncomingMessage, response: ServerResponse, path: string) => boolean;
  /**
   * Told of an error no answer foresaw (answered 500): what was being done, and the error. By default one line, no
   * stack; npm start, npm run serve and npm run dev keep the details in a log file.
   */
  onError?: (doing: string, error: unknown) => void;
  /**
   * The Host names answered (with any port); any other, or none, gets 403 on every path. The dev server answers
   * only loopback names: a page of another site that makes its own name resolve to 127.0.0.1 (DNS rebinding)
   * would otherwise read drafts and the editor's files with the visitor's browser.
   */
  hosts?: RegExp;
}

/** The names of this machine's loopback interface, with an optional port: what npm run dev answers. */
export const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

const METHODS = ["GET", "HEAD"];
const neverServed = NEVER_SERVED.map(({ regex }) => new RegExp(regex));
/** Error answers carry the headers _headers gives the 404 page: the security headers, and none meant for one file. */
const ERROR_PAGE = "/404.html";
/** Thrown out of sirv's setHeaders hook once it has answered 304: sirv offers no other way to not send the file. */
const ANSWERED = Symbol("answered");

/**
 * Serves a built dist/ the way the documented hosts do: clean URLs (/datenschutz -> datenschutz.html), one
 * redirect from a page's other spelling to its address (/datenschutz/ -> /datenschutz, /de -> /de/), the
 * headers from dist/_headers, and the nearest 404.html (de/404.html under /de/) with status 404. Host files and the
 * 404 pages themselves are never served; every answer, errors included, carries the security headers, and
 * no request, however malformed, stops the server.
 */
export function startStaticServer({
  dir,
  port = 4173,
  host = "127.0.0.1",
  before,
  hosts,
  onError = (doing, error) =>
    console.error(`Unexpected error while ${doing} (${(error as Error)?.name ?? typeof error})`),
}: StaticServerOptions): Promise<Server> {
  const rulesFile = join(dir, HOST_FILES.headers);
  let rules: HeaderRule[] = [];
  // Re-read on every request, since a rebuild swaps dist/ underneath a running dev server; mid-swap the last rules read stay.
  const readRules = () => {
    try {
      rules = parseHeadersFile(readFileSync(rulesFile, "utf8"));
    } catch {
      // no _headers (yet): keep what was read before
    }
    return rules;
  };
  // The pages' old addresses (their aliases), from dist/_redirects as the hosts read it; re-read like _headers.
  const redirectsFile = join(dir, HOST_FILES.redirects);
  const movedTo = (path: string) => {
    let rules: RedirectRule[] = [];
    try {
      rules = parseRedirectsFile(readFileSync(redirectsFile, "utf8"));
    } catch {
      // no _redirects: nothing has moved
    }
    return redirectFor(rules, path)?.to;
  };
  // dev mode: sirv looks files up on every request instead of caching a listing, since rebuilds swap dist/.
  // No .gz lookup: text is compressed here, on the first request for each file (see compressed.ts).
  const files = sirv(dir, { extensions: ["html"], dev: true, etag: true, gzip: false, setHeaders: beforeSending });
  const gzipped = new GzipCache();

  function handle(request: IncomingMessage, response: ServerResponse): void {
    // sirv and the 404 page pipe files into the answer without an error handler: a file that vanishes (a rebuild
    // swapping dist/) or cannot be read must end this answer, not the process.
    response.on("pipe", (source) => source.once("error", () => response.destroy()));
    const current = readRules();
    const target = requestTarget(request.url);
    if ("status" in target) answerError(response, target.status, current);
    else if (request.httpVersion === "1.1" && request.headers.host === undefined) answerError(response, 400, current);
    else if (hosts && !hosts.test(request.headers.host ?? "")) answerError(response, 403, current);
    else if (before?.(request, response, target.path)) return;
    else if (!METHODS.includes(request.method ?? ""))
      answerError(response, 405, current, { Allow: METHODS.join(", ") });
    else if (neverServed.some((pattern) => pattern.test(target.path))) notFound(target.path, response, current);
    else if (movedTo(target.path)) redirect(response, movedTo(target.path) as string, request.url ?? "", current);
    else {
      const canonical = canonicalPath(dir, target.path);
      if (canonical === undefined) serveFile(request, response, target.path, current);
      else redirect(response, canonical, request.url ?? "", current);
    }
  }

  function redirect(response: ServerResponse, path: string, url: string, current: HeaderRule[]): void {
    const query = /\?[^#]*/.exec(url)?.[0] ?? "";
    for (const [name, value] of headersFor(current, ERROR_PAGE)) response.setHeader(name, value);
    const location = encodeURI(path).replace(/[?#]/g, encodeURIComponent) + query;
    response
      .writeHead(301, { Location: location, "Content-Type": "text/plain; charset=utf-8" })
      .end(`301 Moved Permanently: ${location}\n`);
  }

  function serveFile(request: IncomingMessage, response: ServerResponse, path: string, current: HeaderRule[]): void {
    for (const [name, value] of headersFor(current, path)) response.setHeader(name, value);
    // sirv answers Range wrongly (bytes=-100 as the first 101 bytes); pages need no partial content, and RFC 9110
    // lets a server ignore Range.
    delete request.headers.range;
    // sirv decodes the URL once more: hand it the path decided on, spelled so that its decodeURI gives exactly that back.
    request.url = encodeURI(path).replace(/[?#]/g, encodeURIComponent);
    try {
      files(request, response, () => notFound(path, response, current));
    } catch (error) {
      if (error !== ANSWERED) throw error;
    }
  }

  function beforeSending(response: ServerResponse, path: string, stats: Stats): void {
    const request = response.req;
    const { headers } = request;
    // RFC 9110, 13.1.3: If-None-Match (which sirv answers itself) makes If-Modified-Since void.
    if (
      headers["if-none-match"] === undefined &&
      unmodifiedSince(headers["if-modified-since"], stats.mtime, Date.now())
    ) {
      response.writeHead(304, { "Last-Modified": stats.mtime.toUTCString() }).end();
      throw ANSWERED;
    }
    const file = servedFile(dir, path, stats);
    if (!file || !COMPRESSIBLE.test(file)) return;
    response.setHeader("Vary", "Accept-Encoding");
    if (!acceptsGzip(headers["accept-encoding"])) return;
    // The same weak ETag as the plain file (sirv's, which answers If-None-Match): the two are the same content.
    const body = gzipped.get(file, stats);
    response.writeHead(200, {
      // A type from _headers (feeds, the sitemap) wins, as it does for the plain file.
      "Content-Type": response.getHeader("content-type") ?? contentTypeOf(file),
      "Content-Encoding": "gzip",
      "Content-Length": body.length,
      "Last-Modified": stats.mtime.toUTCString(),
      ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
    });
    response.end(request.method === "HEAD" ? undefined : body);
    throw ANSWERED;
  }

  function notFound(path: string, response: ServerResponse, current: HeaderRule[]): void {
    // The nearest 404.html above the path, as Cloudflare Pages picks it: de/404.html for /de/…, and so on for any language.
    const page = nearestNotFoundPage(path, (file) => existsSync(join(dir, file)));
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    for (const [name, value] of headersFor(current, page)) response.setHeader(name, value);
    response.statusCode = 404;
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    if (existsSync(join(dir, page))) createReadStream(join(dir, page)).pipe(response);
    else response.end("Not found");
  }

  function answerError(
    response: ServerResponse,
    status: number,
    current: HeaderRule[],
    extra: Record<string, string> = {},
  ): void {
    const { headers, body } = errorAnswer(status, [...headersFor(current, ERROR_PAGE), ...Object.entries(extra)]);
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    for (const [name, value] of headers) response.setHeader(name, value);
    response.writeHead(status).end(body);
  }

  // requireHostHeader off: the handler answers a missing Host itself, with the security headers.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    try {
      handle(request, response);
    } catch (error) {
      onError(`answering ${request.method} ${(request.url ?? "").slice(0, 200)}`, error);
      if (response.headersSent) response.destroy();
      else answerError(response, 500, rules);
    }
  });
  // Node answers these on its own, without our headers, unless there is a listener.
  server.on("checkExpectation", (_request, response) => answerError(response, 417, readRules()));
  server.on("connect", (_request, socket) =>
    socket.end(errorAnswer(405, [...headersFor(readRules(), ERROR_PAGE), ["Allow", METHODS.join(", ")]]).raw),
  );
  server.on("clientError", (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    // Only a connection on which nothing was written yet can take an answer without corrupting another.
    if (error.code === "ECONNRESET" || !socket.writable || ("bytesWritten" in socket && socket.bytesWritten !== 0))
      return void socket.destroy();
    socket.end(errorAnswer(statusForParseError(error), headersFor(readRules(), ERROR_PAGE)).raw);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * A file's stats, or undefined where there is none: a name the file system refuses (longer than its 255 bytes:
 * ENAMETOOLONG, or a part of the path that is a file: ENOTDIR) is no file either, and a request for it a 404.
 */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => statOf(file)?.isFile() === true;

/** The file sirv found for `path` (with its clean-URL extensions), told apart by its stats. */
function servedFile(dir: string, path: string, stats: Stats): string | undefined {
  const local = join(dir, path);
  return [local, `${local}.html`, join(local, "index.html"), join(local, "index")].find((candidate) => {
    const found = statOf(candidate);
    return found?.isFile() && found.ino === stats.ino && found.mtimeMs === stats.mtimeMs;
  });
}

/** The Content-Type sirv sends for these files (mrmime's table), so a compressed answer says the same. */
function contentTypeOf(file: string): string {
  const type = lookup(file) ?? "application/octet-stream";
  return type === "text/html" ? "text/html;charset=utf-8" : type;
}

/**
 * The one address of a page asked for by another spelling, as Netlify and Cloudflare Pages answer it for the
 * files the build writes: /impressum/ for impressum.html is /impressum, /de for de/index.html is /de/.
 * Undefined when the path is already a page's address, or no page's at all.
 */
function canonicalPath(dir: string, path: string): string | undefined {
  if (path === "/") return undefined;
  const local = join(dir, path);
  if (path.endsWith("/"))
    return !isFile(join(local, "index.html")) && isFile(`${local.slice(0, -1)}.html`) ? path.slice(0, -1) : undefined;
  return !isFile(local) && !isFile(`${local}.html`) && isFile(join(local, "index.html")) ? `${path}/` : undefined;
}

export const urlOf = (server: Server) => {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
};
