import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    // Names the folder the host tests (tests/unit/hosts/) share one build in; builds nothing itself.
    globalSetup: ["tests/unit/hosts/global-setup.ts"],
    // Many tests run the real build (half a second alone, several on a busy two-core CI machine).
    testTimeout: 30_000,
    // Two files at a time even on two cores (vitest would run one): most of a file's time waits on another
    // process or thread (a build's validation threads, nginx, wrangler, a browser), and each test has its own folders.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 60_000,
  },
});
