import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";

test("npm test without Chromium stops at once with one line that says how to install it", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "tests/support/test.ts"], {
    env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("/nonexistent/chromium");
  expect(lines[0]).toContain("apt-get install chromium");
  expect(lines[0]).toContain("CHROMIUM_PATH=");
  // Nothing ran: no build output, no test report.
  expect(result.stdout).toBe("");
});

test("npm test without WebKitGTK's WebDriver stops at once with one line that says how to install it", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "tests/support/test.ts"], {
    env: { ...process.env, WEBKIT_DRIVER_PATH: "/nonexistent/WebKitWebDriver" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("/nonexistent/WebKitWebDriver");
  expect(lines[0]).toContain("apt-get install webkit2gtk-driver xvfb");
  expect(lines[0]).toContain("WEBKIT_DRIVER_PATH");
  expect(result.stdout).toBe("");
});

test("npm test with neither browser names both on its one line", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "tests/support/test.ts"], {
    env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium", XVFB_PATH: "/nonexistent/Xvfb" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("apt-get install chromium");
  expect(lines[0]).toContain("apt-get install webkit2gtk-driver xvfb");
  expect(result.stdout).toBe("");
});
