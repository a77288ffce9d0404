import { defineConfig } from "vitest/config";

// The WebKit tests (tests/webkit/README.md): one browser session for the whole run, so one file after another.
export default defineConfig({
  test: {
    include: ["tests/webkit/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/webkit/global-setup.ts"],
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
