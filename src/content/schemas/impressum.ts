import { z } from "zod";
import { TITLE_MAX_DE, text, title, words } from "./fields.ts";

export const impressumSchema = z.strictObject({
  title: title.meta(
    words(
      ["Title", "The browser tab and search results show it."],
      ["Titel", "Der Browser-Tab und die Suchergebnisse zeigen ihn."],
      { max_length: TITLE_MAX_DE },
    ),
  ),
  description: text.meta(
    words(
      ["Description", "Shown under the title in search results."],
      ["Beschreibung", "Steht in Suchergebnissen unter dem Titel."],
    ),
  ),
  sections: z
    .array(
      z.strictObject({
        lang: text.meta(
          words(
            ["Language", "The language code of this part of the notice, e.g. de or en."],
            ["Sprache", "Der Sprachcode dieses Teils, z. B. de oder en."],
          ),
        ),
        heading: text.meta(
          words(
            ["Heading", "The heading of this part of the notice."],
            ["Überschrift", "Die Überschrift dieses Teils."],
          ),
        ),
      }),
    )
    .min(1)
    .meta(
      words(
        ["Sections", "The notice's parts, one per language, in the order the page shows them."],
        ["Abschnitte", "Die Teile des Impressums, einer je Sprache, in der Reihenfolge der Seite."],
      ),
    ),
});
