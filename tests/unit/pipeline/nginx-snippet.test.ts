import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { NGINX_HEADERS_FILE } from "../../../src/pipeline/index.ts";
import { headersFile, nginxHeadersFile } from "../../../src/pipeline/headers.ts";
import { headersFor, parseHeadersFile } from "../../../src/server/headers-file.ts";

const STYLE_HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

// nginx operators include the generated file; it must send exactly the page headers a _headers host sends.
it("the nginx include carries the same page headers as _headers, for any delivery and stylesheet", () => {
  for (const delivery of ["simulated", "https://formspree.io/f/abc"]) {
    const nginx = Object.fromEntries([...nginxHeadersFile(delivery, STYLE_HASH).matchAll(/^add_header ([\w-]+) "([^"]+)" always;$/gm)].map((m) => [m[1], m[2]]));
    const pageHeaders = Object.fromEntries(headersFor(parseHeadersFile(headersFile(delivery, STYLE_HASH)), "/datenschutz"));
    expect(nginx).toEqual(pageHeaders);
    expect(nginx["Content-Security-Policy"]).toContain(STYLE_HASH);
  }
});

it("the README's nginx configuration includes the file the build writes, and hides it", () => {
  const readme = readFileSync("README.md", "utf8");
  expect(readme).toContain(`include /var/www/leap-ai/dist/${NGINX_HEADERS_FILE};`);
  expect(readme).toContain("location ~ ^/_ {");
});
