import type { FieldLimits, FieldMessages } from "../shared/form/index.ts";

/**
 * What the receiver needs of content/ to check a message exactly as the form does: the same limits and, per
 * language, the same messages (already filled in). Plain JSON, so a serverless host can carry it bundled
 * (npm run receiver -- --prepare writes it; content-rules.ts reads it from content/ for the Node server).
 */
export interface ReceiverRules {
  /** site.yaml's url; SITE_URL overrides it, as in the build. */
  siteUrl: string;
  companyName: string;
  defaultLanguage: string;
  /** Every published language's field messages, by its code. */
  messages: Record<string, FieldMessages>;
  limits: FieldLimits;
  /** How long the form waits for an answer: the receiver gives up on the mail server well before. */
  deliveryTimeoutMs: number;
  /** site.yaml's form.minFillMs: a message sent sooner after the form was first touched is dropped (0: off). */
  minFillMs?: number;
  /** site.yaml's form.proofOfWork: the challenge's maxnumber; a message without its solution is dropped (0: off). */
  proofOfWork?: number;
  /** site.yaml's form.delivery: where the built form sends ("simulated", /api/contact or another back-end). */
  delivery?: string;
  /** site.yaml's timeZone: the zone of the time written in the mail (CONTACT_TIME_ZONE overrides it). */
  timeZone?: string;
  /** site.yaml's mail.language: the language of the mail's frame (default: defaultLanguage). */
  mailLanguage?: string;
  /** site.yaml's campaigns: each code's name, which the mail of a campaign's lead says. */
  campaigns?: Record<string, string>;
}
