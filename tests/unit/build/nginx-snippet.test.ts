import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { securityHeaders } from "../../../src/build/headers.ts";

// README.md's nginx snippet is copied by operators; it must send exactly the headers of dist/_headers.
it("the README's nginx headers are the ones the build writes to _headers", () => {
  const readme = readFileSync("README.md", "utf8");
  const snippet = readme.slice(readme.indexOf("`snippets/leap-ai-headers.conf`"));
  const headers = Object.fromEntries([...snippet.matchAll(/^add_header ([\w-]+) "([^"]+)" always;$/gm)].map((match) => [match[1], match[2]]));
  expect(headers).toEqual(securityHeaders());
});
