import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// npm run mutation (scripts/mutation.ts): each group's own test files, passed in MUTATION_TEST_FILES. Not
// Stryker's testFiles option, with which a mutant that runs when its module loads is switched on too late
// and reported as survived (stryker-js issues 6144 and 6209).
export default defineConfig({
  ...base,
  test: { ...base.test, include: (process.env.MUTATION_TEST_FILES ?? "").split(",").filter(Boolean) },
});
