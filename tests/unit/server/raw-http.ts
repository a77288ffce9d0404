import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";

export interface Answer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One request with the path sent exactly as given (Node's client leaves "//" and "%5f" alone, unlike fetch),
 * on a connection of its own.
 */
export function send(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { hostname, port, path, method: init.method ?? "GET", headers: init.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const headers = Object.fromEntries(
            Object.entries(incoming.headers).map(([name, value]) => [name, String(value)]),
          );
          resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** What came back for bytes written straight to the socket: the status and headers, if an answer came at all. */
export interface RawAnswer {
  status?: number;
  headers: Record<string, string>;
}

/**
 * Writes bytes that need not be HTTP at all and reads whatever comes back until the server closes. With
 * `thenEnd`, the client ends its side too, for bytes that might leave the server waiting for more (Node then
 * drops any answer still being written, so a complete request needs "Connection: close" instead).
 */
export function sendBytes(base: string, bytes: Uint8Array | string, { thenEnd = false } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => (thenEnd ? socket.end(bytes) : socket.write(bytes)));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may drop the connection while we still write; what it sent before counts.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error),
    );
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = ""] = text.split("\r\n\r\n", 1);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1];
      const headers = Object.fromEntries(
        lines.flatMap((line) => {
          const colon = line.indexOf(":");
          return colon > 0 ? [[line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]] : [];
        }),
      );
      resolve({ status: status === undefined ? undefined : Number(status), headers });
    });
  });
}

/**
 * The security headers the built _headers file gives every page (the "/*" block), lower-cased like the answers'.
 * Not its Cache-Control, which differs by kind of answer (an asset's is a year).
 */
export function pageHeaders(dist: string): Record<string, string> {
  const rules = parseHeadersFile(readFileSync(join(dist, "_headers"), "utf8"));
  const headers = Object.fromEntries(
    headersFor(rules, "/")
      .map(([name, value]) => [name.toLowerCase(), value])
      .filter(([name]) => name !== "cache-control"),
  );
  if (!headers["content-security-policy"])
    throw new Error("test setup: the built _headers gives pages no Content-Security-Policy");
  return headers;
}

/** The page headers an answer lacks or carries with another value (empty when it has them all). */
export function missingPageHeaders(
  answer: { headers: Record<string, string> },
  expected: Record<string, string>,
): string[] {
  return Object.entries(expected)
    .filter(([name, value]) => answer.headers[name] !== value)
    .map(([name]) => name);
}
