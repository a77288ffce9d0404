import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { build } from "../../src/pipeline/index.ts";
import { content as siteContent } from "./content.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { copyOfContent } from "../support/content.ts";
import { ADA } from "../support/message.ts";

// The optional real delivery, against a real HTTP receiver on 127.0.0.1 and a build whose CSP allows it.
type Mode = "ok" | "error" | "hang" | "html";

const received: Record<string, string>[] = [];
/** Every POST that reached the receiver, whatever it answered. */
let posts = 0;
let mode: Mode = "ok";
let receiver: Server;
let receiverPort = 0;
let site: Server;
const hanging: (() => void)[] = [];
const workDir = mkdtempSync(join(tmpdir(), "delivery-"));
const content = copyOfContent();
const copy = siteContent.langs;

function startReceiver(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    // A form back-end on another origin answers the browser's CORS preflight, as Formspree does.
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "content-type, accept");
    if (request.method === "OPTIONS") return void response.writeHead(204).end();
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      posts += 1;
      if (mode === "hang") return void hanging.push(() => response.destroy());
      received.push({ ...JSON.parse(body), accept: request.headers.accept ?? "" });
      if (mode === "error")
        return void response.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"boom"}');
      // A captcha or login page in front of the back-end: 200, but nothing was delivered.
      if (mode === "html")
        return void response
          .writeHead(200, { "Content-Type": "text/html" })
          .end("<!DOCTYPE html><title>Verify you are human</title>");
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

test.describe.configure({ mode: "serial" });

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

test.beforeAll(async () => {
  receiver = await startReceiver(0);
  receiverPort = (receiver.address() as AddressInfo).port;
  content.edit("site.yaml", (text) =>
    text.replace("delivery: simulated", `delivery: http://127.0.0.1:${receiverPort}/messages`),
  );
  await build({ contentDir: content.dir, outDir: join(workDir, "dist") });
  site = await startStaticServer({ dir: join(workDir, "dist"), port: 0 });
});

