import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { layerViolations, type Room, roomsOf, shippedOutside, type SourceFile } from "./layers.ts";

// Layers point down: each room of src/ says in its README which rooms it may import, and this holds the code to it.
const sources: SourceFile[] = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "src"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => /\.(ts|tsx|mts|mjs)$/.test(path) && !path.endsWith(".d.ts") && !path.endsWith(".d.mts"))
  .map((path) => ({ path, text: readFileSync(path, "utf8") }));

const folders = readdirSync("src", { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `${entry.parentPath}/${entry.name}`.replace(/^src\//, ""));
const rooms = roomsOf(".", folders);
const CLIENT_ENTRIES = ["src/client/main.ts", "src/client/form-island.tsx", "src/client/video.ts"];
const BROWSER_ROOMS = ["client", "components", "shared"];

describe("the layers of src/", () => {
  it("every file is in a room, and imports only what its room's README allows", () => {
    expect(layerViolations(sources, rooms)).toEqual([]);
  });

  it("the rules are the ones the issue asked for", () => {
    const allowed = (name: string) => rooms.find((room) => room.name === name)?.mayImport ?? ["(no room)"];
    for (const above of ["routes", "components", "pages", "pipeline", "server", "client", "dev"])
      expect(allowed("content"), `content/ may not import ${above}/`).not.toContain(above);
    expect(allowed("server").filter((name) => name.startsWith("pipeline"))).toEqual([]);
    expect(allowed("client").filter((name) => name.startsWith("pipeline") || name === "content")).toEqual([]);
    expect(allowed("host")).toEqual([]);
    expect(allowed("shared")).toEqual([]);
  });

  it("the browser's code reaches nothing but the client, the components it renders and shared logic", () => {
    expect(shippedOutside(sources, CLIENT_ENTRIES, BROWSER_ROOMS)).toEqual([]);
  });

  it("fails on a planted forbidden import, naming the file, the import and the rule", () => {
    const planted: SourceFile[] = [
      ...sources,
      {
        path: "src/content/planted.ts",
        text: 'import { build } from "../pipeline/index.ts";\nexport const b = build;\n',
      },
      { path: "src/server/planted.ts", text: 'export { hostFiles } from "../pipeline/host-files/index.ts";\n' },
    ];
    const found = layerViolations(planted, rooms);
    expect(found).toEqual([
      {
        file: "src/content/planted.ts",
        imports: "src/pipeline/index.ts",
        why: expect.stringMatching(/^src\/content\/ may import .* \(its README\), not pipeline\/$/),
      },
      {
        file: "src/server/planted.ts",
        imports: "src/pipeline/host-files/index.ts",
        why: expect.stringMatching(/not pipeline\/host-files\/$/),
      },
    ]);
  });

  it("fails on browser code that would pull in the content loader, but not on a type-only import", () => {
    const planted: SourceFile[] = [
      ...sources,
      { path: "src/client/planted.ts", text: 'import { loadContent } from "../content/load.ts";\nloadContent();\n' },
      {
        path: "src/client/typed.ts",
        text: 'import type { Page } from "../content/types.ts";\nexport type P = Page;\n',
      },
    ];
    const found = shippedOutside(planted, ["src/client/planted.ts", "src/client/typed.ts"], BROWSER_ROOMS);
    expect(found).toContainEqual(
      expect.objectContaining({ file: "src/client/planted.ts", imports: "src/content/load.ts" }),
    );
    expect(found.filter((violation) => violation.file === "src/client/typed.ts")).toEqual([]);
  });

  it("a file in a folder without a README is in no room", () => {
    const orphan: Room[] = rooms.filter((room) => room.name !== "text");
    expect(layerViolations(sources, orphan).map((violation) => violation.file)).toContain("src/text/hyphenate.ts");
  });
});
