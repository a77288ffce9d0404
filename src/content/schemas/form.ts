import { z } from "zod";
import { de, strictObjectDe, text } from "./fields.ts";

export const field = z.strictObject({
  label: text.meta(de("Beschriftung")),
  placeholder: text.meta(de("Platzhalter")),
});
export const toast = z.strictObject({ title: text.meta(de("Titel")), text: text.meta(de("Text")) });

export const formSchema = z.strictObject({
  title: text.meta(de("Titel")),
  intro: text.meta(de("Einleitung")),
  fields: z
    .strictObject({
      name: field.meta(de("Name")),
      email: field.meta(de("E-Mail")),
      company: field.meta(de("Firma")),
      message: field.meta(de("Nachricht")),
    })
    .meta(de("Felder")),
  submit: text.meta(de("Button „Senden“")),
  sending: text.meta(de("Während des Sendens")),
  emailAlternative: text
    .refine((value) => value.includes("{email}"), "must contain {email}")
    .meta(de("Alternative per E-Mail")),
  notificationsLabel: text.meta(de("Name der Benachrichtigungen")),
  honeypotLabel: text.meta(de("Beschriftung des Fallenfelds")),
  /** Above the error summary a failed submit shows at the top of the form (GOV.UK's pattern). */
  errorSummary: text.meta(de("Überschrift der Fehlerliste")),
  /** Put before the page's title, with a space, while the form has errors: "Error:". */
  errorTitlePrefix: text.meta(de("Vorsatz des Seitentitels bei Fehlern")),
  /** The close button of a toast, for screen readers. */
  dismiss: text.meta(de("Einblendung schließen")),
  errors: strictObjectDe("Fehlermeldungen", {
    name: z
      .strictObject({
        tooShort: text.meta(de("Zu kurz")),
        tooLong: text.meta(de("Zu lang")),
        invalid: text.meta(de("Ungültig")),
      })
      .meta(de("Name")),
    email: z
      .strictObject({
        invalid: text.meta(de("Ungültig")),
        tooLong: text.meta(de("Zu lang")),
        format: text.meta(de("Format")),
      })
      .meta(de("E-Mail")),
    company: z
      .strictObject({ tooShort: text.meta(de("Zu kurz")), tooLong: text.meta(de("Zu lang")) })
      .meta(de("Firma")),
    message: z
      .strictObject({ tooShort: text.meta(de("Zu kurz")), tooLong: text.meta(de("Zu lang")) })
      .meta(de("Nachricht")),
  }),
  toasts: z
    .strictObject({
      success: toast.meta(de("Gesendet")),
      wait: toast.meta(de("Bitte warten")),
      tooMany: toast.meta(de("Zu viele Nachrichten")),
      invalid: toast.meta(de("Ungültige Eingaben")),
      notSent: toast.meta(de("Nicht gesendet")),
    })
    .meta(de("Einblendungen")),
});
