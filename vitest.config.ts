import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    // Many tests run the real build (half a second alone, several on a busy two-core CI machine).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
