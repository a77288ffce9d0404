import { z } from "zod";
import { TITLE_MAX_DE, de, text, title } from "./fields.ts";

export const impressumSchema = z.strictObject({
  title: title.meta(de("Titel", undefined, { max_length: TITLE_MAX_DE })),
  description: text.meta(de("Beschreibung")),
  sections: z
    .array(z.strictObject({ lang: text.meta(de("Sprache")), heading: text.meta(de("Überschrift")) }))
    .min(1)
    .meta(de("Abschnitte")),
});
