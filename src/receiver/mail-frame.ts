/**
 * The words around a visitor's message, in the language the consultancy reads its mail in: the site's default
 * language unless CONTACT_MAIL_LANGUAGE names another. One entry per language; a language without one is
 * framed in English. The visitor's own words are never translated; their language stands on its own line.
 */
export interface MailFrame {
  /** Intl locale for the date and the language's name. */
  locale: string;
  intro: (name: string, company: string, site: string) => string;
  subject: (companyName: string) => string;
  labels: {
    name: string;
    email: string;
    company: string;
    language: string;
    page: string;
    campaign: string;
    landingPage: string;
    sent: string;
  };
  /** A campaign code the site's list (site.yaml's campaigns) does not hold: the lead is kept and mailed all the same. */
  unknownCampaign: (code: string) => string;
  reply: (email: string) => string;
  unknownPage: string;
}

export const MAIL_FRAMES: Record<string, MailFrame> = {
  en: {
    locale: "en-GB",
    intro: (name, company, site) => `${name} (${company}) wrote through the contact form of ${site}:`,
    subject: (companyName) => `${companyName} contact form`,
    labels: {
      name: "Name",
      email: "E-mail",
      company: "Company",
      language: "Language",
      page: "Page",
      campaign: "Campaign",
      landingPage: "Landing page",
      sent: "Sent",
    },
    unknownCampaign: (code) => `${code} (not in site.yaml's campaigns)`,
    reply: (email) => `Replying to this e-mail answers ${email}.`,
    unknownPage: "unknown (the form named no page of this site)",
  },
  de: {
    locale: "de-DE",
    intro: (name, company, site) => `${name} (${company}) schreibt über das Kontaktformular von ${site}:`,
    subject: (companyName) => `${companyName} Kontaktformular`,
    labels: {
      name: "Name",
      email: "E-Mail",
      company: "Firma",
      language: "Sprache",
      page: "Seite",
      campaign: "Kampagne",
      landingPage: "Landingpage",
      sent: "Gesendet",
    },
    unknownCampaign: (code) => `${code} (nicht in den campaigns der site.yaml)`,
    reply: (email) => `Eine Antwort auf diese E-Mail geht an ${email}.`,
    unknownPage: "unbekannt (das Formular nannte keine Seite dieser Website)",
  },
};

export const frameFor = (language: string): MailFrame => MAIL_FRAMES[language] ?? (MAIL_FRAMES.en as MailFrame);
