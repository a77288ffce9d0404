import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer as createSocketServer, type Server as SocketServer } from "node:net";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { type Answer, missingPageHeaders, send, sendBytes } from "./raw-http.ts";
import { servedSiteForTests } from "./built-site.ts";

// The real site, built once into a temporary folder and served by the server npm start and npm run dev use;
// every request goes over a real socket with its path exactly as written here.
const served = servedSiteForTests();

const get = (path: string, headers: Record<string, string> = {}) => send(served.site.url, path, { headers });
const built = (file: string) => readFileSync(join(served.site.dist, file));
/** The largest script in assets/, so that ranges of it are worth asking for. */
const bigAsset = () => {
  const names = readdirSync(join(served.site.dist, "assets")).filter((name) => name.endsWith(".js"));
  return (
    names.sort(
      (a, b) => statSync(join(served.site.dist, "assets", b)).size - statSync(join(served.site.dist, "assets", a)).size,
    )[0] ?? ""
  );
};

function expectPageHeaders(answer: Answer | { headers: Record<string, string> }, what: string) {
  expect(missingPageHeaders(answer, served.page), `${what}: security headers missing or different`).toEqual([]);
}

describe("request targets", () => {
  it("answers // and other doubled slashes like the single-slash path, and keeps running", async () => {
    const home = await get("/");
    for (const path of ["//", "///", "//index.html"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.equals(home.body), path).toBe(true);
      expectPageHeaders(answer, path);
    }
    expect((await get("//de/")).body.equals(built("de/index.html"))).toBe(true);
    expect((await get("/")).status).toBe(200);
  });

  it("answers malformed targets with 400 and the security headers", async () => {
    for (const path of ["/%", "/%zz", "/a%2", "/%c3%28", "/%ff", "/a%00b"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expectPageHeaders(answer, path);
    }
    for (const target of ["*", "index.html", "%2F"]) {
      const answer = await sendBytes(served.site.url, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expectPageHeaders(answer, target);
    }
  });

  it("takes the path out of an absolute-form target, as a proxy sends it", async () => {
    const answer = await sendBytes(
      served.site.url,
      "GET http://example.com/de/ HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe(String(built("de/index.html").length));
  });
});

describe("files that are never pages", () => {
  it("never serves a host configuration file, however its path is written", async () => {
    const paths = [
      "/_headers",
      "/%5fheaders",
      "/%5Fheaders",
      "/%5fnginx-headers.conf",
      "/%5fredirects",
      "/%5F%72edirects",
      "//_headers",
      "/%2F_headers",
      "/./_headers",
      "/de/../_headers",
      "/de/%2e%2e/_redirects",
      "/_headers?download=1",
      "/_headers/",
    ];
    for (const path of paths) {
      const answer = await get(path, { "Accept-Encoding": "gzip" });
      expect(answer.status, path).toBe(404);
      expect(answer.body.equals(built("404.html")), `${path} answers with the 404 page`).toBe(true);
      expectPageHeaders(answer, path);
    }
  });

  it("answers a request for a 404 page itself with status 404, never 200", async () => {
    const english = [
      "/404.html",
      "//404.html",
      "/%34%30%34.html",
      "/404%2ehtml",
      "/404",
      "/404/",
      "/404.html/",
      "/404.html.gz",
      "/./404.html",
    ];
    const german = ["/de/404.html", "/de//404", "//de/404.html", "/de/%34%30%34.html", "/de/404.html.gz"];
    for (const [paths, file] of [
      [english, "404.html"],
      [german, "de/404.html"],
    ] as const) {
      for (const path of paths) {
        for (const encoding of ["gzip", "identity"]) {
          const answer = await get(path, { "Accept-Encoding": encoding });
          expect(answer.status, `${path} (${encoding})`).toBe(404);
          expect(answer.body.equals(built(file)), `${path} answers with ${file}`).toBe(true);
        }
      }
    }
  });

  it("answers a missing file with 404 and the security headers, without the long cache of real assets", async () => {
    for (const path of ["/nope", "/assets/missing-ABCDEFGH.js", "/de/nope"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expectPageHeaders(answer, path);
      expect(answer.headers["cache-control"] ?? "", path).not.toContain("immutable");
    }
  });
});

describe("HTTP semantics", () => {
  it("refuses methods other than GET and HEAD with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      for (const path of ["/", `/assets/${bigAsset()}`, "/_headers"]) {
        const answer = await send(served.site.url, path, { method });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
        expectPageHeaders(answer, `${method} ${path}`);
      }
    }
    const head = await send(served.site.url, "/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(built("index.html").length));
  });

  it("answers a Range request correctly, or ignores it and sends the whole file", async () => {
    const name = bigAsset();
    const whole = built(`assets/${name}`);
    const size = whole.length;
    expect(size).toBeGreaterThan(200);
    // A satisfiable range: either 206 with exactly those bytes, or 200 with all of them.
    const satisfiable: [string, number, number][] = [
      ["bytes=-100", size - 100, size - 1],
      ["bytes=0-0", 0, 0],
      ["bytes=10-19", 10, 19],
      [`bytes=${size - 5}-`, size - 5, size - 1],
      [`bytes=${size - 5}-${size + 1000}`, size - 5, size - 1],
    ];
    for (const [range, first, last] of satisfiable) {
      const answer = await get(`/assets/${name}`, { Range: range });
      if (answer.status === 206) {
        expect(answer.headers["content-range"], range).toBe(`bytes ${first}-${last}/${size}`);
        expect(answer.body.equals(whole.subarray(first, last + 1)), range).toBe(true);
      } else {
        expect(answer.status, range).toBe(200);
        expect(answer.body.equals(whole), range).toBe(true);
      }
    }
    // Not a valid range at all: the only right answer is the whole file.
    for (const range of ["bytes=abc", "bytes=5-2", "items=0-5", "bytes=", "bytes=-", "bytes=1-2,x"]) {
      const answer = await get(`/assets/${name}`, { Range: range });
      expect(answer.status, range).toBe(200);
      expect(answer.body.equals(whole), range).toBe(true);
      expect(answer.headers["content-range"], range).toBeUndefined();
    }
    // Past the end: 416, or the whole file.
    const beyond = await get(`/assets/${name}`, { Range: `bytes=${size + 10}-` });
    if (beyond.status === 416) expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
    else expect(beyond.body.equals(whole)).toBe(true);
  });

  it("answers If-Modified-Since with 304 when nothing changed, and with the file otherwise", async () => {
    for (const path of ["/", `/assets/${bigAsset()}`, "/datenschutz"]) {
      const first = await get(path);
      const lastModified = first.headers["last-modified"] ?? "";
      expect(lastModified, path).not.toBe("");
      const unchanged = await get(path, { "If-Modified-Since": lastModified });
      expect(unchanged.status, path).toBe(304);
      expect(unchanged.body.length, path).toBe(0);
      expectPageHeaders(unchanged, `304 for ${path}`);
      expect((await get(path, { "If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" })).status, path).toBe(200);
      expect((await get(path, { "If-Modified-Since": "not a date" })).status, path).toBe(200);
      // RFC 9110 13.1.3: If-None-Match, when present, decides alone.
      expect(
        (await get(path, { "If-Modified-Since": lastModified, "If-None-Match": '"another-version"' })).status,
        path,
      ).toBe(200);
    }
  });

  it("sends gzip only to a client that accepts it with a weight above 0", async () => {
    const html = built("index.html");
    const cases: [string, boolean][] = [
      ["gzip", true],
      ["GZIP", true],
      ["gzip;q=0.5, identity", true],
      ["br, *", true],
      ["gzip;q=0", false],
      ["gzip; q=0", false],
      ["gzip;Q=0", false],
      ["gzip;q=0.000", false],
      ["*;q=0", false],
      ["*, gzip;q=0", false],
      ["identity", false],
      ["deflate, br", false],
      ["x-gzipper", false],
    ];
    for (const [acceptEncoding, gzip] of cases) {
      const answer = await get("/", { "Accept-Encoding": acceptEncoding });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers["content-encoding"], acceptEncoding).toBe(gzip ? "gzip" : undefined);
      expect((gzip ? gunzipSync(answer.body) : answer.body).equals(html), acceptEncoding).toBe(true);
    }
  });

  it("compresses text on the fly: the build writes no .gz copies, the answer says gzip and varies by Accept-Encoding", async () => {
    const gzCopies = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? gzCopies(join(dir, entry.name)) : entry.name.endsWith(".gz") ? [entry.name] : [],
      );
    expect(gzCopies(served.site.dist)).toEqual([]);
    const css = readdirSync(join(served.site.dist, "assets")).find((name) => name.endsWith(".css")) ?? "";
    for (const [path, file] of [
      ["/datenschutz", "datenschutz.html"],
      [`/assets/${bigAsset()}`, `assets/${bigAsset()}`],
      [`/assets/${css}`, `assets/${css}`],
      ["/sitemap.xml", "sitemap.xml"],
    ] as const) {
      const plain = await get(path, { "Accept-Encoding": "identity" });
      const first = await get(path, { "Accept-Encoding": "gzip" });
      const again = await get(path, { "Accept-Encoding": "gzip" });
      for (const answer of [plain, first, again]) expect(answer.headers.vary, path).toBe("Accept-Encoding");
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(first.headers["content-encoding"], path).toBe("gzip");
      expect(gunzipSync(first.body).equals(built(file)), path).toBe(true);
      expect(Number(first.headers["content-length"]), path).toBe(first.body.length);
      expect(first.body.length, path).toBeLessThan(plain.body.length);
      // Same type, same validator as the plain file; a second answer is the same bytes.
      expect(first.headers["content-type"], path).toBe(plain.headers["content-type"]);
      expect(first.headers.etag, path).toBe(plain.headers.etag);
      expect(again.body.equals(first.body), path).toBe(true);
      expect(
        (await get(path, { "Accept-Encoding": "gzip", "If-None-Match": first.headers.etag ?? "" })).status,
        path,
      ).toBe(304);
    }
    // Images are compressed already: sent as they are, whatever the client accepts.
    const png = readdirSync(join(served.site.dist, "assets")).find((name) => name.endsWith(".png")) ?? "";
    const image = await get(`/assets/${png}`, { "Accept-Encoding": "gzip" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.body.equals(built(`assets/${png}`))).toBe(true);
  });

  it("keeps the immutable Cache-Control of assets however their path is encoded", async () => {
    const name = bigAsset();
    const plain = await get(`/assets/${name}`);
    expect(plain.headers["cache-control"]).toContain("immutable");
    const encodedFirst = `%${name.charCodeAt(0).toString(16)}${name.slice(1)}`;
    for (const path of [
      `/assets/${encodedFirst}`,
      `/%61ssets/${name}`,
      `//assets/${name}`,
      `/assets/./${name}`,
      `/de/../assets/${name}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe(plain.headers["cache-control"]);
      expect(answer.body.equals(plain.body), path).toBe(true);
    }
  });
});

describe("error answers the HTTP parser gives", () => {
  it("answers an over-long URL with 414 and the security headers, below and above Node's header limit", async () => {
    const long = await get(`/${"a".repeat(10_000)}`);
    expect(long.status).toBe(414);
    expectPageHeaders(long, "10 000-character URL");
    const longer = await sendBytes(served.site.url, `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longer.status).toBe(414);
    expectPageHeaders(longer, "20 000-character URL");
  });

  it("answers over-long headers, bytes that are not HTTP, a missing Host and an unknown expectation with the security headers", async () => {
    const cases: [string, string, number][] = [
      ["over-long header", `GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["not HTTP", "\u0000\u0001hello\r\n\r\n", 400],
      ["HTTP/1.1 without Host", "GET / HTTP/1.1\r\nConnection: close\r\n\r\n", 400],
      ["unknown expectation", "GET / HTTP/1.1\r\nHost: x\r\nExpect: tea\r\nConnection: close\r\n\r\n", 417],
    ];
    for (const [what, bytes, status] of cases) {
      const answer = await sendBytes(served.site.url, bytes);
      expect(answer.status, what).toBe(status);
      expectPageHeaders(answer, what);
    }
  });
});

describe("the headers _headers gives", () => {
  it("win over the server's defaults, Content-Type included", async () => {
    writeFileSync(join(served.site.dist, "speculation-rules.json"), '{"prefetch":[]}');
    appendFileSync(
      join(served.site.dist, "_headers"),
      "\n/speculation-rules.json\n  Content-Type: application/speculationrules+json\n",
    );
    for (const method of ["GET", "HEAD"]) {
      const answer = await send(served.site.url, "/speculation-rules.json", { method });
      expect(answer.status, method).toBe(200);
      expect(answer.headers["content-type"], method).toBe("application/speculationrules+json");
      expectPageHeaders(answer, method);
    }
  });
});

describe("a file that cannot be read", () => {
  let socketServer: SocketServer;
  afterAll(() => new Promise((resolve) => socketServer?.close(resolve)));

  it("ends that one answer and the server keeps serving", async () => {
    // A Unix socket in dist/ exists and is no directory, yet opening it fails (ENXIO), as a file that a
    // rebuild swaps away between lookup and read does.
    socketServer = createSocketServer();
    await new Promise<void>((resolve) => socketServer.listen(join(served.site.dist, "unreadable.html"), resolve));
    await get("/unreadable").catch(() => undefined);
    expect((await get("/")).status).toBe(200);
  });
});
