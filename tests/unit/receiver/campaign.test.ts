import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { nodeReceiver } from "../../../src/receiver/node-receiver.ts";
import { startReceiverServer } from "../../../src/receiver/node-server.ts";
import { campaignOf } from "../../../src/shared/form/index.ts";
import { copyOfContent } from "../../support/content.ts";
import { ADA } from "../../support/message.ts";
import { startSmtp } from "./smtp.ts";

// Issue 59: a landing page's lead names its campaign. The call to action leads to the form with
// ?campaign=<code>&from=<landing page>; the form sends its page's query as it is; the receiver (rules from a real content/ whose
// site.yaml lists the campaigns) puts the campaign's name and the landing page into the mail that a real SMTP
// server on 127.0.0.1 receives.
const SITE = "https://www.leap-ai.example";
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const content = copyOfContent();
content.edit(
  "site.yaml",
  (text) => `${text}\ncampaigns:\n  - { code: ai-readiness-workshop, name: "AI readiness workshop" }\n`,
);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receivers: { stop: () => Promise<void> }[] = [];
let keys = 0;
const newKey = () => `0f1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`;

/** A receiver whose mail frame is in `language`; returns its POST. */
async function receiverIn(language: string) {
  const rules = await rulesFromContent(content.dir);
  const receiver = nodeReceiver(
    {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
      SITE_URL: SITE,
      CONTACT_STORE: "memory",
      CONTACT_MAIL_LANGUAGE: language,
    },
    rules,
    { now: () => START, sendTimeoutMs: 5_000 },
  );
  const server = await startReceiverServer(receiver.receive, { port: 0 });
  receivers.push({
    stop: async () => {
      await server.stop();
      await receiver.close(5_000);
    },
  });
  return async (body: Record<string, string>) => {
    const fillToken = (await fillTokens(smtp.url).issue(START - 60_000, 0)).token;
    return fetch(`${server.url}api/contact`, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      body: JSON.stringify({ ...ADA, idempotencyKey: newKey(), fillToken, ...body }),
    });
  };
}

/** The mail the SMTP server received for the message sent from `name`. */
async function mailFrom(name: string) {
  await expect
    .poll(() => smtp.received.some((mail) => mail.replyTo?.value[0]?.name === name), { interval: 20, timeout: 15_000 })
    .toBe(true);
  const mails = smtp.received.filter((mail) => mail.replyTo?.value[0]?.name === name);
  expect(mails).toHaveLength(1);
  return mails[0] as (typeof mails)[number];
}

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.stop();
  receivers = [];
  await smtp.close();
  content.cleanup();
});

describe("a campaign's lead", () => {
  it("names the campaign and its landing page in the subject and the body, once", async () => {
    const post = await receiverIn("en");
    const response = await post({
      name: "Grace Hopper",
      query: "?campaign=ai-readiness-workshop&from=%2Fworkshops%2Fai-readiness",
    });
    expect(response.status).toBe(202);
    const mail = await mailFrom("Grace Hopper");
    expect(mail.subject).toBe(
      "Leap AI contact form: Grace Hopper, Analytical Engines Ltd (EN, AI readiness workshop, /workshops/ai-readiness)",
    );
    expect(mail.text).toContain("Campaign:     AI readiness workshop (ai-readiness-workshop)\n");
    expect(mail.text).toContain(`Landing page: ${SITE}/workshops/ai-readiness\n`);
    expect(mail.text).toContain(`Page:         ${SITE}/\n`);
  });

  it("in a German frame says Kampagne and Landingpage", async () => {
    const post = await receiverIn("de");
    const response = await post({
      name: "Lise Meitner",
      language: "de",
      page: "/de/",
      query: "?campaign=ai-readiness-workshop&from=/de/workshops/ki-readiness",
    });
    expect(response.status).toBe(202);
    const mail = await mailFrom("Lise Meitner");
    expect(mail.text).toContain("Kampagne:    AI readiness workshop (ai-readiness-workshop)\n");
    expect(mail.text).toContain(`Landingpage: ${SITE}/de/workshops/ki-readiness\n`);
  });

  it("with a code the site does not list is kept and mailed, the code said as unknown", async () => {
    const post = await receiverIn("en");
    const response = await post({ name: "Emmy Noether", query: "?campaign=spring-webinar&from=/webinar" });
    expect(response.status).toBe(202);
    const mail = await mailFrom("Emmy Noether");
    expect(mail.text).toContain("Campaign:     spring-webinar (not in site.yaml's campaigns)\n");
  });

  it("a message without a campaign reads as before: no campaign lines", async () => {
    const post = await receiverIn("en");
    expect((await post({ name: "Mary Somerville", query: "?utm_source=newsletter" })).status).toBe(202);
    const mail = await mailFrom("Mary Somerville");
    expect(mail.text).not.toContain("Campaign");
    expect(mail.subject).toBe("Leap AI contact form: Mary Somerville, Analytical Engines Ltd (EN, /)");
  });

  it("an address edited by hand loses its campaign, never its message", async () => {
    const post = await receiverIn("en");
    const forged = "?campaign=Spring%20Webinar%0D%0ABcc:%20x@evil.example&from=/";
    expect((await post({ name: "Ada Byron", query: forged })).status).toBe(202);
    const byron = await mailFrom("Ada Byron");
    expect(byron.text).not.toContain("Campaign");
    expect(byron.headers.get("bcc")).toBeUndefined();
    expect((await post({ name: "Ada King", query: "?campaign=spring-webinar&from=//evil.example/x" })).status).toBe(
      202,
    );
    const king = await mailFrom("Ada King");
    expect(king.text).toContain("Landing page: unknown (the form named no page of this site)\n");
  });
});

describe("the form's campaign fields, from its page's address", () => {
  it("take a code and a landing page of the shape a call to action writes, and nothing else", () => {
    expect(campaignOf("?campaign=ai-readiness-workshop&from=/workshops/ai")).toEqual({
      campaign: "ai-readiness-workshop",
      landingPage: "/workshops/ai",
    });
    expect(campaignOf("?campaign=ai-readiness-workshop")).toEqual({ campaign: "ai-readiness-workshop" });
    expect(campaignOf("")).toEqual({});
    expect(campaignOf("?from=/workshops/ai")).toEqual({});
    expect(campaignOf("?campaign=AI%20Workshop")).toEqual({});
    expect(campaignOf(`?campaign=${"a".repeat(41)}`)).toEqual({});
    expect(campaignOf("?campaign=webinar&from=//evil.example")).toEqual({ campaign: "webinar" });
    expect(campaignOf("?campaign=webinar&from=https://evil.example/")).toEqual({ campaign: "webinar" });
  });
});
