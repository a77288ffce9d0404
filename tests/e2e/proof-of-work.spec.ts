// The optional proof of work (form.proofOfWork, docs/receiver.md "Spam") in the browser: the built site with
// `delivery: /api/contact` and `proofOfWork: 100000` (the documented setting) in temporary content, served as
// nginx would (static files, /api/contact forwarded to the receiver), the real form typed into in Chromium. The
// form solves the receiver's challenge itself, the mail arrives at a real SMTP server on 127.0.0.1, a second
// message gets a challenge of its own; a script without a solution, or with a wrong one, is told all went well
// and nothing is kept or sent.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { build } from "../../src/pipeline/index.ts";
import { rulesFromContent } from "../../src/receiver/content-rules.ts";
import { forwardTo } from "../../src/receiver/forward.ts";
import { nodeReceiver } from "../../src/receiver/node-receiver.ts";
import { CONTACT_PATH, startReceiverServer } from "../../src/receiver/node-server.ts";
import type { ReceiverRules } from "../../src/receiver/rules.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { copyOfContent } from "../support/content.ts";
import { startSmtp } from "../unit/receiver/smtp.ts";

test.describe.configure({ mode: "serial" });

const MAX_NUMBER = 100_000;
const workDir = mkdtempSync(join(tmpdir(), "pow-e2e-"));
const content = copyOfContent();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: Server;
let rules: ReceiverRules;
let receiver: ReturnType<typeof nodeReceiver>;
let receiverServer: Awaited<ReturnType<typeof startReceiverServer>>;
let receiverClock = 0;
const START = Date.UTC(2026, 0, 5, 9, 0, 0);

test.beforeAll(async () => {
  smtp = await startSmtp();
  content.edit("site.yaml", (text) =>
    text
      .replace("delivery: simulated", "delivery: /api/contact")
      .replace("  minFillMs: 3000\n", `  minFillMs: 3000\n  proofOfWork: ${MAX_NUMBER}\n`),
  );
  await build({ contentDir: content.dir, outDir: join(workDir, "dist") });
  rules = await rulesFromContent(content.dir);
  let forward: ReturnType<typeof forwardTo> | undefined;
  site = await startStaticServer({
    dir: join(workDir, "dist"),
    port: 0,
    // What nginx's `location /api/contact` block does: pass the request on to the receiver.
    before(incoming, response, path) {
      if (path !== CONTACT_PATH) return false;
      void forward?.(incoming, response);
      return true;
    },
  });
  receiver = nodeReceiver(
    {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
      SITE_URL: urlOf(site),
      CONTACT_STORE: "memory",
    },
    rules,
    { now: () => receiverClock },
  );
  receiverServer = await startReceiverServer(receiver.receive, { port: 0 });
  forward = forwardTo(`http://127.0.0.1:${new URL(receiverServer.url ?? "").port}`);
});

test.afterAll(async () => {
  await receiverServer?.stop();
  await receiver?.close();
  site?.close();
  await smtp?.close();
  content.cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

/** Console errors and CSP violations (the solver is a second script file the island fetches). */
const problems = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  smtp.received.length = 0;
  receiverClock = START;
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") seen.push(message.text());
  });
  page.on("pageerror", (error) => seen.push(error.message));
  problems.set(page, seen);
  await page.clock.install({ time: START - 60_000 });
  await page.clock.pauseAt(START);
});

test.afterEach(async ({ page }) => {
  expect(problems.get(page), "console errors and CSP violations").toEqual([]);
});

