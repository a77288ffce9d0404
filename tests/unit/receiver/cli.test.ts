import { execFile } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      timeout: 20_000,
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
      out: `✓ SMTP: connected to 127.0.0.1:${smtp.port} and logged in; nothing was sent`,
    });
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
