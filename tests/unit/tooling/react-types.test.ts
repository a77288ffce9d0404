import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

// The type checker knows React by @types/react: types of another major version accept APIs the runtime lacks (19's
// `use`, actions and ref-as-prop under React 18) or refuse ones it has. Each pair moves together.
const versionOf = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
const major = (version: string) => version.split(".")[0];

it.each([
  ["react", "@types/react"],
  ["react-dom", "@types/react-dom"],
])("%s runs with types of its own major version", (runtime, types) => {
  expect(major(versionOf(types)), `${types} ${versionOf(types)} beside ${runtime} ${versionOf(runtime)}`).toBe(
    major(versionOf(runtime)),
  );
});
