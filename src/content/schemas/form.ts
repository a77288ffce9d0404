import { z } from "zod";
import { text, words } from "./fields.ts";

/** One field of the form: its label and placeholder, named in the hints (name: "the name field"). */
const fieldOf = (en: string, german: string) =>
  z
    .strictObject({
      label: text.meta(
        words(["Label", `The words above the ${en} field.`], ["Beschriftung", `Die Worte über dem Feld ${german}.`]),
      ),
      placeholder: text.meta(
        words(
          ["Placeholder", `The grey example in the empty ${en} field.`],
          ["Platzhalter", `Das graue Beispiel im leeren Feld ${german}.`],
        ),
      ),
    })
    .meta(words([en.charAt(0).toUpperCase() + en.slice(1), `The ${en} field.`], [german, `Das Feld ${german}.`]));

/** A toast (a notification after sending): its title and text, named in the hints. */
const toastOf = (en: [title: string, when: string], german: [title: string, when: string]) =>
  z
    .strictObject({
      title: text.meta(words(["Title", "The notification's bold first line."], ["Titel", "Die fette erste Zeile."])),
      text: text.meta(words(["Text", "The notification's sentence."], ["Text", "Der Satz der Benachrichtigung."])),
    })
    .meta(words(en, german));

/** A field's messages, by check: each with its words and the placeholder the build fills in. */
const MESSAGES = {
  tooShort: [
    ["Too short", "When it is shorter than allowed; {min} is the least number of characters."],
    ["Zu kurz", "Wenn sie kürzer ist als erlaubt; {min} ist die kleinste Zahl an Zeichen."],
  ],
  tooLong: [
    ["Too long", "When it is longer than allowed; {max} is the greatest number of characters."],
    ["Zu lang", "Wenn sie länger ist als erlaubt; {max} ist die größte Zahl an Zeichen."],
  ],
  invalid: [
    ["Invalid", "When it holds characters that are not allowed."],
    ["Ungültig", "Wenn sie Zeichen enthält, die nicht erlaubt sind."],
  ],
  format: [
    ["Format", "When the address has no valid form, e.g. no @."],
    ["Format", "Wenn die Adresse keine gültige Form hat, etwa kein @."],
  ],
} as const satisfies Record<string, readonly [[string, string], [string, string]]>;
const message = (kind: keyof typeof MESSAGES) => text.meta(words([...MESSAGES[kind][0]], [...MESSAGES[kind][1]]));
const messagesOf = (en: string, german: string) =>
  words(
    [en.charAt(0).toUpperCase() + en.slice(1), `The ${en} field's messages.`],
    [german, `Die Meldungen zum Feld ${german}.`],
  );

