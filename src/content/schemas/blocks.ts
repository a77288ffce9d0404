import { z } from "zod";
import { CAMPAIGN_CODE } from "../../shared/form/campaign.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { lacksConsent, lacksEvidence } from "../../shared/verdict/blocks.ts";
import { linkTarget } from "./common.ts";
import { ICON_CHOICES, serviceIcons } from "./home.ts";
import { HEADLINE_MAX_LENGTH, SITE_CAMPAIGN, text, url, words } from "./fields.ts";

// The blocks a campaign page is made of (issue 59): one table, BLOCKS, holds every block type's schema and its
// name in both interface languages; each field carries its own labels (words()), as every other schema does.
// The page schema (page.ts) takes its `blocks:` list from here, the components (components/blocks/) render
// each type, and the web editor derives its variable types from the same table. A new block type is a schema and
// an entry here, a component in components/blocks/, and its styles.

/** An image a block shows: next to the page (./) or shared (/media/), as the page's own image field. */
const imagePath = z
  .string()
  .regex(
    /^(\.{1,2}\/|\/media\/)/,
    "must be a path next to the page, starting with ./, or a shared image in content/media/, starting with /media/",
  );
const image = (en: [string, string], de: [string, string]) =>
  imagePath.meta({
    ...words(en, de, {
      string_format:
        "muss ein Pfad neben der Seite sein (beginnend mit ./) oder ein gemeinsames Bild in content/media/ (beginnend mit /media/)",
    }),
    "x-editor": "image",
  });
const alt = text.meta(
  words(
    ["Alt text", "What the image shows, for people who cannot see it."],
    ["Alternativtext", "Was das Bild zeigt, für Menschen, die es nicht sehen."],
    { min_length: "darf nicht leer sein" },
  ),
);
const heading = text
  .max(HEADLINE_MAX_LENGTH, `must be at most ${HEADLINE_MAX_LENGTH} characters: a heading is a line or two`)
  .meta(
    words(
      ["Heading", "The block's heading, at most 120 characters."],
      ["Überschrift", "Die Überschrift des Blocks, höchstens 120 Zeichen."],
      { max_length: `darf höchstens ${HEADLINE_MAX_LENGTH} Zeichen lang sein: eine Überschrift ist ein, zwei Zeilen` },
    ),
  );
const to = linkTarget.meta(
  words(
    ["Leads to", "A page's path such as services (optionally with #heading), a home page section (#contact) or home."],
    [
      "Führt zu",
      "Ein Seitenpfad wie services (auch mit #überschrift), ein Abschnitt der Startseite (#contact) oder home.",
    ],
    {
      string_format:
        'muss "#abschnitt-id", ein Seitenpfad wie insights (auch mit "#überschrift-id"), "home" oder "impressum" sein',
    },
  ),
);
const label = text.meta(
  words(["Button text", "What the button says, e.g. Book the workshop."], ["Beschriftung", "Was der Knopf sagt."]),
);
const list = <T extends z.ZodType>(item: T, max: number, en: [string, string], de: [string, string]) =>
  z
    .array(item)
    .min(1, "needs at least one entry")
    .max(max, `may hold at most ${max} entries: a landing page stays short`)
    .meta(words(en, de));
const type = <T extends string>(name: T) => z.literal(name).meta(words(["Block type", name], ["Blocktyp", name]));

// A campaign code's shape has one home, shared with the receiver that reads it back from the form's address.
export { CAMPAIGN_CODE } from "../../shared/form/campaign.ts";

export const heroBlock = z.strictObject({
  type: type("hero"),
  headline: heading.meta(
    words(["Headline", "The page's one big heading (its h1)."], ["Schlagzeile", "Die eine große Überschrift (h1)."]),
  ),
  subline: text.meta(words(["Subline", "One or two sentences below it."], ["Unterzeile", "Ein, zwei Sätze darunter."])),
  image: image(["Image", "The big picture beside the headline."], ["Bild", "Das große Bild neben der Schlagzeile."]),
  imageAlt: alt,
  action: z
    .strictObject({ label, to })
    .meta(words(["Call to action", "The one button of the hero."], ["Handlungsaufruf", "Der eine Knopf."])),
});

export const textBlock = z.strictObject({
  type: type("text"),
  body: text.meta({
    ...words(
      ["Text", "Markdown, with the components of every page (::cta, :::callout …)."],
      ["Text", "Markdown, mit den Bausteinen jeder Seite (::cta, :::callout …)."],
      { min_length: "darf nicht leer sein" },
    ),
    "x-editor": "markdown",
  }),
});

