import { STATUS_CODES } from "node:http";
import { MAX_TARGET_LENGTH } from "./request-target.ts";

/**
 * A short plain-text error answer with the given headers: as headers for ServerResponse.writeHead, and as raw
 * bytes for a socket that has no response object (a request Node could not parse).
 */
export function errorAnswer(
  status: number,
  headers: [string, string][],
): { headers: [string, string][]; body: string; raw: string } {
  const reason = STATUS_CODES[status] ?? "Error";
  const body = `${status} ${reason}\n`;
  // Later headers of the same name win, as with setHeader.
  const byName = new Map<string, [string, string]>();
  for (const header of [
    ...headers,
    ["Content-Type", "text/plain; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
  ] as const) {
    byName.set(header[0].toLowerCase(), [header[0], header[1]]);
  }
  const all = [...byName.values()];
  const raw = `HTTP/1.1 ${status} ${reason}\r\n${[...all, ["Connection", "close"]].map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n${body}`;
  return { headers: all, body, raw };
}

/** The status for a request Node's HTTP parser refused (its clientError event). */
export function statusForParseError(error: { code?: string; rawPacket?: Buffer }): number {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    // Node counts the request line into its header limit: a long first line is a long URL.
    const firstLine = error.rawPacket?.toString("latin1").split("\r\n", 1)[0] ?? "";
    return firstLine.length > MAX_TARGET_LENGTH ? 414 : 431;
  }
  return error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
}
