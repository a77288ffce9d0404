import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { TEST_CHROMIUM } from "./tests/e2e/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 4319);

// Runs against the built dist/ (npm test builds first), served by the same server as npm start.
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // One worker more than cores: each test waits on its browser and the server part of the time. On the 2-core
  // machine, quiet, the whole suite took 377 s with two workers and 340 s with three (docs/performance.md).
  workers: process.env.CI ? availableParallelism() + 1 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  // Artifacts in a folder of their own: Playwright empties outputDir, and test-results/ also holds vitest's report.
  outputDir: "test-results/e2e-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: TEST_CHROMIUM,
    serviceWorkers: "block",
    trace: "off",
  },
  webServer: {
    command: `node --import tsx src/cli/serve.ts --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    timeout: 30_000,
  },
});
