import { z } from "zod";

// Every schema is strict: an unknown key is almost always a typo, and a typo would otherwise vanish silently.
const text = z.string().trim().min(1, "must not be empty");
const url = z.url({ protocol: /^https$/, message: "must be an https:// URL" });
const bounds = z
  .strictObject({ min: z.int().positive(), max: z.int().positive() })
  .refine((value) => value.min <= value.max, "min must not be greater than max");

export const siteSchema = z.strictObject({
  company: z.strictObject({
    name: text,
    logo: text,
    email: z.email("must be an e-mail address"),
    phone: text,
    phoneHref: z.string().regex(/^\+\d{6,15}$/, "must be + and the digits of the number, e.g. +493012345678"),
  }),
  url: url.refine((value) => !value.endsWith("/"), "must not end with /"),
  schedulingUrl: url,
  social: z
    .array(z.strictObject({ name: text, icon: z.enum(["linkedin", "youtube", "instagram"]), url }))
    .min(1),
  legal: z.strictObject({
    companyName: text,
    legalForm: text,
    street: text,
    postalCode: text,
    city: text,
    country: text,
    countryEn: text,
    representative: text,
    register: text,
    vatId: text,
    responsibleForContent: text,
  }),
  copyrightYear: z.int().min(1990).max(2100),
  form: z.strictObject({
    delivery: z.union([
      z.literal("simulated"),
      // http:// only for a receiver on this machine (tests, local back-ends); anything public must be https.
      z.url({ protocol: /^https?$/, message: 'must be "simulated" or an https:// URL' }).refine(
        (value) => new URL(value).protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname),
        'must be "simulated" or an https:// URL',
      ),
    ]),
    deliveryTimeoutMs: z.int().min(1000).max(60_000),
    simulatedDelayMs: z.int().min(0).max(10_000),
    limits: z.strictObject({
      name: bounds,
      email: z.strictObject({ max: z.int().positive() }),
      company: bounds,
      message: bounds,
    }),
    throttle: z.strictObject({
      minGapMs: z.int().positive(),
      maxPerWindow: z.int().positive(),
      windowMs: z.int().positive(),
    }),
  }),
});

export const commonSchema = z.strictObject({
  skipLink: text,
  header: z.strictObject({
    homeLabel: text,
    navLabel: text,
    nav: z.strictObject({ services: text, expertise: text, contact: text }),
    languageSwitch: z.strictObject({ text: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter code such as DE"), label: text }),
    bookMeeting: text,
    bookMeetingShort: text,
  }),
  footer: z.strictObject({
    tagline: text,
    servicesLink: text,
    contactHeading: text,
    followHeading: text,
    legalHeading: text,
    impressum: text,
    privacy: text,
    copyright: text,
  }),
  newTab: text,
  legal: z.strictObject({ backToHome: text, onThisPage: text }),
  notFound: z.strictObject({
    title: text,
    description: text,
    heading: text,
    text: text,
    returnHome: text,
    consoleMessage: text,
  }),
});

const meta = z.strictObject({
  title: text,
  description: text.refine((value) => value.length <= 200, "should be at most 200 characters for search results"),
});

export const serviceIcons = ["spark", "chat", "search", "growth"] as const;

export const homeSchema = z.strictObject({
  meta,
  hero: z.strictObject({
    headline: text,
    subheadline: text,
    bookMeeting: text,
    getInTouch: text,
    badges: z.array(text).length(3, "must list exactly three badges"),
  }),
  services: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    cards: z.array(z.strictObject({ icon: z.enum(serviceIcons), title: text, description: text })).min(1),
  }),
  expertise: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    stats: z.array(z.strictObject({ value: text, label: text })).length(3, "must list exactly three stats"),
  }),
  contact: z.strictObject({
    eyebrow: text,
    heading: text,
    subtitle: text,
    booking: z.strictObject({ title: text, text, button: text, note: text }),
  }),
});

const field = z.strictObject({ label: text, placeholder: text });
const toast = z.strictObject({ title: text, text });

export const formSchema = z.strictObject({
  title: text,
  intro: text,
  fields: z.strictObject({ name: field, email: field, company: field, message: field }),
  submit: text,
  sending: text,
  emailAlternative: text.refine((value) => value.includes("{email}"), "must contain {email}"),
  notificationsLabel: text,
  errors: z.strictObject({
    name: z.strictObject({ tooShort: text, tooLong: text, invalid: text }),
    email: z.strictObject({ invalid: text, tooLong: text, format: text }),
    company: z.strictObject({ tooShort: text, tooLong: text }),
    message: z.strictObject({ tooShort: text, tooLong: text }),
  }),
  toasts: z.strictObject({ success: toast, wait: toast, tooMany: toast, invalid: toast, notSent: toast }),
});

export const privacySchema = meta;

export const impressumSchema = z.strictObject({
  title: text,
  description: text,
  sections: z
    .array(z.strictObject({ lang: z.enum(["de", "en"]), heading: text }))
    .min(1),
});

export type Site = z.infer<typeof siteSchema>;
export type Common = z.infer<typeof commonSchema>;
export type Home = z.infer<typeof homeSchema>;
export type FormCopy = z.infer<typeof formSchema>;
