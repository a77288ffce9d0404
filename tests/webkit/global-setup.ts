/**
 * Starts what every WebKit test file shares: the test server over dist/ (npm test builds it first), Xvfb,
 * WebKitWebDriver and one browser session; hands the files their addresses and ends all of it afterwards.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startReportingServer } from "./server.ts";
import { newSession, startWebKit } from "./webkit.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync("dist/index.html"))
    throw new Error("the WebKit tests run against dist/: build it first (npx tsx src/cli/build.ts)");
  const server = await startReportingServer("dist");
  const webkit = await startWebKit().catch((error: unknown) => {
    server.close();
    throw error;
  });
  const driver = await newSession(webkit.driverUrl).catch(async (error: unknown) => {
    await webkit.stop();
    server.close();
    throw error;
  });
  project.provide("webkit", {
    driverUrl: webkit.driverUrl,
    sessionId: (await driver.getSession()).getId(),
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  return async () => {
    await driver.quit().catch(() => undefined);
    await webkit.stop();
    server.closeAllConnections();
    server.close();
  };
}