const form = (page: Page) => page.locator("#contact-form-island");
const button = (page: Page) => form(page).locator('button[type="submit"]');
type Ticket = { token: string; challenge?: { maxnumber: number; salt: string } };
/** Every answer to the form's GET for its ticket (fill token and challenge), in order. */
function ticketsOf(page: Page): Ticket[] {
  const tickets: Ticket[] = [];
  page.on("response", (response) => {
    if (!(response.url().endsWith(CONTACT_PATH) && response.request().method() === "GET")) return;
    // A kept message makes the form ask for its next ticket at once, so the last answer can arrive as the test
    // ends and its body is gone with the page: that one is not counted. A ticket the test waits for and cannot
    // read still fails it, at the count it polls.
    response.json().then(
      (ticket) => tickets.push(ticket as Ticket),
      () => undefined,
    );
  });
  return tickets;
}
/** sonner shows a toast from a zero-delay timer, which the paused clock only runs when told to. */
async function seeToast(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(async () => {
    await page.clock.runFor(1);
    await expect(toast).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [0], timeout: 60_000 });
}
/** Types as a person does, the minimum fill time passing on both clocks, once the form holds `tickets` tickets. */
async function type(page: Page, values: Record<string, string>, tickets: Ticket[], count: number) {
  for (const [field, value] of Object.entries(values)) await form(page).locator(`[name="${field}"]`).fill(value);
  await expect.poll(() => tickets.length).toBe(count);
  receiverClock += rules.minFillMs ?? 0;
  await page.clock.runFor(rules.minFillMs ?? 0);
  return tickets[count - 1] as Ticket;
}
const posted = (page: Page) =>
  page.waitForRequest((request) => request.url().endsWith(CONTACT_PATH) && request.method() === "POST");
/** The solution the form sent with its message: ALTCHA's payload. */
const solutionIn = (body: string | null) =>
  JSON.parse(atob((JSON.parse(body ?? "{}") as { proofOfWork?: string }).proofOfWork ?? "bnVsbA==")) as {
    number: number;
    salt: string;
  } | null;

const ADA = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  company: "Analytical Engines Ltd",
  message: "Please call me back about a support bot for our shop.",
};
const GRETE = {
  name: "Grete Köhler",
  email: "grete@example.de",
  company: "Köhler & Söhne GmbH",
  message: "Wir möchten unsere Anfragen schneller beantworten.",
};

test("the real form solves the receiver's challenge and delivers; the next message solves a new one", async ({
  page,
}) => {
  expect(rules.proofOfWork).toBe(MAX_NUMBER);
  const tickets = ticketsOf(page);
  await page.goto(`${urlOf(site)}/`);
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(button(page)).toBeEnabled();

  const first = await type(page, ADA, tickets, 1);
  expect(first.challenge).toMatchObject({ maxnumber: MAX_NUMBER });
  const firstPost = posted(page);
  await button(page).click();
  const solution = solutionIn((await firstPost).postData());
  expect(solution?.salt).toBe(first.challenge?.salt);
  expect(solution?.number).toBeLessThanOrEqual(MAX_NUMBER);
  await seeToast(page, "Message Received!");
  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1);
  expect((smtp.received[0] as ParsedMail).text).toContain(ADA.message);

  // A kept message used its challenge up: the form has asked for a new one, and the next message carries it.
  const renewed = await type(page, GRETE, tickets, 2);
  expect(renewed.challenge?.salt).not.toBe(first.challenge?.salt);
  // The form's own throttle wants a gap between two messages (minGapMs); the page's clock moves past it.
  await page.clock.runFor(60_000);
  const again = posted(page);
  await button(page).click();
  expect(solutionIn((await again).postData())?.salt).toBe(renewed.challenge?.salt);
  await seeToast(page, "Message Received!");
  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(2);
  expect((smtp.received[1] as ParsedMail).text).toContain(GRETE.message);
});

test("a script with the fill token but no solution, or a wrong one, is told all went well; nothing is kept or sent", async ({
  page,
}) => {
  await page.goto(`${urlOf(site)}/`);
  const before = receiver.outbox.status();
  const ticket = await page.evaluate(async () => (await fetch("/api/contact")).json());
  receiverClock += 60_000;
  const answers = await page.evaluate(
    async ({ values, ticket }) => {
      const post = async (extra: Record<string, string>, n: number) => {
        const response = await fetch("/api/contact", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            ...values,
            language: "en",
            page: "/",
            idempotencyKey: `9a8b7c6d-5e4f-4a3b-8c2d-00000000000${n}`,
            fillToken: ticket.token,
            ...extra,
          }),
        });
        return [response.status, await response.json()];
      };
      const guessed = btoa(JSON.stringify({ ...ticket.challenge, number: 1 }));
      return [await post({}, 1), await post({ proofOfWork: guessed }, 2)];
    },
    { values: ADA, ticket },
  );
  expect(answers).toEqual([
    [202, { status: "received" }],
    [202, { status: "received" }],
  ]);
  expect(receiver.outbox.status()).toMatchObject({ queued: 0, sending: 0, sent: before.sent });
  expect(smtp.received).toHaveLength(0);
});
