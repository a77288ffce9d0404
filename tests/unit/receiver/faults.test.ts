/**
 * The fault matrix of issue 41: the Node receiver (real HTTP on 127.0.0.1, the SQLite outbox, the sender) against
 * a real SMTP server whose behaviour each cell switches: down, slow, 451 then 250, 550 for good, a hang after
 * DATA, restarts by SIGTERM and SIGKILL of the real `npm run receiver` process, a flood from one client, a key
 * reused with other text. Each cell counts 2xx answers and mails per Message-ID: exactly one mail per accepted
 * message (SIGKILL: at most the one documented duplicate, with the same Message-ID) and none for a refused one.
 * The sender's backoff runs on a clock the test moves; nothing waits for a duration.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import type { ReceiverEvent } from "../../../src/receiver/handler.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { nodeReceiver } from "../../../src/receiver/node-receiver.ts";
import { startReceiverServer } from "../../../src/receiver/node-server.ts";
import { formatStatus, readStatus } from "../../../src/receiver/outbox/status.ts";
import { startSmtp } from "./smtp.ts";
import { ADA } from "../../support/message.ts";

const SITE = "https://www.leap-ai.example";
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const rules = await rulesFromContent();
const work = mkdtempSync(join(tmpdir(), "receiver-faults-"));

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock = START;
let events: ReceiverEvent[] = [];
let receiver: ReturnType<typeof nodeReceiver> | undefined;
let server: Awaited<ReturnType<typeof startReceiverServer>> | undefined;
let keys = 0;
let stores = 0;

const env = (extra: Record<string, string> = {}) => ({
  SMTP_URL: smtp.url,
  CONTACT_TO: "leads@leap-ai.example",
  CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
  CONTACT_ALERT_TO: "ops@leap-ai.example",
  SITE_URL: SITE,
  CONTACT_STORE: join(work, `outbox-${++stores}.sqlite`),
  ...extra,
});

let storePath = "";
async function start(extra: Record<string, string> = {}, sendTimeoutMs = 10_000) {
  const settings = env(extra);
  storePath = settings.CONTACT_STORE;
  receiver = nodeReceiver(settings, rules, {
    now: () => clock,
    log: (event) => events.push(event),
    sendTimeoutMs,
  });
  server = await startReceiverServer(receiver.receive, { port: 0, ...receiver.gates });
}
async function stop() {
  await server?.stop();
  await receiver?.close(5_000);
  server = undefined;
  receiver = undefined;
}

const newKey = () => `7a6b5c4d-3e2f-4011-9223-${String(++keys).padStart(12, "0")}`;
/**
 * The fill token the form would hold, asked for a minute before sending, by the clock of the receiver it goes to:
 * the fake one in this process, the real one of a spawned receiver (fill-time.test.ts tests the check).
 */
/** The last date a token was issued at, per clock: each token a millisecond earlier than any before, so no two alike. */
const lastIssued = { fake: Number.POSITIVE_INFINITY, real: Number.POSITIVE_INFINITY };
const fillToken = async (url: string) => {
  const which = url === server?.url ? "fake" : "real";
  lastIssued[which] = Math.min((which === "fake" ? clock : Date.now()) - 60_000, lastIssued[which] - 1);
  return (await fillTokens(smtp.url).issue(lastIssued[which], 0)).token;
};
/** Each message with a fill token of its own (a token is good for one message); a retry keeps the first one. */
const tokenOf = new WeakMap<object, string>();
const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
  if (!tokenOf.has(body)) tokenOf.set(body, await fillToken(url));
  return fetch(`${url}api/contact`, {
    method: "POST",
    headers: { Origin: SITE, "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ ...body, fillToken: tokenOf.get(body) }),
  });
};
/** n messages from n different addresses (the per-client limit is not what these cells test). */
async function sendMany(url: string, n: number) {
  const bodies = Array.from({ length: n }, () => ({ ...ADA, idempotencyKey: newKey() }));
  const answers = await Promise.all(
    bodies.map((body, i) => post(url, body, { "X-Forwarded-For": `198.51.100.${i + 1}` })),
  );
  return { bodies, statuses: answers.map((answer) => answer.status) };
}

