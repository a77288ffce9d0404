import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The libraries as the build runs them: Node's own conditions, not Vite's "development" (micromark's development
  // build asserts at every token). Vitest starts its workers with `--conditions` from the resolved ssr.resolve
  // conditions, to which Vite's defaults add "development" whatever is set here: the plugin puts back ours alone, so
  // that Node itself, loading a library's own imports, picks the production files too (the unit run: 379 CPU-s before,
  // 321 after).
  ssr: { resolve: { conditions: ["node"] } },
  plugins: [
    {
      name: "node-conditions-only",
      configResolved(config) {
        config.ssr.resolve ??= {};
        config.ssr.resolve.conditions = ["node"];
      },
    },
  ],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    // Names the folder the host tests (tests/unit/hosts/) share one build in; builds nothing itself.
    globalSetup: ["tests/unit/hosts/global-setup.ts", "tests/unit/caches-setup.ts"],
    // Many tests run the real build (half a second alone, several on a busy two-core CI machine).
    testTimeout: 30_000,
    // Two files at a time even on two cores (vitest would run one): most of a file's time waits on another
    // process or thread (a build's validation threads, nginx, wrangler, a browser), and each test has its own folders.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share a worker's loaded modules (html-validate, React, the build) instead of loading them again for each
    // of 130 files: a fifth of the unit tests' CPU. A test that replaces a module (vi.doMock) puts it back and
    // resets the module registry after itself, so that the next file imports the real one.
    isolate: false,
    hookTimeout: 60_000,
  },
});