export const formSchema = z.strictObject({
  title: text.meta(
    words(
      ["Title", "The form's heading, e.g. Get in Touch."],
      ["Titel", "Die Überschrift des Formulars, z. B. Kontakt."],
    ),
  ),
  intro: text.meta(
    words(["Intro", "The sentence under the heading."], ["Einleitung", "Der Satz unter der Überschrift."]),
  ),
  fields: z
    .strictObject({
      name: fieldOf("name", "Name"),
      email: fieldOf("e-mail", "E-Mail"),
      company: fieldOf("company", "Firma"),
      message: fieldOf("message", "Nachricht"),
    })
    .meta(words(["Fields", "The form's four fields."], ["Felder", "Die vier Felder des Formulars."])),
  submit: text.meta(
    words(
      ["Send button", "The button that sends the message."],
      ["Button „Senden“", "Der Button, der die Nachricht sendet."],
    ),
  ),
  sending: text.meta(
    words(
      ["While sending", "The button's words while the message is on its way."],
      ["Während des Sendens", "Die Worte des Buttons, während die Nachricht unterwegs ist."],
    ),
  ),
  emailAlternative: text
    .refine((value) => value.includes("{email}"), "must contain {email}")
    .meta(
      words(
        ["E-mail instead", "Under the form, the way to write without it; must contain {email}, the company's address."],
        [
          "Alternative per E-Mail",
          "Unter dem Formular, der Weg ohne Formular; muss {email} enthalten, die Adresse der Firma.",
        ],
      ),
    ),
  notificationsLabel: text.meta(
    words(
      ["Notifications name", "What screen readers call the area where notifications appear."],
      ["Name der Benachrichtigungen", "Wie Screenreader den Bereich nennen, in dem Benachrichtigungen erscheinen."],
    ),
  ),
  honeypotLabel: text.meta(
    words(
      ["Trap field label", "The label of a hidden field only spam bots fill in; visitors never see it."],
      ["Beschriftung des Fallenfelds", "Die Beschriftung eines versteckten Felds, das nur Spam-Bots ausfüllen."],
    ),
  ),
  /** Above the error summary a failed submit shows at the top of the form (GOV.UK's pattern). */
  errorSummary: text.meta(
    words(
      ["Error list heading", "Above the list of problems a failed send shows at the top of the form."],
      ["Überschrift der Fehlerliste", "Über der Liste der Probleme, die ein fehlgeschlagenes Senden oben zeigt."],
    ),
  ),
  /** Put before the page's title, with a space, while the form has errors: "Error:". */
  errorTitlePrefix: text.meta(
    words(
      ["Title prefix on errors", "Put before the page's title while the form has errors, e.g. Error:."],
      [
        "Vorsatz des Seitentitels bei Fehlern",
        "Steht vor dem Seitentitel, solange das Formular Fehler hat, z. B. Fehler:.",
      ],
    ),
  ),
  /** The close button of a toast, for screen readers. */
  dismiss: text.meta(
    words(
      ["Close notification", "What screen readers call a notification's close button."],
      ["Einblendung schließen", "Wie Screenreader den Schließen-Button einer Benachrichtigung nennen."],
    ),
  ),
  errors: z
    .strictObject({
      name: z
        .strictObject({ tooShort: message("tooShort"), tooLong: message("tooLong"), invalid: message("invalid") })
        .meta(messagesOf("name", "Name")),
      email: z
        .strictObject({ invalid: message("invalid"), tooLong: message("tooLong"), format: message("format") })
        .meta(messagesOf("e-mail", "E-Mail")),
      company: z
        .strictObject({ tooShort: message("tooShort"), tooLong: message("tooLong") })
        .meta(messagesOf("company", "Firma")),
      message: z
        .strictObject({ tooShort: message("tooShort"), tooLong: message("tooLong") })
        .meta(messagesOf("message", "Nachricht")),
    })
    .meta(
      words(
        ["Error messages", "What each field says when its value is not accepted."],
        ["Fehlermeldungen", "Was jedes Feld sagt, wenn sein Wert nicht angenommen wird."],
      ),
    ),
  toasts: z
    .strictObject({
      success: toastOf(["Sent", "When the message has arrived."], ["Gesendet", "Wenn die Nachricht angekommen ist."]),
      wait: toastOf(
        ["Please wait", "When a second message comes too soon; {seconds} is the wait."],
        ["Bitte warten", "Wenn eine zweite Nachricht zu früh kommt; {seconds} ist die Wartezeit."],
      ),
      tooMany: toastOf(
        ["Too many messages", "When too many messages came in a short time."],
        ["Zu viele Nachrichten", "Wenn in kurzer Zeit zu viele Nachrichten kamen."],
      ),
      invalid: toastOf(
        ["Invalid input", "When the message holds characters that are not allowed."],
        ["Ungültige Eingaben", "Wenn die Nachricht Zeichen enthält, die nicht erlaubt sind."],
      ),
      notSent: toastOf(
        ["Not sent", "When the delivery failed; {email} is the company's address."],
        ["Nicht gesendet", "Wenn die Zustellung scheiterte; {email} ist die Adresse der Firma."],
      ),
    })
    .meta(
      words(
        ["Notifications", "The notifications after sending, by outcome."],
        ["Einblendungen", "Die Benachrichtigungen nach dem Senden, je nach Ergebnis."],
      ),
    ),
});
