import { z } from "zod";
import { choices, HEADLINE_MAX_LENGTH, meta, text, words } from "./fields.ts";

export const serviceIcons = ["spark", "chat", "search", "growth"] as const;

/** The icons' names in the editor's choice, in both interface languages. */
export const ICON_CHOICES = choices({
  spark: ["Spark", "Funke"],
  chat: ["Speech bubble", "Sprechblase"],
  search: ["Magnifier", "Lupe"],
  growth: ["Rising curve", "Steigende Kurve"],
});

/** A section of the home page's eyebrow, heading and intro, in both interface languages. */
const sectionTop = (section: string, abschnitt: string) => ({
  eyebrow: text.meta(
    words(
      ["Eyebrow", `The small line above the ${section} heading.`],
      ["Dachzeile", `Die kleine Zeile über der Überschrift ${abschnitt}.`],
    ),
  ),
  heading: text.meta(words(["Heading", `The ${section} heading.`], ["Überschrift", `Die Überschrift ${abschnitt}.`])),
});

export const homeSchema = z.strictObject({
  meta: meta.meta(
    words(
      ["Title and description", "What the browser tab and search results show for the home page."],
      ["Titel und Beschreibung", "Was Browser-Tab und Suchergebnisse zur Startseite zeigen."],
    ),
  ),
  hero: z
    .strictObject({
      headline: text
        .max(
          HEADLINE_MAX_LENGTH,
          `must be at most ${HEADLINE_MAX_LENGTH} characters: the link-preview card sets it in three lines`,
        )
        .meta(
          words(
            [
              "Headline",
              `The big line at the top of the home page, also on its link-preview card; at most ${HEADLINE_MAX_LENGTH} characters.`,
            ],
            [
              "Überschrift",
              `Die große Zeile oben auf der Startseite, auch auf ihrer Linkvorschau; höchstens ${HEADLINE_MAX_LENGTH} Zeichen.`,
            ],
            {
              max_length: `darf höchstens ${HEADLINE_MAX_LENGTH} Zeichen lang sein: die Linkvorschau setzt sie in drei Zeilen`,
            },
          ),
        ),
      subheadline: text.meta(
        words(
          ["Subheadline", "The paragraph under the headline."],
          ["Unterzeile", "Der Absatz unter der Überschrift."],
        ),
      ),
      bookMeeting: text.meta(
        words(
          ["Booking button", "The first button; it leads to the booking link in the company facts."],
          ["Termin buchen", "Der erste Button; er führt zum Buchungslink in den Firmendaten."],
        ),
      ),
      getInTouch: text.meta(
        words(
          ["Contact button", "The second button; it leads to the contact form below."],
          ["Kontakt aufnehmen", "Der zweite Button; er führt zum Kontaktformular weiter unten."],
        ),
      ),
      badges: z
        .array(text)
        .length(3, "must list exactly three badges")
        .meta(
          words(
            ["Badges", "Exactly three short words under the buttons, e.g. Scalable."],
            ["Merkmale", "Genau drei kurze Wörter unter den Buttons, z. B. Skalierbar."],
          ),
        ),
    })
    .meta(
      words(
        ["Hero", "The top of the home page: headline, buttons and badges."],
        ["Kopfbereich", "Der Anfang der Startseite: Überschrift, Buttons und Merkmale."],
      ),
    ),
  services: z
    .strictObject({
      ...sectionTop("services", "der Leistungen"),
      intro: text.meta(
        words(
          ["Intro", "The paragraph above the service cards."],
          ["Einleitung", "Der Absatz über den Karten der Leistungen."],
        ),
      ),
      cards: z
        .array(
          z.strictObject({
            icon: z.enum(serviceIcons).meta({
              ...words(["Icon", "The card's symbol."], ["Symbol", "Das Zeichen der Karte."]),
              ...ICON_CHOICES,
            }),
            title: text.meta(words(["Title", "The card's heading."], ["Titel", "Die Überschrift der Karte."])),
            description: text.meta(words(["Description", "The card's text."], ["Beschreibung", "Der Text der Karte."])),
          }),
        )
        .min(1)
        .meta(
          words(
            ["Cards", "One card per service, in this order."],
            ["Karten", "Eine Karte je Leistung, in dieser Reihenfolge."],
          ),
        ),
    })
    .meta(
      words(
        ["Services", "The section of the home page that presents the services (#services)."],
        ["Leistungen", "Der Abschnitt der Startseite, der die Leistungen vorstellt (#services)."],
      ),
    ),
  expertise: z
    .strictObject({
      ...sectionTop("expertise", "der Expertise"),
      intro: text.meta(
        words(["Intro", "The paragraph above the figures."], ["Einleitung", "Der Absatz über den Kennzahlen."]),
      ),
      stats: z
        .array(
          z.strictObject({
            value: text.meta(words(["Value", "The big figure, e.g. 73%."], ["Wert", "Die große Zahl, z. B. 73 %."])),
            label: text.meta(
              words(["Label", "What the figure means, e.g. Average ROI."], ["Beschriftung", "Was die Zahl bedeutet."]),
            ),
          }),
        )
        .length(3, "must list exactly three stats")
        .meta(
          words(
            ["Figures", "Exactly three figures with their labels."],
            ["Kennzahlen", "Genau drei Zahlen mit ihrer Beschriftung."],
          ),
        ),
    })
    .meta(
      words(
        ["Expertise", "The section of the home page on why to choose the company (#expertise)."],
        ["Expertise", "Der Abschnitt der Startseite darüber, warum die Firma (#expertise)."],
      ),
    ),
  contact: z
    .strictObject({
      ...sectionTop("contact", "des Kontakts"),
      subtitle: text.meta(
        words(["Subtitle", "The paragraph under the heading."], ["Untertitel", "Der Absatz unter der Überschrift."]),
      ),
      booking: z
        .strictObject({
          title: text.meta(
            words(["Title", "The booking box's heading."], ["Titel", "Die Überschrift des Buchungskastens."]),
          ),
          text: text.meta(words(["Text", "The booking box's paragraph."], ["Text", "Der Absatz des Buchungskastens."])),
          button: text.meta(
            words(
              ["Button", "Leads to the booking link in the company facts."],
              ["Button", "Führt zum Buchungslink in den Firmendaten."],
            ),
          ),
          note: text.meta(
            words(
              ["Note", "The small line under the button, e.g. Free 30-minute strategy session."],
              ["Hinweis", "Die kleine Zeile unter dem Button, z. B. Kostenloses Strategiegespräch."],
            ),
          ),
        })
        .meta(
          words(
            ["Booking box", "The box beside the contact form that leads to the booking link."],
            ["Terminbuchung", "Der Kasten neben dem Kontaktformular, der zum Buchungslink führt."],
          ),
        ),
    })
    .meta(
      words(
        ["Contact", "The home page's contact section (#contact) around the form."],
        ["Kontakt", "Der Kontaktabschnitt der Startseite (#contact) rund um das Formular."],
      ),
    ),
});
