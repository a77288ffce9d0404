import { PassThrough, pipeline, type Readable } from "node:stream";
import nodemailer from "nodemailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { MailError, type MailTransport } from "./transport.ts";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * A TCP connection gets this long, whatever the send's own timeout: RFC 5321's timeouts (section 4.5.3.2) are
 * for the server's replies, and a connect that has not succeeded in 30 s will not (a host that drops SYNs),
 * so it must not hold one of the sender's places for 10 minutes.
 */
export const CONNECT_TIMEOUT_MS = 30_000;
/** The greeting (220) gets RFC 5321's 5 minutes at most (section 4.5.3.2.1). */
export const GREETING_TIMEOUT_MS = 5 * 60_000;

/**
 * nodemailer's options for SMTP_URL: smtp://user:pass@host:587 (STARTTLS, required unless the host is this
 * machine) or smtps://user:pass@host:465 (TLS from the start). User and password are URL-encoded in the URL.
 */
export function smtpOptions(smtpUrl: string, timeoutMs: number, pool: boolean) {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new MailError("SMTP_URL is not a URL: write smtp://user:password@mail.example.de:587");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new MailError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopback = LOOPBACK.test(host);
  return {
    host,
    port: url.port === "" ? (secure ? 465 : 587) : Number(url.port),
    secure,
    // A mail server elsewhere is only ever spoken to encrypted; one on this machine may not offer TLS at all.
    requireTLS: !secure && !loopback,
    // Traffic that never leaves the machine needs no certificate a public authority signed.
    tls: loopback ? { rejectUnauthorized: false } : {},
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: Math.min(timeoutMs, CONNECT_TIMEOUT_MS),
    greetingTimeout: Math.min(timeoutMs, GREETING_TIMEOUT_MS),
    // Every reply after the greeting, the longest being the one to the end of DATA (10 minutes).
    socketTimeout: timeoutMs,
    pool,
    // Nothing in a message may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Messages one pooled connection carries before it is opened anew. */
export const POOLED_MESSAGES = 10_000;

/** One line saying what is wrong, for npm run receiver -- --check and the log. */
export function describeSmtpError(error: unknown, where: string): string {
  const { code, responseCode, response, message } = error as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const detail = (response ?? message ?? String(error)).split("\n")[0];
  if (code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message ?? ""))
    return `DNS: ${where} has no address (${detail}): check the host name in SMTP_URL`;
  if (code === "EAUTH") return `login refused by ${where} (${detail}): check the user and password in SMTP_URL`;
  if (code === "ETLS" || /certificate|SSL|TLS|wrong version number/i.test(message ?? ""))
    return `TLS: no secure connection to ${where} (${detail}): check the port (587 for smtp://, 465 for smtps://) and the server's certificate`;
  if (code === "ETIMEDOUT") return `timeout: ${where} did not answer in time (${detail})`;
  if (code === "ECONNECTION" || code === "ESOCKET")
    return `connection to ${where} failed (${detail}): check the host and port in SMTP_URL and that the server runs`;
  if (responseCode) return `${where} refused the message: ${detail}`;
  return `${where}: ${detail}`;
}

/**
 * Answers that refuse the receiver's settings rather than the message (RFC 4954: 530 authentication required,
 * 534 mechanism too weak, 535 credentials invalid, 538 encryption required; 454 TLS not available), whatever
 * command they came at: never a reason to give a message up.
 */
const CONFIGURATION_CODES = [454, 530, 534, 535, 538];

/** A login, TLS or authentication problem: the operator's settings, not this message. */
export function isConfiguration(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return (
    code === "EAUTH" ||
    code === "ENOAUTH" ||
    code === "ETLS" ||
    (typeof responseCode === "number" && CONFIGURATION_CODES.includes(responseCode))
  );
}

/** A 5xx to the message's envelope or content: the server will never take this message (an 5xx login is not). */
export function isPermanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  if (isConfiguration(error)) return false;
  return (code === "EENVELOPE" || code === "EMESSAGE") && typeof responseCode === "number" && responseCode >= 500;
}

