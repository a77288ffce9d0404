import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// npm run mutation (bench/mutation.ts): each group's own test files, passed in MUTATION_TEST_FILES. Not
// Stryker's testFiles option, with which a mutant that runs when its module loads is switched on too late
// and reported as survived (stryker-js issues 6144 and 6209).
// MUTATION_SKIP_TESTS: the starts of test names the group leaves out (bench/mutation.ts says why, per test).
const skipped = JSON.parse(process.env.MUTATION_SKIP_TESTS ?? "[]") as string[];
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: (process.env.MUTATION_TEST_FILES ?? "").split(",").filter(Boolean),
    ...(skipped.length > 0 ? { testNamePattern: new RegExp(`^(?!(?:${skipped.map(literally).join("|")}))`) } : {}),
  },
});