export const servicesBlock = z.strictObject({
  type: type("services"),
  heading,
  cards: list(
    z.strictObject({
      icon: z
        .enum(serviceIcons)
        .meta({ ...words(["Icon", "The card's symbol."], ["Symbol", "Das Zeichen der Karte."]), ...ICON_CHOICES }),
      title: text.meta(words(["Title", "The card's heading."], ["Titel", "Die Überschrift der Karte."])),
      text: text.meta(words(["Text", "A sentence or two."], ["Text", "Ein, zwei Sätze."])),
      link: to.optional(),
    }),
    6,
    ["Cards", "One card per service, at most 6."],
    ["Karten", "Eine Karte je Leistung, höchstens 6."],
  ),
});

export const stepsBlock = z.strictObject({
  type: type("steps"),
  heading,
  steps: list(
    z.strictObject({
      title: text.meta(words(["Step", "What happens in this step."], ["Schritt", "Was in diesem Schritt geschieht."])),
      text: text.meta(words(["Text", "A sentence or two."], ["Text", "Ein, zwei Sätze."])),
    }),
    8,
    ["Steps", "In order; they are numbered 1, 2, 3 …"],
    ["Schritte", "In ihrer Reihenfolge; sie werden 1, 2, 3 … nummeriert."],
  ),
});

export const figuresBlock = z.strictObject({
  type: type("figures"),
  heading,
  figures: list(
    z
      .strictObject({
        value: text
          .max(12, "must be at most 12 characters: a figure such as 40 % or 3 weeks")
          .meta(words(["Figure", "The number, e.g. 40 %."], ["Zahl", "Die Zahl, z. B. 40 %."])),
        label: text.meta(words(["Label", "What the number counts."], ["Beschriftung", "Was die Zahl zählt."])),
        source: url
          .meta(
            words(
              ["Source", "The https:// address that backs the number."],
              ["Quelle", "Die https://-Adresse, die die Zahl belegt."],
              { format: "muss eine https://-Adresse sein" },
            ),
          )
          .optional(),
        footnote: text
          .meta(
            words(
              ["Footnote", "Where the number comes from, if not a web page."],
              ["Fußnote", "Woher die Zahl stammt, wenn nicht von einer Webseite."],
            ),
          )
          .optional(),
      })
      // A claim about results needs its evidence (issue 59): the number does not build without one.
      .refine((figure) => !lacksEvidence(figure), {
        message: say("figureEvidence", {}).en,
        path: ["value"],
      }),
    6,
    ["Figures", "Numbers with labels, each with a source or footnote."],
    ["Zahlen", "Zahlen mit Beschriftung, jede mit Quelle oder Fußnote."],
  ),
});

export const quoteBlock = z
  .strictObject({
    type: type("quote"),
    quote: text.meta(
      words(["Quote", "The words, without quotation marks."], ["Zitat", "Die Worte, ohne Anführungszeichen."]),
    ),
    person: text
      .meta(
        words(
          ["Person", "Optional: who said it; needs consent."],
          ["Person", "Optional: wer es sagte; braucht Einwilligung."],
        ),
      )
      .optional(),
    role: text.meta(words(["Role", "e.g. Head of Operations."], ["Rolle", "z. B. Leiterin Betrieb."])),
    company: text.meta(words(["Company", "Where they work."], ["Firma", "Wo sie arbeiten."])).optional(),
    photo: image(
      ["Photo", "Optional: a portrait of the person."],
      ["Foto", "Optional: ein Porträt der Person."],
    ).optional(),
    consent: z
      .literal(true, "must be true: write consent: true once the person has agreed in writing to be quoted by name")
      .meta(
        words(
          ["Consent", "On: the person has agreed in writing to be quoted by name."],
          ["Einwilligung", "An: die Person hat schriftlich zugestimmt, namentlich zitiert zu werden."],
        ),
      )
      .optional(),
  })
  .superRefine((quote, context) => {
    if (lacksConsent(quote))
      context.addIssue({ code: "custom", path: ["person"], message: say("quoteConsent", {}).en });
    if (quote.photo !== undefined && quote.person === undefined)
      context.addIssue({
        code: "custom",
        path: ["photo"],
        message: "a photo shows a named person: add person (and consent: true), or remove photo",
      });
  });

export const logosBlock = z.strictObject({
  type: type("logos"),
  heading,
  logos: list(
    z.strictObject({
      image: image(["Logo", "The client's logo (SVG or PNG)."], ["Logo", "Das Logo des Kunden (SVG oder PNG)."]),
      alt: alt.meta(
        words(
          ["Alt text", "The client's name, as the logo writes it."],
          ["Alternativtext", "Der Name des Kunden, wie das Logo ihn schreibt."],
          { min_length: "darf nicht leer sein" },
        ),
      ),
    }),
    12,
    ["Logos", "Client logos, at most 12."],
    ["Logos", "Logos von Kunden, höchstens 12."],
  ),
});

export const faqBlock = z.strictObject({
  type: type("faq"),
  heading,
  items: list(
    z.strictObject({
      question: text.meta(words(["Question", "As a visitor asks it."], ["Frage", "So, wie Besucher sie stellen."])),
      answer: text.meta(words(["Answer", "A short paragraph."], ["Antwort", "Ein kurzer Absatz."])),
    }),
    12,
    ["Questions", "Each opens on a click."],
    ["Fragen", "Jede öffnet sich auf Klick."],
  ),
});

