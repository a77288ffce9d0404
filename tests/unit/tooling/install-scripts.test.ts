import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// .npmrc sets loglevel=error (engine warnings from the system Node), which also hides npm 11's notice about
// install scripts nobody reviewed. This keeps that review: every package in the lock file that runs an install
// script is approved by name in package.json's allowScripts, and nothing else is.
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };

test("allowScripts approves exactly the packages with install scripts", () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length))
    .sort();
  const approved = Object.entries(manifest.allowScripts ?? {})
    .filter(([, allowed]) => allowed)
    .map(([name]) => name.replace(/@[^@/]+$/, ""))
    .sort();
  expect(approved).toEqual(withScripts);
});
