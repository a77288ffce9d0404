/** One message for the consultancy's inbox: plain text, UTF-8, answered by replying to the visitor. */
export interface OutgoingMail {
  from: string;
  to: string;
  /** The visitor; an operator's report (the outbox's alert) has none. */
  replyTo?: { name: string; address: string };
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

/**
 * Why a mail was not accepted, in words fit for the log: never the message's text. `permanent` when the mail
 * server refused this very message for good (a 5xx to its sender, recipient or content): trying again would
 * only be refused again, so the outbox reports it instead.
 */
export class MailError extends Error {
  override name = "MailError";
  readonly permanent: boolean;
  /**
   * The mail server refused the receiver, not the message (a login refused, 530 authentication required, TLS
   * failed): no message can go until the operator fixes the settings, so it is kept, retried and reported.
   */
  readonly configuration: boolean;
  /**
   * The whole message went, ending with DATA's final dot, and no reply came (a timeout, or the connection
   * closed): RFC 1047's case. The server may have the message and deliver it; sending again may make a copy.
   */
  readonly unanswered: boolean;
  constructor(
    message: string,
    {
      permanent = false,
      configuration = false,
      unanswered = false,
    }: { permanent?: boolean; configuration?: boolean; unanswered?: boolean } = {},
  ) {
    super(message);
    this.permanent = permanent && !configuration;
    this.configuration = configuration;
    this.unanswered = unanswered && !permanent && !configuration;
  }
}