/** Mails per Message-ID, as the inbox would count them. */
function perMessageId(mails: ParsedMail[] = smtp.received) {
  const counts = new Map<string, number>();
  for (const mail of mails) counts.set(mail.messageId ?? "", (counts.get(mail.messageId ?? "") ?? 0) + 1);
  return counts;
}
const leads = () => smtp.received.filter((mail) => mail.subject?.startsWith("Leap AI contact form"));
/** The sender looks again (as its timer would after the moved clock) and every send it starts has settled. */
async function settle() {
  receiver?.sender.poke();
  await new Promise((resolve) => setImmediate(resolve));
  await receiver?.sender.idle();
}
/** Moves the fake clock in steps, letting the sender act at each. */
async function advance(ms: number, step = 5_000) {
  for (let moved = 0; moved < ms; moved += step) {
    clock += step;
    await settle();
  }
}
const waitFor = (condition: () => boolean, timeout = 20_000) =>
  expect.poll(condition, { interval: 20, timeout }).toBe(true);

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  rmSync(work, { recursive: true, force: true, maxRetries: 5 });
});
beforeEach(() => {
  clock = START;
  events = [];
  smtp.received.length = 0;
  smtp.state.mode = "accept";
  smtp.state.tempFailures = 0;
  smtp.state.attempts = 0;
  smtp.state.refuseRecipients = [];
  smtp.state.deferRecipients = [];
  smtp.state.mailFromCode = 0;
  smtp.forget();
});
afterEach(stop);

