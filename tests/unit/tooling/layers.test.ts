import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  isBrowserFile,
  layerViolations,
  mayShip,
  type Room,
  roomsOf,
  shippedOutside,
  type SourceFile,
} from "./layers.ts";

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
// Every browser file counts as an entry point: the bundles start at some of them, and none may reach Node code.
const BROWSER_FILES = sources.map((file) => file.path).filter(isBrowserFile);
const BROWSER_FOLDERS = ["client", "editor/browser", "dev/browser"];

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
    // The commands are the top: they call every room that runs, and nothing calls them.
    for (const room of ["pipeline", "dev", "server", "publish", "receiver"]) expect(allowed("cli")).toContain(room);
    for (const below of ["client", "components", "pages"])
      expect(allowed("cli"), `cli/ may not import ${below}/`).not.toContain(below);
    expect(rooms.filter((room) => room.mayImport.includes("cli")).map((room) => room.name)).toEqual([]);
  });

  it("the receiver's command never loads the build, and fails on a planted import of pipeline/", () => {
    const receiver = "src/cli/receiver.ts";
    const notTheBuild = (path: string) => !path.startsWith("src/pipeline/");
    expect(shippedOutside(sources, [receiver], notTheBuild)).toEqual([]);
    const text = sources.find((file) => file.path === receiver)?.text ?? "";
    expect(text).not.toBe("");
    const planted = [
      ...sources.filter((file) => file.path !== receiver),
      { path: receiver, text: `import { build } from "../pipeline/index.ts";\n${text}` },
    ];
    expect(shippedOutside(planted, [receiver], notTheBuild)).toContainEqual(
      expect.objectContaining({ file: receiver, imports: "src/pipeline/index.ts" }),
    );
  });

  it("fails on a planted import of a command from below, of what cli/ may not import, and of bench/ from src/", () => {
    const planted: SourceFile[] = [
      ...sources,
      { path: "src/pipeline/planted.ts", text: 'import { readOptions } from "../cli/cli-options.ts";\nreadOptions;\n' },
      {
        path: "src/cli/planted.ts",
        text: 'import { Header } from "../components/Header.tsx";\nexport const h = Header;\n',
      },
      { path: "src/cli/planted-bench.ts", text: 'import "../../bench/bench.ts";\n' },
      { path: "src/server/planted.ts", text: 'export { median } from "../../bench/measure.ts";\n' },
    ];
    expect(layerViolations(planted, rooms)).toEqual([
      { file: "src/pipeline/planted.ts", imports: "src/cli/cli-options.ts", why: expect.stringMatching(/not cli\/$/) },
      {
        file: "src/cli/planted.ts",
        imports: "src/components/Header.tsx",
        why: expect.stringMatching(/not components\/$/),
      },
      { file: "src/cli/planted-bench.ts", imports: "bench/bench.ts", why: "reaches outside src/" },
      { file: "src/server/planted.ts", imports: "bench/measure.ts", why: "reaches outside src/" },
    ]);
  });

  it("the browser's code reaches nothing but browser files, the components it renders and shared logic", () => {
    for (const entry of ["src/client/main.ts", "src/client/form-island.tsx", "src/client/video.ts"])
      expect(BROWSER_FILES).toContain(entry);
    for (const folder of BROWSER_FOLDERS)
      expect(BROWSER_FILES.filter((path) => path.startsWith(`src/${folder}/`)).length, folder).toBeGreaterThan(0);
    expect(shippedOutside(sources, BROWSER_FILES, mayShip)).toEqual([]);
  });

  it("fails on a planted import of Node code from each browser folder, and of the build from the editor", () => {
    const planted: SourceFile[] = BROWSER_FOLDERS.map((folder) => ({
      path: `src/${folder}/planted.ts`,
      text: `import { loadContent } from "${"../".repeat(folder.split("/").length)}content/load.ts";\nloadContent();\n`,
    }));
    for (const file of planted)
      expect(shippedOutside([...sources, file], [file.path], mayShip)).toContainEqual(
        expect.objectContaining({ file: file.path, imports: "src/content/load.ts" }),
      );
    const editor: SourceFile = {
      path: "src/editor/planted.ts",
      text: 'import { build } from "../pipeline/index.ts";\nexport const b = build;\n',
    };
    expect(layerViolations([...sources, editor], rooms)).toEqual([
      { file: editor.path, imports: "src/pipeline/index.ts", why: expect.stringMatching(/not pipeline\/$/) },
    ]);
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
    const found = shippedOutside(planted, ["src/client/planted.ts", "src/client/typed.ts"], mayShip);
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
