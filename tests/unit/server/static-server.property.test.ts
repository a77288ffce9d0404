import fc from "fast-check";
import { expect, it } from "vitest";
import { missingPageHeaders, send, sendBytes } from "./raw-http.ts";
import { servedSiteForTests } from "./built-site.ts";

// Whatever arrives on the socket, the server answers (or hangs up) with the security headers and stays up.
const served = servedSiteForTests();

const piece = fc.constantFrom(
  "/",
  "//",
  ".",
  "..",
  "%",
  "%2",
  "%z",
  "%2e",
  "%2E",
  "%2f",
  "%2F",
  "%5f",
  "%5F",
  "%00",
  "%ff",
  "%c3",
  "%c3%a4",
  "%252e",
  "_",
  "_headers",
  "_redirects",
  "404",
  ".html",
  ".gz",
  "de",
  "assets",
  "datenschutz",
  "index.html",
  "?",
  "#",
  "?a=%",
  ";",
  "\\",
  "ä",
  "*",
  "@",
  ":",
  "http://x",
  " ",
  "\t",
);
const hostileUrl = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((pieces) => `/${pieces.join("")}`),
  fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join("")),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const method = fc.constantFrom(
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "TRACE",
  "CONNECT",
  "BREW",
  "get",
);
const headerValue = fc.oneof(
  fc.constantFrom("bytes=-100", "bytes=abc", "gzip;q=0", "*", "", "Sat, 01 Jan 2000 00:00:00 GMT"),
  fc.string({ maxLength: 30 }),
);
const optionalHeaders = fc.record(
  {
    range: headerValue,
    "accept-encoding": headerValue,
    "if-modified-since": headerValue,
    "if-none-match": headerValue,
    expect: headerValue,
  },
  { requiredKeys: [] },
);

async function stillServing() {
  expect((await send(served.site.url, "/")).status).toBe(200);
}

it("answers any request line with the security headers", async () => {
  await fc.assert(
    fc.asyncProperty(method, hostileUrl, optionalHeaders, async (verb, url, headers) => {
      const lines = [
        `${verb} ${url} HTTP/1.1`,
        "Host: x",
        "Connection: close",
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      const answer = await sendBytes(served.site.url, Buffer.from(`${lines.join("\r\n")}\r\n\r\n`));
      expect(answer.status).toBeDefined();
      expect(missingPageHeaders(answer, served.page)).toEqual([]);
      await stillServing();
    }),
    { numRuns: 300 },
  );
});

it("answers random bytes with the security headers, or not at all, and keeps running", async () => {
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
      const answer = await sendBytes(served.site.url, bytes, { thenEnd: true });
      if (answer.status !== undefined) expect(missingPageHeaders(answer, served.page)).toEqual([]);
      await stillServing();
    }),
    { numRuns: 300 },
  );
});
