import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { CODE_FILES, codeFingerprint } from "../../../../src/pipeline/incremental/fingerprint.ts";

// A copy of the project's code (src/ and the files beside it that make the build), so that its templates,
// stylesheets and lock file can be edited as a developer would, without touching the real ones.
const project = mkdtempSync(join(tmpdir(), "incremental-code-"));
cpSync("src", join(project, "src"), { recursive: true });
for (const file of CODE_FILES) {
  mkdirSync(dirname(join(project, file)), { recursive: true });
  cpSync(file, join(project, file));
}
afterAll(() => rmSync(project, { recursive: true, force: true }));

const append = (file: string, text: string) =>
  writeFileSync(join(project, file), `${readFileSync(join(project, file), "utf8")}${text}`);

it("the same code has the same fingerprint: the caches stay valid", () => {
  expect(codeFingerprint(project)).toBe(codeFingerprint(project));
});

it.each([
  ["a template", "src/components/Footer.tsx", "\n// edited\n"],
  ["the stylesheet", "src/styles/site.css", "\n.edited { color: red }\n"],
  ["the browser's code", "src/client/language-switch.ts", "\n// edited\n"],
  ["a locked dependency", "package-lock.json", "\n"],
  ["the build's entry point", "src/cli/build.ts", "\n// edited\n"],
])("an edit to %s changes it, which empties every incremental cache", (_name, file, text) => {
  const before = codeFingerprint(project);
  append(file, text);
  expect(codeFingerprint(project)).not.toBe(before);
});

it("a new file in src/ changes it", () => {
  const before = codeFingerprint(project);
  writeFileSync(join(project, "src", "components", "New.tsx"), "export const New = () => null;\n");
  expect(codeFingerprint(project)).not.toBe(before);
});

it("a file that a command generates into src/ from the content is not code: the caches stay valid", () => {
  const before = codeFingerprint(project);
  writeFileSync(join(project, "src", "receiver", "hosts", "rules.generated.js"), "export default { changed: true };\n");
  expect(codeFingerprint(project)).toBe(before);
});
