import { expect } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { nodeReceiver } from "../../../src/receiver/node-receiver.ts";
import { startReceiverServer } from "../../../src/receiver/node-server.ts";

let keys = 0;

/** A message as the form sends it, with a fresh idempotency key. */
export const contactMessage = () => ({
  name: "Grete Köhler",
  email: "grete@example.org",
  company: "Köhler & Söhne",
  message: "Wir brauchen einen Chatbot für unsere Kundschaft.",
  language: "de",
  page: "/de/",
  idempotencyKey: `6a1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`,
});

/**
 * A POST to the host's /api/contact, as the form sends it from `origin`; with the host's `secret` (its mail
 * credential), carrying the fill token the form would hold, asked for a minute before (docs/receiver.md, "Spam").
 */
export async function postContact(base: string, body: object, origin: string, secret?: string) {
  const fillToken = secret ? (await fillTokens(secret).issue(Date.now() - 60_000, 0)).token : undefined;
  const response = await fetch(`${base}/api/contact`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(fillToken ? { ...body, fillToken } : body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Every security header of the receiver's answers is there, each with its value. */
export function expectApiHeaders(headers: Headers, expected: Record<string, string>): void {
  const wrong = Object.entries(expected)
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name]) => `${name}: ${headers.get(name) ?? "missing"}`);
  expect(wrong).toEqual([]);
}

/**
 * npm run receiver's receiver in this process (a memory store, a mail server that is never reached: these checks
 * send nothing that would be mailed), for the hosts that forward /api/contact to it: nginx and npm run serve.
 */
export async function startLocalReceiver(siteUrl: string) {
  const receiver = nodeReceiver(
    {
      SMTP_URL: "smtp://127.0.0.1:9",
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: siteUrl,
      CONTACT_STORE: "memory",
    },
    await rulesFromContent(),
  );
  const server = await startReceiverServer(receiver.receive, { port: 0, ...receiver.gates });
  return {
    port: Number(new URL(server.url ?? "").port),
    url: (server.url ?? "").replace(/\/$/, ""),
    async stop() {
      await server.stop();
      await receiver.close(1_000);
    },
  };
}
