import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteOutbox } from "../../../src/receiver/outbox/sqlite-outbox.ts";
import { SMTP_PASS, SMTP_USER, startSmtp } from "./smtp.ts";

// npm run receiver as an operator runs it: a separate process (Node's own type stripping, no tsx), its environment,
// its one-line answers.
const run = promisify(execFile);
let smtp: Awaited<ReturnType<typeof startSmtp>>;

async function receiver(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(SMTP_URL|CONTACT_|SITE_URL|MAIL_API)/.test(name)),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, ["src/cli/receiver.ts", ...args], {
      env: { ...clean, ...env },
      timeout: 60_000,
    });
    return { code: 0, out: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
}

const mailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  CONTACT_TO: "leads@leap-ai.example",
  CONTACT_FROM: "website@leap-ai.example",
});

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describe("npm run receiver -- --check: connects and logs in without sending, and says in one line what is wrong", () => {
  it("all well", async () => {
    const result = await receiver(["--check"], mailEnv(smtp.url));
    expect(result).toEqual({
      code: 0,
      out: `✓ SMTP: connected to 127.0.0.1:${smtp.port}, logged in, and the server accepts mail from website@leap-ai.example to leads@leap-ai.example (MAIL FROM, RCPT TO, then RSET); nothing was sent`,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("a server that wants a login at MAIL FROM (530): ✗, though connecting and the login itself pass", async () => {
    smtp.state.mailFromCode = 530;
    try {
      const result = await receiver(["--check"], mailEnv(smtp.url));
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/^✗ .*530 5\.7\.0 Authentication required/);
      expect(result.out.split("\n")).toHaveLength(1);
    } finally {
      smtp.state.mailFromCode = 0;
    }
    expect(smtp.received).toHaveLength(0);
  });

  it("the login", async () => {
    const wrong = `smtp://${SMTP_USER}:wrong@127.0.0.1:${smtp.port}`;
    const result = await receiver(["--check"], mailEnv(wrong));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      new RegExp(
        `^✗ login refused by 127\\.0\\.0\\.1:${smtp.port} \\(.*535.*\\): check the user and password in SMTP_URL$`,
      ),
    );
    expect(result.out).not.toContain(SMTP_PASS);
  });

  it("nothing listening", async () => {
    // A port the OS handed out and that is free again: nothing answers there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const result = await receiver(["--check"], mailEnv(`smtp://u:p@127.0.0.1:${port}`));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(new RegExp(`^✗ connection to 127\\.0\\.0\\.1:${port} failed \\(.*ECONNREFUSED.*\\)`));
    expect(result.out.split("\n")).toHaveLength(1);
  });

  it("TLS", async () => {
    // smtps:// expects TLS from the first byte; this server speaks plain SMTP first.
    const result = await receiver(["--check"], mailEnv(smtp.url.replace("smtp://", "smtps://")));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(new RegExp(`^✗ TLS: no secure connection to 127\\.0\\.0\\.1:${smtp.port} \\(`));
    expect(result.out.split("\n")).toHaveLength(1);
  });

  it("DNS", async () => {
    const result = await receiver(["--check"], mailEnv("smtp://u:p@mail.leap-ai.invalid:587"));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /^✗ DNS: mail\.leap-ai\.invalid:587 has no address \(.*\): check the host name in SMTP_URL$/,
    );
  });

  it("settings missing or wrong: one line each, before anything is tried", async () => {
    const result = await receiver(["--check"], {
      SMTP_URL: "http://mail.example.de",
      CONTACT_TO: "leads",
      SITE_URL: "http://www.leap-ai.example",
    });
    expect(result).toEqual({
      code: 1,
      out: [
        "✗ CONTACT_FROM is not set",
        '✗ CONTACT_TO "leads" is not an e-mail address',
        '✗ SITE_URL "http://www.leap-ai.example" must be an https:// URL',
      ].join("\n"),
    });
    const scheme = await receiver(["--check"], mailEnv("http://mail.example.de"));
    expect(scheme).toEqual({ code: 1, out: "✗ SMTP_URL must start with smtp:// or smtps://, not http://" });
  });
});

describe("npm run receiver -- --retry-failed and --status: no SQL by hand", () => {
  it("a refused message is queued again; --status exits 2 while it is refused and 0 after", async () => {
    const dir = mkdtempSync(join(tmpdir(), "receiver-cli-"));
    const store = join(dir, "outbox.sqlite");
    const outbox = sqliteOutbox(store, Date.now);
    const mail = { from: "a@b.de", to: "c@d.de", subject: "s", text: "t", date: new Date(), messageId: "<m@b.de>" };
    outbox.enqueue({ key: "k".repeat(64), body: "b", client: "c", mail });
    outbox.markFailed(outbox.claim()?.key ?? "", "550 No such mailbox");
    outbox.close();
    const before = await receiver(["--status"], { CONTACT_STORE: store });
    expect(before.code).toBe(2);
    expect(before.out).toContain("1 refused by the mail server");
    const retried = await receiver(["--retry-failed"], { CONTACT_STORE: store });
    expect(retried).toEqual({
      code: 0,
      out: `✓ 1 refused message(s) queued again in ${store}; they are sent within 30 s by the running receiver`,
    });
    const after = await receiver(["--status"], { CONTACT_STORE: store });
    expect(after.code).toBe(0);
    expect(after.out).toContain("1 queued, 0 sending, 0 sent");
    rmSync(dir, { recursive: true, force: true });
  });
});
