import { loadContent } from "../content/load.ts";
import { defaultLocale } from "../content/locales.ts";
import type { ReceiverRules } from "./rules.ts";

const mailLanguageOf = (site: object): { mailLanguage?: string } => {
  const language = (site as { mail?: { language?: unknown } }).mail?.language;
  return typeof language === "string" ? { mailLanguage: language } : {};
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: a line break would end the mail's subject
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** site.yaml's campaigns, code to name; the build's schema checks them, and a subject is one line whatever it says. */
const campaignsOf = (site: object): { campaigns?: Record<string, string> } => {
  const list = (site as { campaigns?: unknown }).campaigns;
  if (!Array.isArray(list) || list.length === 0) return {};
  const entries = list.flatMap((entry: { code?: unknown; name?: unknown }) =>
    typeof entry?.code === "string" && typeof entry.name === "string"
      ? [[entry.code, entry.name.replace(CONTROL, " ")] as const]
      : [],
  );
  return { campaigns: Object.fromEntries(entries) };
};

/**
 * The rules from content/ through the site's own loader, so the receiver's messages are the very words the
 * form shows (the same files, schemas and filled-in placeholders). Content the build would refuse, the
 * receiver refuses too, with the same messages.
 */
export async function rulesFromContent(contentDir?: string): Promise<ReceiverRules> {
  const content = await loadContent(contentDir);
  return {
    siteUrl: content.site.url,
    companyName: content.site.company.name,
    defaultLanguage: defaultLocale(content.locales).code,
    messages: Object.fromEntries(Object.entries(content.langs).map(([lang, copy]) => [lang, copy.form.errors])),
    limits: content.site.form.limits,
    deliveryTimeoutMs: content.site.form.deliveryTimeoutMs,
    delivery: content.site.form.delivery,
    minFillMs: content.site.form.minFillMs ?? 0,
    proofOfWork: content.site.form.proofOfWork ?? 0,
    ...(content.site.timeZone ? { timeZone: content.site.timeZone } : {}),
    // site.yaml's mail.language (docs/receiver.md).
    ...mailLanguageOf(content.site),
    ...campaignsOf(content.site),
  };
}
