import { createReadStream, existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import sirv from "sirv";
import { headersFor, parseHeadersFile } from "./headers-file.ts";

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  /** Extra handler tried before static files (the dev server's live-reload endpoint). */
  before?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

/**
 * Serves a built dist/ the way the documented hosts do: clean URLs (/datenschutz -> datenschutz/index.html),
 * the headers from dist/_headers, and 404.html (de/404.html under /de/) with status 404.
 */
export function startStaticServer({ dir, port = 4173, host = "127.0.0.1", before }: StaticServerOptions): Promise<Server> {
  const rulesFile = join(dir, "_headers");
  // Re-read on every request: a rebuild swaps dist/ underneath a running dev server.
  const rules = () => (existsSync(rulesFile) ? parseHeadersFile(readFileSync(rulesFile, "utf8")) : []);
  // dev mode: sirv looks files up on every request instead of caching a listing, since rebuilds swap dist/.
  const files = sirv(dir, { extensions: ["html"], dev: true, dotfiles: false, etag: true, gzip: true });

  const server = createServer((request, response) => {
    if (before?.(request, response)) return;
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    for (const [name, value] of headersFor(rules(), pathname)) response.setHeader(name, value);
    // The 404 pages are only ever an answer, never a page of their own (no soft 404 with status 200).
    if (pathname.startsWith("/_") || /\/404(\.html)?$/.test(pathname)) return notFound(pathname, response);
    files(request, response, () => {
      notFound(pathname, response);
    });
  });

  function notFound(pathname: string, response: ServerResponse) {
    const page = pathname.startsWith("/de/") && existsSync(join(dir, "de", "404.html")) ? join(dir, "de", "404.html") : join(dir, "404.html");
    response.statusCode = 404;
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    if (existsSync(page)) createReadStream(page).pipe(response);
    else response.end("Not found");
  }

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

export const urlOf = (server: Server) => {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
};