export function smtpTransport(
  smtpUrl: string,
  timeoutMs: number,
  {
    pool = false,
    timeoutOverrideMs,
    maxConnections = 5,
  }: { pool?: boolean; timeoutOverrideMs?: number; maxConnections?: number } = {},
): MailTransport & { verify(): Promise<void>; verifyDelivery(from: string, to: string): Promise<void>; close(): void } {
  // The receiver answers 503 after timeoutMs; the connection gets as long again, so a server that accepts late
  // is still heard (the key is then marked delivered, and the retry gets 2xx without a second mail).
  // The outbox's sender, which no visitor waits for, gives the server its own (longer) time instead.
  const options = smtpOptions(smtpUrl, timeoutOverrideMs ?? timeoutMs * 2, pool);
  const where = `${options.host}:${options.port}`;
  // A pooled connection carries messages until the server closes it (nodemailer's default reconnects after
  // 100: a new TCP connection, greeting and EHLO for every 100 leads while a backlog drains).
  const transporter = nodemailer.createTransport(
    pool ? { ...options, maxConnections, maxMessages: POOLED_MESSAGES } : options,
  );
  // Tells a send when its message has gone to the mail server up to DATA's final dot: the message's last
  // stage, read only by the SMTP connection's data stream once the server said 354.
  transporter.use("stream", (mail, done) => {
    const onDataEnd = (mail.data as { onDataEnd?: () => void }).onDataEnd;
    if (onDataEnd)
      mail.message.processFunc((input: Readable) => {
        const last = new PassThrough();
        last.once("end", onDataEnd);
        return pipeline(input, last, () => {});
      });
    done();
  });
  return {
    async send(mail) {
      let dataEnded = false;
      try {
        await transporter.sendMail({
          onDataEnd: () => {
            dataEnded = true;
          },
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          date: mail.date,
          messageId: mail.messageId,
          textEncoding: "quoted-printable",
        } as Parameters<typeof transporter.sendMail>[0]);
      } catch (error) {
        const { responseCode } = error as { responseCode?: number };
        throw new MailError(describeSmtpError(error, where), {
          permanent: isPermanent(error),
          configuration: isConfiguration(error),
          // The whole message went and no reply came (a timeout, a closed connection): RFC 1047's case.
          unanswered: dataEnded && typeof responseCode !== "number",
        });
      }
    },
    async verify() {
      try {
        await transporter.verify();
      } catch (error) {
        throw new MailError(describeSmtpError(error, where));
      } finally {
        transporter.close();
      }
    },
    /**
     * What --check asks: connect, start TLS, log in, then MAIL FROM and RCPT TO for the inbox, then RSET: the
     * server has said yes to everything but the message itself, so a real message would be taken. Sends nothing.
     */
    async verifyDelivery(from: string, to: string) {
      const connection = new SMTPConnection(options) as SMTPConnection & {
        _sendCommand(line: string): void;
        _responseActions: ((reply: string) => void)[];
      };
      const step = (run: (done: (error?: Error | null) => void) => void) =>
        new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
      // One command and its reply. nodemailer has no public call for an envelope without DATA (its own
      // pipelines DATA along), so the three commands go by the connection's own command queue.
      const command = (line: string) =>
        step((done) => {
          connection._responseActions.push((reply) =>
            done(
              reply.startsWith("2")
                ? null
                : Object.assign(new Error(reply), { response: reply, responseCode: Number(reply.slice(0, 3)) }),
            ),
          );
          connection._sendCommand(line);
        });
      try {
        await step((done) => {
          connection.once("error", done);
          connection.connect(() => done());
        });
        if (options.auth)
          await step((done) =>
            connection.login(options.auth as SMTPConnection.AuthenticationCredentials, (error) => done(error)),
          );
        await command(`MAIL FROM:<${from}>`);
        await command(`RCPT TO:<${to}>`);
        await command("RSET");
      } catch (error) {
        throw new MailError(describeSmtpError(error, where), { configuration: isConfiguration(error) });
      } finally {
        connection.quit();
      }
    },
    close() {
      transporter.close();
    },
  };
}
