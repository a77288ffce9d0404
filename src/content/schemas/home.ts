import { z } from "zod";
import { HEADLINE_MAX_LENGTH, de, meta, strictObjectDe, text } from "./fields.ts";

export const serviceIcons = ["spark", "chat", "search", "growth"] as const;

export const homeSchema = z.strictObject({
  meta: meta.meta(de("Titel und Beschreibung")),
  hero: strictObjectDe("Kopfbereich", {
    headline: text
      .max(
        HEADLINE_MAX_LENGTH,
        `must be at most ${HEADLINE_MAX_LENGTH} characters: the link-preview card sets it in three lines`,
      )
      .meta(
        de("Überschrift", undefined, {
          max_length: `darf höchstens ${HEADLINE_MAX_LENGTH} Zeichen lang sein: die Linkvorschau setzt sie in drei Zeilen`,
        }),
      ),
    subheadline: text.meta(de("Unterzeile")),
    bookMeeting: text.meta(de("Termin buchen")),
    getInTouch: text.meta(de("Kontakt aufnehmen")),
    badges: z.array(text).length(3, "must list exactly three badges").meta(de("Merkmale")),
  }),
  services: strictObjectDe("Leistungen", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    intro: text.meta(de("Einleitung")),
    cards: z
      .array(
        z.strictObject({
          icon: z.enum(serviceIcons).meta(de("Symbol")),
          title: text.meta(de("Titel")),
          description: text.meta(de("Beschreibung")),
        }),
      )
      .min(1)
      .meta(de("Karten")),
  }),
  expertise: strictObjectDe("Expertise", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    intro: text.meta(de("Einleitung")),
    stats: z
      .array(z.strictObject({ value: text.meta(de("Wert")), label: text.meta(de("Beschriftung")) }))
      .length(3, "must list exactly three stats")
      .meta(de("Kennzahlen")),
  }),
  contact: strictObjectDe("Kontakt", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    subtitle: text.meta(de("Untertitel")),
    booking: z
      .strictObject({
        title: text.meta(de("Titel")),
        text: text.meta(de("Text")),
        button: text.meta(de("Button")),
        note: text.meta(de("Hinweis")),
      })
      .meta(de("Terminbuchung")),
  }),
});
