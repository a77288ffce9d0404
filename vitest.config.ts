import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    // Names the folder the host tests (tests/unit/hosts/) share one build in; builds nothing itself.
    globalSetup: ["tests/unit/hosts/global-setup.ts"],
    // Many tests run the real build (half a second alone, several on a busy two-core CI machine).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
