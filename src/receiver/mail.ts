import type { CampaignFields, ContactValues } from "../shared/form/index.ts";
import { frameFor } from "./mail-frame.ts";
import type { OutgoingMail } from "./transports/transport.ts";

export interface MailContext {
  from: string;
  to: string;
  companyName: string;
  siteUrl: string;
  /** Where the consultancy reads the time, e.g. Europe/Berlin. */
  timeZone: string;
  /** The language of the words around the message (mail-frame.ts); English unless told. */
  frameLanguage?: string;
  /** site.yaml's campaigns: each code's name, as the consultancy calls the campaign. */
  campaigns?: Readonly<Record<string, string>>;
}

export interface ReceivedMessage extends CampaignFields {
  values: ContactValues;
  language: string;
  page: string;
  receivedAt: Date;
  /** Stands for the message's idempotency key: the same for every retry. */
  keyHash: string;
}

// Intl's objects cost far more to make than to use: one per locale (and time zone) for the process's life.
function once<T>(cache: Map<string, T>, id: string, make: () => T): T {
  const found = cache.get(id);
  if (found) return found;
  const made = make();
  cache.set(id, made);
  return made;
}
const namesByLocale = new Map<string, Intl.DisplayNames>();
const displayNames = (locale: string) =>
  once(namesByLocale, locale, () => new Intl.DisplayNames([locale], { type: "language" }));
const datesByZone = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string, timeZone: string) =>
  once(
    datesByZone,
    `${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "medium", timeStyle: "short" }),
  );

/**
 * The e-mail for one message: plain text in UTF-8, Reply-To the visitor, a subject and body that say who
 * wrote, in which language, from which page and when. Header values are only ever single lines: the
 * receiver refused any line break in a name, an address or a company before this.
 */
export function composeMail(
  { values, language, page, receivedAt, keyHash, campaign, landingPage }: ReceivedMessage,
  context: MailContext,
) {
  const frame = frameFor(context.frameLanguage ?? "en");
  const languageName = displayNames(frame.locale).of(language) ?? language;
  // request.ts made the page a path of the site or "unknown".
  const urlOf = (path: string) =>
    path.startsWith("/") ? new URL(path, `${context.siteUrl}/`).href : frame.unknownPage;
  const pageUrl = urlOf(page);
  // A campaign's lead names the campaign and its landing page, in the body and first in the subject.
  const known = campaign ? context.campaigns?.[campaign] : undefined;
  const campaignName = known ?? campaign;
  const local = dateFormat(frame.locale, context.timeZone).format(receivedAt);
  const { labels } = frame;
  const rows: [string, string][] = [
    [labels.name, values.name],
    [labels.email, values.email],
    [labels.company, values.company],
    [labels.language, `${languageName} (${language})`],
    [labels.page, pageUrl],
    ...(campaign
      ? ([
          [labels.campaign, known ? `${known} (${campaign})` : frame.unknownCampaign(campaign)],
          [labels.landingPage, urlOf(landingPage ?? "")],
        ] as [string, string][])
      : []),
    [labels.sent, `${local} (${context.timeZone}), ${receivedAt.toISOString()}`],
  ];
  // The values line up after the longest label the mail shows.
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const text = [
    frame.intro(values.name, values.company, context.siteUrl),
    "",
    values.message,
    "",
    "--",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    "",
    frame.reply(values.email),
    "",
  ].join("\n");
  const mail: OutgoingMail = {
    from: context.from,
    to: context.to,
    replyTo: { name: values.name, address: values.email },
    subject: `${frame.subject(context.companyName)}: ${values.name}, ${values.company} (${language.toUpperCase()}, ${
      campaign ? `${campaignName}, ${landingPage}` : page
    })`,
    text,
    date: receivedAt,
    messageId: `<${keyHash}@${new URL(context.siteUrl).hostname}>`,
  };
  return mail;
}
