import type { ContactValues } from "../shared/form/index.ts";
import type { OutgoingMail } from "./transports/transport.ts";

export interface MailContext {
  from: string;
  to: string;
  companyName: string;
  siteUrl: string;
  /** Where the consultancy reads the time, e.g. Europe/Berlin. */
  timeZone: string;
}

export interface ReceivedMessage {
  values: ContactValues;
  language: string;
  page: string;
  receivedAt: Date;
  /** Stands for the message's idempotency key: the same for every retry. */
  keyHash: string;
}

/**
 * The e-mail for one message: plain text in UTF-8, Reply-To the visitor, a subject and body that say who
 * wrote, in which language, from which page and when. Header values are only ever single lines: the
 * receiver refused any line break in a name, an address or a company before this.
 */
export function composeMail({ values, language, page, receivedAt, keyHash }: ReceivedMessage, context: MailContext) {
  const languageName = new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? language;
  // request.ts made the page a path of the site or "unknown".
  const pageUrl = page.startsWith("/") ? new URL(page, `${context.siteUrl}/`).href : page;
  const local = new Intl.DateTimeFormat("en-GB", {
    timeZone: context.timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(receivedAt);
  const text = [
    `${values.name} (${values.company}) wrote through the contact form of ${context.siteUrl}:`,
    "",
    values.message,
    "",
    "--",
    `Name:     ${values.name}`,
    `E-mail:   ${values.email}`,
    `Company:  ${values.company}`,
    `Language: ${languageName} (${language})`,
    `Page:     ${pageUrl}`,
    `Sent:     ${local} (${context.timeZone}), ${receivedAt.toISOString()}`,
    "",
    `Replying to this e-mail answers ${values.email}.`,
    "",
  ].join("\n");
  const mail: OutgoingMail = {
    from: context.from,
    to: context.to,
    replyTo: { name: values.name, address: values.email },
    subject: `${context.companyName} contact form: ${values.name}, ${values.company} (${language.toUpperCase()}, ${page})`,
    text,
    date: receivedAt,
    messageId: `<${keyHash}@${new URL(context.siteUrl).hostname}>`,
  };
  return mail;
}
