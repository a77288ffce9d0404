import { describe, expect, it } from "vitest";
import { smtpOptions } from "../../../src/receiver/transports/smtp.ts";

// What nodemailer is told for each SMTP_URL: encryption is required for any mail server that is not this
// machine (a real server elsewhere cannot run here; the tests with one on 127.0.0.1 are in receiver.test.ts).
describe("SMTP_URL", () => {
  it("smtp:// to another host: port 587, STARTTLS required, certificates checked, login decoded", () => {
    const options = smtpOptions("smtp://website%40leap-ai.de:p%C3%A4ss%3Aw@mail.leap-ai.de", 5000, false);
    expect(options).toMatchObject({
      host: "mail.leap-ai.de",
      port: 587,
      secure: false,
      requireTLS: true,
      tls: {},
      auth: { user: "website@leap-ai.de", pass: "päss:w" },
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  });

  it("smtps://: TLS from the first byte, port 465", () => {
    expect(smtpOptions("smtps://u:p@mail.leap-ai.de", 5000, false)).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
    });
  });

  it.each(["127.0.0.1", "localhost", "[::1]", "127.0.0.53"])(
    "a mail server on this machine (%s) may do without TLS, and without a public certificate",
    (host) => {
      const options = smtpOptions(`smtp://${host}:25`, 5000, true);
      expect(options).toMatchObject({ port: 25, requireTLS: false, tls: { rejectUnauthorized: false }, pool: true });
      expect(options.auth).toBeUndefined();
    },
  );

  it("a host that merely starts like a loopback name still needs TLS", () => {
    expect(smtpOptions("smtp://localhost.evil.example", 5000, false).requireTLS).toBe(true);
    expect(smtpOptions("smtp://127.0.0.1.nip.io", 5000, false).requireTLS).toBe(true);
  });

  it("anything but smtp:// or smtps:// is refused with a sentence", () => {
    expect(() => smtpOptions("http://mail.leap-ai.de", 5000, false)).toThrow(
      "SMTP_URL must start with smtp:// or smtps://, not http://",
    );
    expect(() => smtpOptions("mail.leap-ai.de:587", 5000, false)).toThrow(/SMTP_URL/);
  });
});

// RFC 5321's timeouts (section 4.5.3.2) are for the server's replies: the sender waits 10 minutes for the one to
// the end of DATA, but a TCP connect or a greeting that has not come in that long holds one of its few places.
describe("the sender's timeouts", () => {
  it("a 10-minute send: the connect gets 30 s, the greeting 5 minutes, every reply after it 10 minutes", () => {
    expect(smtpOptions("smtp://u:p@mail.leap-ai.de", 10 * 60_000, true)).toMatchObject({
      connectionTimeout: 30_000,
      greetingTimeout: 5 * 60_000,
      socketTimeout: 10 * 60_000,
    });
  });

  it("a timeout shorter than those caps is kept for every stage", () => {
    expect(smtpOptions("smtp://u:p@mail.leap-ai.de", 5_000, false)).toMatchObject({
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 5_000,
    });
  });
});
