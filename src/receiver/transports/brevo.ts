import { MailError, type MailTransport } from "./transport.ts";

/** Brevo's transactional e-mail API (an EU company, Paris): MAIL_API_URL may point elsewhere that speaks it. */
export const BREVO_API = "https://api.brevo.com/v3/smtp/email";

const nameAndAddress = (value: string) => {
  const parts = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(value);
  return parts ? { name: parts[1] || undefined, email: parts[2] ?? "" } : { email: value.trim() };
};

/**
 * Mail over HTTPS, for hosts where the receiver cannot open an SMTP connection (Cloudflare). Accepted means
 * Brevo answered 2xx: it then queues the message for delivery itself.
 */
export function brevoTransport(apiKey: string, timeoutMs: number, url = BREVO_API): MailTransport {
  return {
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "api-key": apiKey, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            sender: nameAndAddress(mail.from),
            to: [nameAndAddress(mail.to)],
            ...(mail.replyTo ? { replyTo: { email: mail.replyTo.address, name: mail.replyTo.name } } : {}),
            subject: mail.subject,
            textContent: mail.text,
            headers: { "Message-ID": mail.messageId },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MailError(`mail API unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok)
        throw new MailError(
          `mail API refused the message: ${response.status} ${(await response.text()).slice(0, 200)}`,
        );
    },
  };
}
