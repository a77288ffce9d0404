import { isEmailAddress } from "../shared/form/index.ts";
import { isTimeZone } from "../shared/time-zone.ts";
import { siteUrlFromEnvironment } from "../shared/site-url.ts";
import { MAIL_FRAMES } from "./mail-frame.ts";
import type { ReceiverRules } from "./rules.ts";

/** What the operator sets (docs/receiver.md); every problem is one line. */
export interface ReceiverConfig {
  /** smtp://user:pass@host:587 or smtps://…:465 (Node server, Netlify). */
  smtpUrl?: string;
  /** Brevo's API key, for hosts without SMTP (Cloudflare). */
  mailApiKey?: string;
  mailApiUrl?: string;
  to: string;
  from: string;
  siteOrigin: string;
  siteUrl: string;
  timeZone: string;
  /** The SQLite file (Node server), or "memory". */
  store: string;
  /** Where a report of undelivered messages goes as a mail too (CONTACT_ALERT_TO); optional. */
  alertTo?: string;
  /** The language of the mail's frame (CONTACT_MAIL_LANGUAGE); the site's default language unless set. */
  mailLanguage: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export type Env = Record<string, string | undefined>;

/**
 * Folders whose content a deploy replaces or nginx serves (the build's output, the publish's releases): an
 * outbox there is lost at the next deploy, or served to the world.
 */
const SERVED_FOLDERS = ["dist", "releases"];

/**
 * The outbox's file unless CONTACT_STORE names one: outside the checkout, where a `git clean` or a redeploy
 * never reaches. Under systemd, its StateDirectory (systemd sets STATE_DIRECTORY: /var/lib/leap-ai-receiver);
 * otherwise the user's state folder (XDG_STATE_HOME, else ~/.local/state/leap-ai-receiver).
 */
export function storeOf(env: Env): string {
  const named = env.CONTACT_STORE?.trim();
  if (named) return named;
  const state = env.STATE_DIRECTORY?.split(":")[0]?.trim();
  if (state) return `${state.replace(/\/$/, "")}/outbox.sqlite`;
  const base = env.XDG_STATE_HOME?.trim() || `${env.HOME ?? ""}/.local/state`;
  return `${base.replace(/\/$/, "")}/leap-ai-receiver/outbox.sqlite`;
}

/** Why the outbox may not live at path (inside a served or replaced folder); undefined when it may. */
export function storeProblem(path: string): string | undefined {
  if (path === "memory") return undefined;
  const folder = path
    .split(/[\\/]/)
    .slice(0, -1)
    .find((part) => SERVED_FOLDERS.includes(part));
  if (folder)
    return `CONTACT_STORE "${path}" is inside a ${folder}/ folder, which a deploy replaces or nginx serves: keep the outbox in /var/lib/leap-ai-receiver (systemd's StateDirectory) or another folder of its own`;
  return undefined;
}

/** An address alone, or "Name <address>". */
export function addressOf(value: string): string {
  return /<([^<>]+)>\s*$/.exec(value)?.[1]?.trim() ?? value.trim();
}

/** Reads the environment; throws one ConfigError listing every problem, one line each. */
export function readConfig(env: Env, rules: ReceiverRules, transport: "smtp" | "api" = "smtp"): ReceiverConfig {
  const problems: string[] = [];
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set`);
    return value ?? "";
  };
  const smtpUrl = transport === "smtp" ? need("SMTP_URL") : undefined;
  const mailApiKey = transport === "api" ? need("MAIL_API_KEY") : undefined;
  const to = need("CONTACT_TO");
  const from = need("CONTACT_FROM");
  if (to && !isEmailAddress(to)) problems.push(`CONTACT_TO "${to}" is not an e-mail address`);
  const alertTo = env.CONTACT_ALERT_TO?.trim() || undefined;
  if (alertTo && !isEmailAddress(alertTo)) problems.push(`CONTACT_ALERT_TO "${alertTo}" is not an e-mail address`);
  if (from && !isEmailAddress(addressOf(from)))
    problems.push(`CONTACT_FROM "${from}" is not an e-mail address (or "Name <address>")`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a line break would start a header of its own
  if (/[\u0000-\u001f]/.test(to + from + (alertTo ?? "")))
    problems.push("CONTACT_TO and CONTACT_FROM must be one line each");
  // The build's rule (shared/site-url.ts), so that the receiver accepts exactly the origin the pages were built for.
  const { url: siteUrl, problem } = siteUrlFromEnvironment(env.SITE_URL?.trim() || rules.siteUrl);
  if (problem) problems.push(`SITE_URL "${siteUrl}" ${problem}`);
  const siteOrigin = problem ? "" : new URL(siteUrl).origin;
  // The time in the mail: CONTACT_TIME_ZONE, else site.yaml's timeZone (the zone the site's calendar is in), else UTC.
  const timeZone = env.CONTACT_TIME_ZONE?.trim() || rules.timeZone || "UTC";
  if (!isTimeZone(timeZone)) problems.push(`CONTACT_TIME_ZONE "${timeZone}" is not a time zone such as Europe/Berlin`);
  // CONTACT_MAIL_LANGUAGE, else site.yaml's mail.language, else the site's default language.
  const chosen = env.CONTACT_MAIL_LANGUAGE?.trim()
    ? "CONTACT_MAIL_LANGUAGE"
    : rules.mailLanguage
      ? "site.yaml's mail.language"
      : undefined;
  const mailLanguage = env.CONTACT_MAIL_LANGUAGE?.trim() || rules.mailLanguage || rules.defaultLanguage;
  // The site's default language too: a third language without a frame would otherwise get an English mail.
  if (!(mailLanguage in MAIL_FRAMES))
    problems.push(
      `${chosen ?? "site.yaml's default language"} "${mailLanguage}" has no mail frame: one of ${Object.keys(MAIL_FRAMES).join(", ")}`,
    );
  const store = storeOf(env);
  if (transport === "smtp") {
    const misplaced = storeProblem(store);
    if (misplaced) problems.push(misplaced);
  }
  if (problems.length > 0) throw new ConfigError(problems.join("\n"));
  return {
    smtpUrl,
    mailApiKey,
    mailApiUrl: env.MAIL_API_URL?.trim() || undefined,
    to,
    from,
    siteOrigin,
    siteUrl,
    timeZone,
    store,
    alertTo,
    mailLanguage,
  };
}

/** The mail server gets 70 % of the time the form waits, so the form hears the 503 before it gives up. */
export const sendTimeoutOf = (rules: ReceiverRules) => Math.floor(rules.deliveryTimeoutMs * 0.7);
