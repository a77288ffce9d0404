import type { Clock } from "../stores/store.ts";
import type { MailTransport } from "../transports/transport.ts";

/**
 * The operator's report as one mail to CONTACT_ALERT_TO, by the receiver's own transport; each report a
 * Message-ID of its own (reports are not retries of each other). Its text never holds a message's text.
 */
export function alertBy(transport: MailTransport, from: string, to: string | undefined, siteUrl: string, now: Clock) {
  if (!to) return undefined;
  const hostname = new URL(siteUrl).hostname;
  return (subject: string, text: string) =>
    transport.send({
      from,
      to,
      subject,
      text,
      date: new Date(now()),
      messageId: `<alert-${now()}-${Math.random().toString(36).slice(2)}@${hostname}>`,
    });
}