test.afterAll(async () => {
  for (const release of hanging) release();
  receiver.closeAllConnections();
  receiver.close();
  site.close();
  content.cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  received.length = 0;
  posts = 0;
  mode = "ok";
  const problems: string[] = [];
  page.on("console", (message) => {
    // The failed deliveries below are the point of these tests; Chromium reports them on the console.
    if (message.type() === "error" && !/Failed to load resource|net::ERR_/.test(message.text()))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  test.info().annotations.push({ type: "console", description: "checked after the test" });
  (page as Page & { problems?: string[] }).problems = problems;
  // Paused: time moves only when a test says so (runFor), however long the machine takes.
  await page.clock.install({ time: START - 60_000 });
  await page.clock.pauseAt(START);
  await page.goto(`${urlOf(site)}/`);
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(page.locator('#contact-form-island button[type="submit"]')).toBeEnabled();
});

test.afterEach(async ({ page }) => {
  expect((page as Page & { problems?: string[] }).problems, "console errors and CSP violations").toEqual([]);
});

const form = (page: Page) => page.locator("#contact-form-island");
const button = (page: Page) => form(page).locator('button[type="submit"]');
/** The tests' valid message (tests/support/message.ts) as someone types it, with spaces the form trims. */
const TYPED = {
  name: `  ${ADA.name} `,
  email: ADA.email,
  company: ADA.company,
  // Spaces around it are trimmed; what sanitising would remove (an "onerror=") the form now refuses instead.
  message: `   ${ADA.message}  `,
};

async function fill(page: Page) {
  for (const [field, value] of Object.entries(TYPED)) await form(page).locator(`[name="${field}"]`).fill(value);
}
async function expectKept(page: Page) {
  for (const [field, value] of Object.entries(TYPED))
    await expect(form(page).locator(`[name="${field}"]`)).toHaveValue(value);
}
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
/** sonner shows a toast from a zero-delay timer, which the paused clock only runs when told to. */
async function seeToast(page: Page, title: string) {
  await expect(async () => {
    await page.clock.runFor(1);
    await expect(toast(page, title)).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [0] });
  return toast(page, title);
}

test("the build allows exactly the endpoint's origin to be contacted", async ({ page }) => {
  const response = await page.request.get(`${urlOf(site)}/`);
  expect(response.headers()["content-security-policy"]).toContain(
    `connect-src 'self' http://127.0.0.1:${receiverPort};`,
  );
});

test("a message arrives once, trimmed, as JSON with the page and language; the form resets", async ({ page }) => {
  await fill(page);
  await button(page).click();
  await button(page).click({ force: true }); // a second click while the first is on its way
  await seeToast(page, copy.en.form.toasts.success.title);
  expect(received).toEqual([
    {
      ...ADA,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      accept: "application/json",
    },
  ]);
  await expect(form(page).locator('[name="name"]')).toHaveValue("");
});

for (const failure of [
  "answers 500",
  "answers 200 with an HTML page",
  "never answers",
  "refuses the connection",
] as const) {
  test(`a receiver that ${failure}: error toast, every value kept, not counted by the throttle, and a retry succeeds with the same idempotency key`, async ({
    page,
  }) => {
    if (failure === "answers 500") mode = "error";
    if (failure === "answers 200 with an HTML page") mode = "html";
    if (failure === "never answers") mode = "hang";
    if (failure === "refuses the connection") {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
    await fill(page);
    await button(page).click();
    if (failure === "never answers") {
      // While the request is in flight the form cannot be sent again, by click or by Enter.
      await expect(button(page)).toHaveText(copy.en.form.sending);
      await expect(button(page)).toBeDisabled();
      await form(page).locator('[name="company"]').press("Enter");
      await expect.poll(() => posts).toBe(1);
      await page.clock.runFor(9_999);
      await expect(button(page)).toHaveText(copy.en.form.sending);
      await page.clock.runFor(1);
    }
    const notSent = await seeToast(page, copy.en.form.toasts.notSent.title);
    await expect(notSent).toContainText(copy.en.form.toasts.notSent.text);
    expect(copy.en.form.toasts.notSent.text).toContain("hello@leap-ai.example");
    // The address is a link that writes to it (issue 58), in the toast and in the status line.
    for (const where of [notSent, form(page).getByRole("status")])
      await expect(where.getByRole("link", { name: "hello@leap-ai.example" })).toHaveAttribute(
        "href",
        "mailto:hello@leap-ai.example",
      );
    await expectKept(page);
    await expect(button(page)).toBeEnabled();
    expect(posts).toBe(failure === "refuses the connection" ? 0 : 1);

    const firstKey = received[0]?.idempotencyKey;

    // Retry at once: a failed attempt does not start the 30-second wait.
    mode = "ok";
    received.length = 0;
    if (failure === "refuses the connection") receiver = await startReceiver(receiverPort);
    await button(page).click();
    await seeToast(page, copy.en.form.toasts.success.title);
    expect(received).toHaveLength(1);
    // The same message again: a back-end that saw the first attempt can drop this one as its duplicate.
    if (firstKey !== undefined) expect(received[0]?.idempotencyKey).toBe(firstKey);
    await expect(form(page).locator('[name="message"]')).toHaveValue("");
  });
}

test("a retry after switching language is still the same message, with the same idempotency key", async ({ page }) => {
  mode = "error";
  await fill(page);
  await button(page).click();
  await seeToast(page, copy.en.form.toasts.notSent.title);
  const firstKey = received[0]?.idempotencyKey;
  expect(firstKey).toMatch(/^[0-9a-f-]{32,36}$/);

  // In place: the island re-mounts in German with everything typed.
  await page.locator("[data-lang-switch]").first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectKept(page);
  mode = "ok";
  received.length = 0;
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(button(page)).toBeEnabled();
  await button(page).click();
  await seeToast(page, copy.de.form.toasts.success.title);
  expect(received.map((message) => message.idempotencyKey)).toEqual([firstKey]);
});
