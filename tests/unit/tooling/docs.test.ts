import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// README is read in five minutes and links to the manuals in docs/: every command it names runs, and every link of
// README and the manuals leads to a file that exists (a moved manual or a renamed script fails here, not for a reader).
const scripts = Object.keys((JSON.parse(readFileSync("package.json", "utf8")) as { scripts: object }).scripts);
const manuals = ["README.md", "content/README.md", ...readdirSync("docs").map((name) => join("docs", name))].filter(
  (file) => file.endsWith(".md"),
);

/** Every `npm run NAME` (and `npm test`, `npm start`) a text names. */
const commandsIn = (text: string) => [
  ...new Set(
    [...text.matchAll(/npm (?:run(?:\s+-s)? ([a-z][a-z0-9:-]*[a-z0-9])|(test|start)\b)/g)].map(
      (m) => m[1] ?? m[2] ?? "",
    ),
  ),
];

/** Every relative link of a Markdown text, without its #fragment; examples in code (fenced or inline) are not links. */
const linksIn = (text: string) =>
  [
    ...text
      .replace(/```[\s\S]*?```/g, "")
      .replace(/`[^`\n]*`/g, "")
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((m) => (m[1] ?? "").split("#")[0] ?? "")
    .filter((target) => target !== "" && !target.startsWith("/") && !/^[a-z]+:/i.test(target));

describe("README and the manuals", () => {
  it("README stays short: a newcomer reads it in five minutes", () => {
    expect(readFileSync("README.md", "utf8").split("\n").length).toBeLessThanOrEqual(300);
  });

  it.each(manuals)("%s names only commands package.json has", (file) => {
    const missing = commandsIn(readFileSync(file, "utf8")).filter((name) => !scripts.includes(name));
    expect(missing, `${file} names npm scripts that do not exist`).toEqual([]);
  });

  it.each(manuals)("%s links only to files that exist", (file) => {
    const broken = linksIn(readFileSync(file, "utf8")).filter((target) => !existsSync(join(dirname(file), target)));
    expect(broken, `${file} links to missing files`).toEqual([]);
  });

  it("README links to every manual in docs/", () => {
    const readme = readFileSync("README.md", "utf8");
    const unlinked = readdirSync("docs").filter((name) => name.endsWith(".md") && !readme.includes(`docs/${name}`));
    expect(unlinked).toEqual([]);
  });
});
