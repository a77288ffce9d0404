/** One message for the consultancy's inbox: plain text, UTF-8, answered by replying to the visitor. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  date: Date;
  /** The same for every retry of one message, so even a duplicate that slipped through reads as one. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves once the mail server (or mail API) has accepted the message; otherwise rejects with a MailError. */
  send(mail: OutgoingMail): Promise<void>;
}

/** Why a mail was not accepted, in words fit for the log: never the message's text. */
export class MailError extends Error {
  override name = "MailError";
}