describe("the mail server misbehaves; the receiver answers 2xx once stored, and each message arrives once", () => {
  it("down for 10 minutes, then back: every message answered 202 at once, each delivered once after its return", async () => {
    await start();
    const port = smtp.port;
    await smtp.close();
    const { bodies, statuses } = await sendMany(server?.url ?? "", 3);
    expect(statuses).toEqual([202, 202, 202]);
    await advance(10 * 60_000, 15_000);
    // Backoff, not a storm: 5 s, 15 s, 30 s, 1, 2 and then 5 minutes apart; a handful of attempts per message.
    const retries = events.filter((event) => event.event === "retrying");
    expect(retries.length).toBeGreaterThanOrEqual(3 * 5);
    expect(retries.length).toBeLessThanOrEqual(3 * 9);
    expect(receiver?.outbox.status()).toMatchObject({ queued: 3, sent: 0 });
    const down = await startSmtp(port);
    smtp = down;
    await advance(5 * 60_000, 15_000);
    await waitFor(() => leads().length === 3);
    expect([...perMessageId().values()]).toEqual([1, 1, 1]);
    expect(receiver?.outbox.status()).toMatchObject({ queued: 0, sending: 0, sent: 3 });
    expect(bodies).toHaveLength(3);
  });

  it("every message answered only after a long while (12 s in production): never a second attempt in flight", async () => {
    await start();
    smtp.state.mode = "hold";
    const { bodies, statuses } = await sendMany(server?.url ?? "", 5);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    await waitFor(() => smtp.heldCount() === 5);
    // The visitors retry meanwhile, and the clock runs on: no second attempt starts while one is in flight.
    for (const [i, body] of bodies.entries())
      expect((await post(server?.url ?? "", body, { "X-Forwarded-For": `198.51.100.${i + 1}` })).status).toBe(202);
    clock += 10 * 60_000;
    receiver?.sender.poke();
    await new Promise((resolve) => setImmediate(resolve));
    expect(smtp.state.attempts).toBe(5);
    expect(receiver?.outbox.status()).toMatchObject({ sending: 5 });
    smtp.release();
    await receiver?.sender.idle();
    expect(leads()).toHaveLength(5);
    expect([...perMessageId().values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it("451 then 250: retried after the backoff, one mail", async () => {
    await start();
    smtp.state.tempFailures = 1;
    const { statuses } = await sendMany(server?.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await settle();
    expect(events.find((event) => event.event === "retrying")?.reason).toMatch(/451/);
    expect(leads()).toHaveLength(0);
    await advance(5_000);
    expect(leads()).toHaveLength(1);
    expect(smtp.state.attempts).toBe(2);
  });

  it("550 for good: reported (log, alert mail, --status), not retried", async () => {
    await start();
    smtp.state.refuseRecipients = ["leads@leap-ai.example"];
    const { statuses } = await sendMany(server?.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await settle();
    await waitFor(() => smtp.received.length === 1);
    const undeliverable = events.find((event) => event.event === "undeliverable");
    expect(undeliverable?.reason).toMatch(/550/);
    await advance(2 * 60 * 60_000, 60_000);
    // One attempt only, and the report went to the second address, without the message's text.
    expect(leads()).toHaveLength(0);
    const alert = smtp.received[0] as ParsedMail;
    expect(alert.subject).toBe("Contact form: a message was refused by the mail server");
    expect(alert.text).not.toContain(ADA.message);
    expect(alert.text).not.toContain(ADA.email);
    expect(receiver?.outbox.status()).toMatchObject({ failed: 1, queued: 0 });
    const status = readStatus(storePath, 60 * 60_000, clock);
    expect(status.alarm).toBe(true);
    expect(formatStatus(status)).toContain("1 refused by the mail server");
  });

  it("a hang after DATA: the attempt times out, the next one delivers, one mail", async () => {
    await start({}, 1_500);
    smtp.state.mode = "hold";
    const { statuses } = await sendMany(server?.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await waitFor(() => smtp.heldCount() === 1);
    await waitFor(() => events.some((event) => event.event === "retrying"));
    smtp.forget();
    smtp.state.mode = "accept";
    await advance(5_000);
    await waitFor(() => leads().length === 1);
    expect([...perMessageId().values()]).toEqual([1]);
  });

  it("the connection closed after the end of DATA without a reply (RFC 1047): one attempt more, then held for the operator; at most two copies, one Message-ID", async () => {
    await start();
    smtp.state.mode = "hangup";
    const { statuses } = await sendMany(server?.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await waitFor(() => smtp.state.attempts === 1);
    await settle();
    await advance(60 * 60_000, 15_000);
    // Each attempt reached the server (it takes the message, then hangs up): two, and no third in an hour.
    expect(leads()).toHaveLength(2);
    expect(perMessageId(leads()).size).toBe(1);
    expect(events.filter((event) => event.event === "held")).toHaveLength(1);
    // The operator's alert mail, which this server takes too (and hangs up on).
    await waitFor(() => smtp.received.some((mail) => /is held/.test(mail.subject ?? "")));
    const status = readStatus(storePath, 60 * 60_000, clock);
    expect(status.alarm).toBe(true);
    expect(formatStatus(status)).toMatch(/held: no reply to the end of DATA/);
    // The operator has looked in the inbox and wants it sent again: --retry-failed's call.
    smtp.state.mode = "accept";
    expect(receiver?.outbox.retryFailed()).toBe(1);
    await settle();
    await waitFor(() => leads().length === 3);
    expect(perMessageId(leads()).size).toBe(1);
  });

  it("a server that answers the end of DATA only after the timeout: one attempt more, then held; each late answer a copy, never more than two", async () => {
    await start({}, 1_000);
    smtp.state.mode = "hold";
    const { statuses } = await sendMany(server?.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await waitFor(() => events.some((event) => event.event === "retrying"));
    await advance(5_000);
    await waitFor(() => events.some((event) => event.event === "held"));
    // The server answers at last: both attempts arrive, the same Message-ID twice, and nothing more follows.
    smtp.release();
    smtp.state.mode = "accept";
    await advance(60 * 60_000, 15_000);
    expect(leads()).toHaveLength(2);
    expect(perMessageId(leads()).size).toBe(1);
  });

  it("undelivered for an hour: one log line with the key's hash and age, one alert mail without the text, the age in the status", async () => {
    await start();
    smtp.state.deferRecipients = ["leads@leap-ai.example"];
    await sendMany(server?.url ?? "", 1);
    await advance(61 * 60_000, 60_000);
    const overdue = events.filter((event) => event.event === "undelivered");
    expect(overdue).toHaveLength(1);
    expect(overdue[0]?.key).toMatch(/^[0-9a-f]{12}$/);
    expect(overdue[0]?.ageSeconds).toBeGreaterThanOrEqual(3600);
    expect(overdue[0]?.reason).toMatch(/451/);
    await waitFor(() => smtp.received.length === 1);
    const alert = smtp.received[0] as ParsedMail;
    expect(alert.subject).toBe("Contact form: 1 message(s) undelivered for over 60 minutes");
    expect(alert.text).toContain(`key ${overdue[0]?.key}`);
    expect(alert.text).not.toContain(ADA.message);
    expect(receiver?.outbox.status().oldestPendingMs).toBeGreaterThanOrEqual(3600_000);
    expect(readStatus(storePath, 60 * 60_000, clock).alarm).toBe(true);
    // Reported once, not at every look; and delivered once the mailbox takes it again.
    await advance(10 * 60_000, 60_000);
    expect(events.filter((event) => event.event === "undelivered")).toHaveLength(1);
    smtp.state.deferRecipients = [];
    await advance(5 * 60_000, 60_000);
    await waitFor(() => leads().length === 1);
  });
});

describe("a flood and a reused key", () => {
  it("50 simultaneous requests from one address store exactly 10 (429 for the rest), and 10 mails go out", async () => {
    await start();
    const url = server?.url ?? "";
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(url, { ...ADA, idempotencyKey: newKey() }, { "X-Forwarded-For": "203.0.113.50" }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    await waitFor(() => leads().length === 10);
    await receiver?.sender.idle();
    expect(leads()).toHaveLength(10);
  });

  it("past the outbox's bounds: 503 with Retry-After before anything is stored, and nothing of it is sent", async () => {
    receiver = nodeReceiver(env(), rules, {
      now: () => clock,
      log: (event) => events.push(event),
      bounds: { pendingTotal: 3 },
    });
    server = await startReceiverServer(receiver.receive, { port: 0, ...receiver.gates });
    smtp.state.mode = "hold";
    const { statuses } = await sendMany(server.url ?? "", 5);
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(events.filter((event) => event.event === "shed").every((event) => event.reason?.includes("not kept"))).toBe(
      true,
    );
    await waitFor(() => smtp.heldCount() === 3);
    smtp.release();
    await receiver.sender.idle();
    expect(leads()).toHaveLength(3);
    expect(receiver.outbox.status()).toMatchObject({ sent: 3, queued: 0, sending: 0 });
  });

  it("the same key with other text: 409, and only the first text is mailed", async () => {
    await start();
    const key = newKey();
    expect((await post(server?.url ?? "", { ...ADA, idempotencyKey: key })).status).toBe(202);
    const other = await post(server?.url ?? "", { ...ADA, idempotencyKey: key, message: "A different text, please." });
    expect(other.status).toBe(409);
    await waitFor(() => leads().length === 1);
    expect(leads()[0]?.text).toContain(ADA.message);
  });
});

/** 2xx answers among statuses. */
const kept = (statuses: number[]) => statuses.filter((status) => status >= 200 && status < 300).length;
/** Every Message-ID once, and one per kept message. */
const eachOnce = (expected: number) => {
  const counts = perMessageId(leads());
  expect(counts.size).toBe(expected);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
};
/** The mail server down for a while: closed, and back on the same port when the test says. */
async function mailServerDown() {
  const port = smtp.port;
  await smtp.close();
  return async () => {
    smtp = await startSmtp(port);
  };
}

describe("the receiver's own storage (issue 56)", () => {
  /** A 1 MB tmpfs of its own, where the machine lets this test mount one (root); else undefined. */
  function smallDisk(): string | undefined {
    const at = join(work, `tmpfs-${++stores}`);
    mkdirSync(at);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", at], { stdio: "ignore" });
      return at;
    } catch {
      console.log("skipped: a full disk needs `mount -t tmpfs` (root), which this machine does not allow");
      return undefined;
    }
  }
  /** Fills the disk at `at` to the last byte. */
  function fill(at: string): string {
    const filler = join(at, "filler");
    const fd = openSync(filler, "w");
    const block = Buffer.alloc(4096, 1);
    try {
      for (;;) writeSync(fd, block);
    } catch {
      // ENOSPC: full.
    }
    try {
      for (;;) writeSync(fd, block, 0, 1);
    } catch {
      // Not one byte more.
    }
    closeSync(fd);
    return filler;
  }

  it("a full disk: the claim and each record are checked, new messages 503 before anything is kept, each lead mailed once when space returns", async () => {
    const disk = smallDisk();
    if (!disk) return;
    try {
      const up = await mailServerDown();
      await start({ CONTACT_STORE: join(disk, "outbox.sqlite") });
      const first = await sendMany(server?.url ?? "", 5);
      expect(first.statuses).toEqual([202, 202, 202, 202, 202]);
      await settle();
      const filler = fill(disk);
      await up();
      // The sender tries and cannot write: it stops, and says so once.
      await advance(60_000, 5_000);
      await waitFor(() => events.some((event) => event.event === "storage"));
      const storage = events.filter((event) => event.event === "storage");
      expect(storage).toHaveLength(1);
      expect(storage[0]?.reason).toMatch(/outbox .*outbox\.sqlite: cannot .*(full|SQLITE_FULL)/);
      const during = await sendMany(server?.url ?? "", 3);
      expect(during.statuses).toEqual([503, 503, 503]);
      // Every 503 logged once, with its reason.
      expect(events.filter((event) => event.event === "shed" && event.status === 503)).toHaveLength(3);
      expect(leads().length).toBeLessThanOrEqual(5);
      rmSync(filler);
      await advance(5 * 60_000, 5_000);
      await waitFor(() => leads().length >= 5);
      await advance(10 * 60_000, 15_000);
      expect(kept([...first.statuses, ...during.statuses])).toBe(5);
      eachOnce(5);
      expect(receiver?.outbox.status()).toMatchObject({ queued: 0, sending: 0, sent: 5 });
      expect(events.some((event) => event.event === "recovered" && /takes writes again/.test(event.reason ?? ""))).toBe(
        true,
      );
    } finally {
      await stop();
      execFileSync("umount", [disk]);
    }
  }, 120_000);

  it("the file deleted while running: new messages 503 within a second, --status exit 2, what it held still mailed once", async () => {
    const up = await mailServerDown();
    await start();
    const first = await sendMany(server?.url ?? "", 5);
    expect(first.statuses).toEqual([202, 202, 202, 202, 202]);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${storePath}${suffix}`, { force: true });
    await waitFor(() => events.some((event) => event.event === "storage"), 5_000);
    expect(events.find((event) => event.event === "storage")?.reason).toMatch(/was deleted/);
    const after = await sendMany(server?.url ?? "", 5);
    expect(after.statuses).toEqual([503, 503, 503, 503, 503]);
    const status = readStatus(storePath, 60 * 60_000, clock);
    expect(status.alarm).toBe(true);
    expect(formatStatus(status)).toMatch(/missing while the receiver with PID \d+ runs/);
    const health = await fetch(`${server?.url}api/contact/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { problems: string[] }).problems.join()).toMatch(/was deleted/);
    await up();
    await advance(5 * 60_000, 15_000);
    await waitFor(() => leads().length === 5);
    expect(kept([...first.statuses, ...after.statuses])).toBe(5);
    eachOnce(5);
  });

  it("the file replaced by another (same path, other inode): 503 and --status exit 2", async () => {
    await start();
    const first = await sendMany(server?.url ?? "", 2);
    await waitFor(() => leads().length === 2);
    const copy = `${storePath}.copy`;
    copyFileSync(storePath, copy);
    renameSync(copy, storePath);
    await waitFor(() => events.some((event) => event.event === "storage"), 5_000);
    const after = await sendMany(server?.url ?? "", 3);
    expect(after.statuses).toEqual([503, 503, 503]);
    const status = readStatus(storePath, 60 * 60_000, clock);
    expect(status.alarm).toBe(true);
    expect(formatStatus(status)).toMatch(/was replaced/);
    expect(kept([...first.statuses, ...after.statuses])).toBe(2);
    eachOnce(2);
  });

  it("a corrupted file is refused at start with one line naming it and the fix (SQLite's quick_check)", async () => {
    smtp.state.deferRecipients = ["leads@leap-ai.example"];
    await start();
    const first = await sendMany(server?.url ?? "", 10);
    expect(kept(first.statuses)).toBe(10);
    await stop();
    const path = storePath;
    // The schema's page stays readable; the pages after it are garbage (a bad sector, a torn copy).
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(3 * 4096);
    const fd = openSync(path, "r+");
    writeSync(fd, Buffer.alloc(size - 2 * 4096, 0xa5), 0, size - 2 * 4096, 2 * 4096);
    closeSync(fd);
    let refused: Error | undefined;
    try {
      receiver = nodeReceiver(env({ CONTACT_STORE: path }), rules, {
        now: () => clock,
        log: (event) => events.push(event),
      });
    } catch (error) {
      refused = error as Error;
    }
    expect(refused?.message.startsWith(`outbox ${path} is damaged (`)).toBe(true);
    expect(
      refused?.message.endsWith(
        `): restore it from a backup, or move it aside (mv ${path} ${path}.damaged) to start with an empty outbox`,
      ),
    ).toBe(true);
    expect(refused?.message.split("\n")).toHaveLength(1);
    expect(leads()).toHaveLength(0);
  });
});

describe("the mail server's configuration (issue 56)", () => {
  it("530 at MAIL FROM (a server that wants a login), then fixed: kept, reported, retried; each lead mailed once", async () => {
    smtp.state.mailFromCode = 530;
    await start();
    const { statuses } = await sendMany(server?.url ?? "", 3);
    expect(statuses).toEqual([202, 202, 202]);
    await settle();
    await waitFor(() => events.some((event) => event.event === "misconfigured"));
    expect(events.filter((event) => event.event === "undeliverable")).toHaveLength(0);
    expect(receiver?.outbox.status()).toMatchObject({ queued: 3, failed: 0 });
    const health = await fetch(`${server?.url}api/contact/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { problems: string[] }).problems.join()).toMatch(/530/);
    const status = readStatus(storePath, 60 * 60_000, clock);
    expect(status.alarm).toBe(true);
    expect(formatStatus(status)).toMatch(/refuses the receiver's settings/);
    smtp.state.mailFromCode = 0;
    await advance(5 * 60_000, 15_000);
    await waitFor(() => leads().length === 3);
    eachOnce(3);
    expect((await fetch(`${server?.url}api/contact/health`)).status).toBe(200);
  });

  it("a reply to the end of DATA after 70 s (fake clock): waited for, recorded, no second attempt", async () => {
    receiver = nodeReceiver(env(), rules, { now: () => clock, log: (event) => events.push(event) });
    server = await startReceiverServer(receiver.receive, { port: 0, ...receiver.gates });
    storePath = receiver.config.store;
    smtp.state.mode = "hold";
    const { statuses } = await sendMany(server.url ?? "", 1);
    expect(statuses).toEqual([202]);
    await waitFor(() => smtp.heldCount() === 1);
    // 70 s on the sender's clock, looking every 5 s (settle() would wait for the held send itself).
    for (let moved = 0; moved < 70_000; moved += 5_000) {
      clock += 5_000;
      receiver.sender.poke();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(smtp.state.attempts).toBe(1);
    smtp.release();
    await waitFor(() => leads().length === 1);
    await receiver.sender.idle();
    await advance(10 * 60_000, 60_000);
    expect(smtp.state.attempts).toBe(1);
    expect(events.filter((event) => event.event === "retrying")).toHaveLength(0);
    eachOnce(1);
  });
});

describe("slow clients (issue 56)", () => {
  it("256 slow bodies: a visitor's message is still kept at once, the slow ones get 408, every message mailed once", async () => {
    await start();
    const url = new URL(server?.url ?? "");
    const slow = await Promise.all(
      Array.from(
        { length: 256 },
        (_, i) =>
          new Promise<{ answered: () => string }>((resolve) => {
            let answer = "";
            const socket = connect(Number(url.port), "127.0.0.1", () => {
              socket.write(
                `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${SITE}\r\nContent-Type: application/json\r\nX-Forwarded-For: 192.0.2.${i % 250}\r\nContent-Length: 600\r\n\r\n{"name":`,
              );
              resolve({ answered: () => answer });
            });
            socket.on("data", (chunk) => {
              answer += chunk.toString();
            });
            socket.on("error", () => {});
          }),
      ),
    );
    await waitFor(() => (server?.reading() ?? 0) === 256);
    const visitor = await sendMany(server?.url ?? "", 3);
    expect(visitor.statuses).toEqual([202, 202, 202]);
    await waitFor(() => slow.every((each) => /^HTTP\/1\.1 408/.test(each.answered())), 30_000);
    await waitFor(() => leads().length === 3);
    eachOnce(3);
  }, 60_000);
});

/** The real `npm run receiver` (Node's own type stripping), as systemd runs it. */
async function spawnReceiver(store: string): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const child = spawn(process.execPath, ["src/cli/receiver.ts", "--port", "0"], {
    env: { ...process.env, ...env({ CONTACT_STORE: store }) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let buffer = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      lines.push(...parts);
      const started = /Contact receiver at (http:\/\/\S+)\/api\/contact/.exec(parts.join("\n"));
      if (started?.[1]) resolve(`${started[1]}/`);
    });
    child.stderr?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    child.once("exit", (code) => reject(new Error(`receiver exited (${code}): ${lines.join("\n")}`)));
  });
  return { child, url, lines };
}
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

describe("restarts of the real process", () => {
  it("two instances on one outbox: the second refuses to start and names the first one's PID; each lead mailed once", async () => {
    const store = join(work, "two.sqlite");
    const first = await spawnReceiver(store);
    const second = await spawnReceiver(store).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(second).toMatch(/receiver exited \(1\)/);
    expect(second).toContain(`in use by the receiver with PID ${first.child.pid}`);
    const { statuses } = await sendMany(first.url, 10);
    expect(kept(statuses)).toBe(10);
    await waitFor(() => leads().length === 10, 30_000);
    const stopped = exited(first.child);
    first.child.kill("SIGTERM");
    expect((await stopped).code).toBe(0);
    eachOnce(10);
    // The lock died with its process: the next start takes it.
    const third = await spawnReceiver(store);
    const gone = exited(third.child);
    third.child.kill("SIGKILL");
    await gone;
    // That it starts at all is the point (spawnReceiver resolves on its start line); its stop is the cells' above.
    const fourth = await spawnReceiver(store);
    const done = exited(fourth.child);
    fourth.child.kill("SIGKILL");
    await done;
  }, 120_000);

  it("SIGTERM in the middle of 20 sends: every request answered, the sends in flight finished, the rest after a restart", async () => {
    const store = join(work, "sigterm.sqlite");
    const first = await spawnReceiver(store);
    smtp.state.mode = "hold";
    const { bodies, statuses } = await sendMany(first.url, 20);
    expect(statuses.every((status) => status === 202)).toBe(true);
    await waitFor(() => smtp.heldCount() === 5);
    const exit = exited(first.child);
    first.child.kill("SIGTERM");
    // Requests arriving while it stops are answered 503 ("not kept") or refused at the door, never dropped half-way.
    await waitFor(() => first.lines.some((line) => line.includes('"event":"stopping"')));
    const late = await post(first.url, { ...ADA, idempotencyKey: newKey() }).then(
      (answer) => answer.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);
    // The sends in flight finish within the bound: the mail server answers them now.
    smtp.release();
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(leads()).toHaveLength(5);
    smtp.state.mode = "accept";
    const second = await spawnReceiver(store);
    await waitFor(() => leads().length === 20, 60_000);
    const counts = perMessageId(leads());
    expect(counts.size).toBe(bodies.length);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const stopped = exited(second.child);
    second.child.kill("SIGTERM");
    expect((await stopped).code).toBe(0);
  }, 120_000);

  it("SIGTERM while a request's body is still arriving: that request is answered 202 (never a reset), and its message is mailed exactly once", async () => {
    const store = join(work, "sigterm-slow.sqlite");
    const first = await spawnReceiver(store);
    const url = new URL(first.url);
    const key = newKey();
    const body = JSON.stringify({ ...ADA, idempotencyKey: key, fillToken: await fillToken(first.url) });
    const half = Math.floor(body.length / 2);
    // A visitor on a slow line: the headers and half the body are there when the receiver is told to stop.
    let answer = "";
    let failure: string | undefined;
    let ended = false;
    const socket = connect(Number(url.port), "127.0.0.1");
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      failure = error.code ?? error.message;
    });
    socket.on("close", () => {
      ended = true;
    });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${SITE}\r\nContent-Type: application/json\r\nX-Forwarded-For: 203.0.113.7\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    // A whole message sent after it and answered: by then the receiver has read the slow one's headers.
    const { statuses } = await sendMany(first.url, 1);
    expect(statuses).toEqual([202]);
    // Nothing in flight to the mail server: the stop has no send to wait for, only this request.
    await waitFor(() => leads().length === 1);
    const exit = exited(first.child);
    first.child.kill("SIGTERM");
    await waitFor(() => first.lines.some((line) => line.includes('"event":"stopping"')));
    // The rest arrives (a browser never half-closes its side: Node would drop a request whose client did).
    socket.write(body.slice(half));
    await waitFor(() => ended || /\r\n\r\n\{.*\}/s.test(answer));
    expect(failure).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    socket.destroy();
    expect(await exit).toEqual({ code: 0, signal: null });
    // Kept while stopping, so sent after the restart (no new send starts after SIGTERM): once, as the other.
    const second = await spawnReceiver(store);
    await waitFor(() => leads().length === 2, 30_000);
    const stopped = exited(second.child);
    second.child.kill("SIGTERM");
    expect((await stopped).code).toBe(0);
    eachOnce(2);
    // The slow visitor's own message among them (its Message-ID begins with its key's hash).
    const hash = createHash("sha256").update(key).digest("hex");
    expect(
      [...perMessageId(leads()).keys()].filter((id) => hash.startsWith(id.slice(1, id.indexOf("@")))),
    ).toHaveLength(1);
  }, 120_000);

  it("SIGKILL in the middle: after the restart every message arrives, at most the documented duplicate with the same Message-ID", async () => {
    const store = join(work, "sigkill.sqlite");
    const first = await spawnReceiver(store);
    smtp.state.mode = "hold";
    const { bodies, statuses } = await sendMany(first.url, 20);
    expect(statuses.every((status) => status === 202)).toBe(true);
    await waitFor(() => smtp.heldCount() === 5);
    const exit = exited(first.child);
    first.child.kill("SIGKILL");
    await exit;
    // The worst case: the server had taken the five in flight, but their 250 never reached the receiver.
    smtp.release();
    smtp.state.mode = "accept";
    const second = await spawnReceiver(store);
    await waitFor(() => perMessageId(leads()).size === 20, 60_000);
    const stopped = exited(second.child);
    second.child.kill("SIGTERM");
    expect((await stopped).code).toBe(0);
    const counts = perMessageId(leads());
    expect(counts.size).toBe(bodies.length);
    const twice = [...counts.values()].filter((count) => count === 2).length;
    expect([...counts.values()].every((count) => count <= 2)).toBe(true);
    expect(twice).toBeLessThanOrEqual(5);
    expect(leads()).toHaveLength(20 + twice);
    expect(second.lines.some((line) => line.includes('"event":"recovered"'))).toBe(true);
  }, 120_000);
});
