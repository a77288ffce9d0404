import type { AddressInfo, Socket } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export const SMTP_USER = "website";
export const SMTP_PASS = "pä$$ wörd";

/**
 * A real SMTP server on 127.0.0.1 (smtp-server), with login and STARTTLS (its own self-signed certificate),
 * whose received messages are parsed with mailparser. `mode` makes it refuse a message or hold its answer.
 */
export async function startSmtp(port = 0) {
  const received: ParsedMail[] = [];
  const held: (() => void)[] = [];
  const state = {
    /** hold: the reply to the end of DATA waits for release(); hangup: the message is taken, the connection then
     * closed without a reply (RFC 1047's case: delivered, but the client cannot know). */
    mode: "accept" as "accept" | "refuse" | "hold" | "hangup",
    logins: 0,
    /** The next this many messages are answered 451 (try again later) after their DATA. */
    tempFailures: 0,
    /** Messages whose DATA the server read, whatever it answered: the attempts it saw. */
    attempts: 0,
    /** Recipients answered 550 at RCPT TO (a mailbox that does not exist): a permanent refusal. */
    refuseRecipients: [] as string[],
    /** Recipients answered 451 at RCPT TO (a mailbox over quota): try again later. */
    deferRecipients: [] as string[],
    /** When set, every MAIL FROM is answered with it (530: authentication required, a server that wants a login). */
    mailFromCode: 0,
  };
  const server = new SMTPServer({
    logger: false,
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      state.logins += 1;
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      callback(new Error("535 Authentication failed"));
    },
    onMailFrom(_address, _session, callback) {
      if (!state.mailFromCode) return callback();
      const error = new Error("5.7.0 Authentication required") as Error & { responseCode: number };
      error.responseCode = state.mailFromCode;
      callback(error);
    },
    onRcptTo(address, _session, callback) {
      if (state.deferRecipients.includes(address.address)) {
        const error = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      if (!state.refuseRecipients.includes(address.address)) return callback();
      const error = new Error("No such mailbox") as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const mode = state.mode;
      state.attempts += 1;
      simpleParser(stream).then((mail) => {
        if (state.tempFailures > 0) {
          state.tempFailures -= 1;
          const error = new Error("Try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        if (mode === "refuse") {
          const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        // A mail server slower than the receiver's timeout: it answers only when the test lets it.
        if (mode === "hold")
          return held.push(() => {
            received.push(mail);
            callback();
          });
        if (mode === "hangup") {
          received.push(mail);
          const connection = [
            ...(server as unknown as { connections: Set<{ id: string; _socket: Socket }> }).connections,
          ].find((each) => each.id === session.id);
          return connection?._socket.destroy();
        }
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${bound}`,
    received,
    state,
    /** How many messages wait for an answer. */
    heldCount: () => held.length,
    /** Forgets held messages unanswered (their connections are gone or going). */
    forget() {
      held.length = 0;
    },
    /** Answers the held messages, while their connections are still open. */
    release() {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