export const ctaBlock = z.strictObject({
  type: type("cta"),
  heading,
  text: text
    .meta(words(["Text", "Optional: a sentence below the heading."], ["Text", "Optional: ein Satz darunter."]))
    .optional(),
  label,
  campaign: z
    .string()
    .regex(
      CAMPAIGN_CODE,
      "must be a campaign code of site.yaml's campaigns: lowercase letters, digits and -, at most 40",
    )
    .meta({
      ...words(
        ["Campaign", "One of site.yaml's campaigns: the contact form's message carries its code."],
        ["Kampagne", "Eine der Kampagnen aus site.yaml: die Nachricht des Kontaktformulars trägt ihren Code."],
        { string_format: "muss ein Kampagnencode aus site.yaml sein: Kleinbuchstaben, Ziffern und -, höchstens 40" },
      ),
      ...SITE_CAMPAIGN,
    }),
});

/**
 * Every block type: its schema and its name in both interface languages (the field labels are on each field). The
 * order is the order the editor offers them in.
 */
export const BLOCKS = {
  hero: { schema: heroBlock, label: { en: "Hero", de: "Bühne" } },
  text: { schema: textBlock, label: { en: "Text", de: "Text" } },
  services: { schema: servicesBlock, label: { en: "Services", de: "Leistungen" } },
  steps: { schema: stepsBlock, label: { en: "Steps", de: "Ablauf" } },
  figures: { schema: figuresBlock, label: { en: "Figures", de: "Zahlen" } },
  quote: { schema: quoteBlock, label: { en: "Quote", de: "Zitat" } },
  logos: { schema: logosBlock, label: { en: "Logos", de: "Logos" } },
  faq: { schema: faqBlock, label: { en: "Questions and answers", de: "Fragen und Antworten" } },
  cta: { schema: ctaBlock, label: { en: "Call to action", de: "Handlungsaufruf" } },
} as const;

export type BlockType = keyof typeof BLOCKS;
export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

/** One block, told apart by its type. */
export const blockSchema = z.discriminatedUnion(
  "type",
  [heroBlock, textBlock, servicesBlock, stepsBlock, figuresBlock, quoteBlock, logosBlock, faqBlock, ctaBlock],
  // An unknown or missing type is worded by the issue reader (read/issues.ts) with did-you-mean.
);
export type Block = z.infer<typeof blockSchema>;

/** A page's blocks, in order: at most one hero, and it comes first (it holds the page's h1). */
export const blocksSchema = z
  .array(blockSchema)
  .min(1, "needs at least one block (or remove blocks: to write the page in Markdown)")
  .max(20, "may hold at most 20 blocks: a landing page stays within its first 14 KB")
  .superRefine((blocks, context) => {
    blocks.forEach((block, index) => {
      if (block.type === "hero" && index > 0)
        context.addIssue({
          code: "custom",
          path: [index, "type"],
          message: "a hero holds the page's headline and comes first: move it to the top, or make it another block",
        });
    });
  })
  .meta(
    words(
      [
        "Blocks",
        "The page's sections, in order: hero, text, services, steps, figures, quote, logos, questions, call to action.",
      ],
      ["Blöcke", "Die Abschnitte der Seite, in ihrer Reihenfolge."],
    ),
  );

/** site.yaml's campaigns: the codes a call to action may carry, and what the consultancy calls each. */
export const campaignsSchema = z
  .array(
    z.strictObject({
      code: z
        .string()
        .regex(CAMPAIGN_CODE, "must be lowercase letters, digits and -, at most 40 characters, e.g. ai-readiness-2026")
        .meta(
          words(
            ["Code", "What the contact form's message carries, e.g. ai-readiness-2026."],
            ["Code", "Was die Nachricht des Kontaktformulars trägt, z. B. ai-readiness-2026."],
            { string_format: "muss aus Kleinbuchstaben, Ziffern und - bestehen, höchstens 40 Zeichen" },
          ),
        ),
      name: text.meta(
        words(["Name", "What the consultancy calls the campaign."], ["Name", "Wie die Beratung die Kampagne nennt."]),
      ),
    }),
  )
  .superRefine((campaigns, context) => {
    campaigns.forEach((campaign, index) => {
      const first = campaigns.findIndex((other) => other.code === campaign.code);
      if (first !== index)
        context.addIssue({
          code: "custom",
          path: [index, "code"],
          message: `is the code of entry ${first + 1} already: each campaign has a code of its own`,
        });
    });
  })
  .meta(
    words(
      ["Campaigns", "Optional: the codes a page's call to action may carry to the contact form."],
      ["Kampagnen", "Optional: die Codes, die der Handlungsaufruf einer Seite zum Kontaktformular mitgibt."],
    ),
  );
