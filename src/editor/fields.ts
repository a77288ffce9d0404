import { z } from "zod";
import { BLOCKS, type BlockType } from "../content/schemas/blocks.ts";
import { choices } from "../content/schemas/fields.ts";
import { germanOfSchemaMessage } from "../shared/messages/schema-german.ts";
import { BODY_BUTTONS, type EditorField, OWN_TEXT_WIDGET } from "./browser/data.ts";

export type { EditorField };

/** A field's words in one interface language besides English: its label, help and the messages of its checks. */
export interface LocalLabels {
  title?: string;
  description?: string;
  /** By check kind, as in "x-messages": max_length, min_length, string_format, format. */
  messages?: Record<string, string>;
}

/** The web editor's interface language: "en" is the schemas' own words; others come from each field's "x-labels". */
export type InterfaceCode = string;

/** What z.toJSONSchema gives for one schema, plus the messages of its checks (added in the override below). */
interface JsonNode {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonNode;
  properties?: Record<string, JsonNode>;
  required?: string[];
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  const?: unknown;
  "x-editor"?: string;
  "x-messages"?: Record<string, string>;
  /** The field's words in other interface languages, beside its definition in the schema (content/schemas/). */
  "x-labels"?: Record<InterfaceCode, LocalLabels>;
  /** The words of an enum's values, by interface language (content/schemas/fields.ts, choices). */
  "x-choices"?: Record<InterfaceCode, Record<string, string>>;
}

interface ZodInternals {
  _zod: {
    def: {
      checks?: { _zod: { def: { check: string; error?: (issue: unknown) => unknown } } }[];
      error?: (issue: unknown) => unknown;
    };
  };
}

/**
 * The messages a schema's checks carry ("must not be empty", "should be at most 60 characters: …"), by
 * check kind. zod's JSON Schema has the limits but not the messages, and the editor must refuse with
 * the same words as the build.
 */
function checkMessages(schema: unknown): Record<string, string> {
  const { def } = (schema as ZodInternals)._zod;
  const messages: Record<string, string> = {};
  for (const check of def.checks ?? []) {
    const message = check._zod.def.error?.({});
    if (typeof message === "string") messages[check._zod.def.check] = message;
  }
  const own = def.error?.({});
  if (typeof own === "string") messages.format = own;
  return messages;
}

/** The schema as JSON Schema (what a form can express), with each node's messages under "x-messages". */
export function jsonSchemaOf(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: "input",
    // Refinements across fields (an image needs its alt text) cannot be expressed; the build still checks them.
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const messages = checkMessages(zodSchema);
      if (Object.keys(messages).length > 0) (jsonSchema as JsonNode)["x-messages"] = messages;
    },
  }) as JsonNode;
}

/** One of site.yaml's campaigns, as the editor offers it. */
export interface Campaign {
  code: string;
  name: string;
}

/**
 * The schema with every campaign field (SITE_CAMPAIGN in the schemas) made a choice of site.yaml's campaigns: the
 * codes are the values the file keeps, each shown by its campaign's name and code in every interface language (the
 * campaign has one name). The schemas cannot hold the list, which is content; without campaigns the field stays
 * text, and the build names the list that is missing.
 */
export function offerCampaigns(node: JsonNode, campaigns: readonly Campaign[]): JsonNode {
  if (campaigns.length === 0) return node;
  const words = Object.fromEntries(
    campaigns.map(({ code, name }): [string, [string, string]] => [code, [`${name} (${code})`, `${name} (${code})`]]),
  );
  const offer = (child: JsonNode): JsonNode => {
    if (child["x-editor"] === "campaign") {
      const { pattern: _, ...rest } = child;
      return { ...rest, enum: campaigns.map((campaign) => campaign.code), ...choices(words) };
    }
    const copy: JsonNode = { ...child };
    if (child.properties)
      copy.properties = Object.fromEntries(Object.entries(child.properties).map(([key, sub]) => [key, offer(sub)]));
    if (child.items) copy.items = offer(child.items);
    if (child.anyOf) copy.anyOf = child.anyOf.map(offer);
    if (child.oneOf) copy.oneOf = child.oneOf.map(offer);
    return copy;
  };
  return offer(node);
}

/** What a field that is not copied between languages says, in each interface language. */
const OWN_NOTE: Record<InterfaceCode, string> = {
  en: "Each language has its own: “Copy from English” leaves it out.",
  de: "Jede Sprache hat ihre eigenen: „Aus Englisch kopieren“ lässt sie aus.",
};
const ownNote = (language: InterfaceCode) => OWN_NOTE[language] ?? OWN_NOTE.en ?? "";

/**
 * What an image field of a per-language file says about "Copy from English", which leaves it out (Sveltia copies text
 * fields only): which path works from this language's file. An image the text names is copied with the text, and
 * the build says the same where the file is missing (content/rules/media.ts).
 */
const IMAGE_NOTE: Record<InterfaceCode, string> = {
  en: "“Copy from English” leaves it out: choose an image next to this page (this language's own, e.g. with its own words) or a shared one from Global Assets (/media/…, one image for every language). Images the copied text names are the English page's until this page has one of the same name.",
  de: "„Aus Englisch kopieren“ lässt es aus: Wählen Sie ein Bild neben dieser Seite (das eigene dieser Sprache, etwa mit deutscher Beschriftung) oder ein gemeinsames aus „Global Assets“ (/media/…, ein Bild für alle Sprachen). Bilder, die der kopierte Text nennt, sind die der englischen Seite, bis diese Seite ein eigenes gleichen Namens hat.",
};
const withNote = (hint: string | undefined, note: string) => (hint ? `${hint} ${note}` : note);

/** "phoneHref" -> "Phone href": a readable label where the schema gives no title. */
const labelOf = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A regular expression that is true exactly when the trimmed text has at most max characters. */
const atMost = (max: number) => `^\\s*[\\s\\S]{0,${max}}\\s*$`;

/**
 * The one pattern the editor checks for a text field, with the schema's message: a field has one, so
 * the format wins over the length and the length over "not empty" (which `required` covers for
 * required fields; an optional text may still not be blank once filled in).
 */
function textPattern(node: JsonNode, required: boolean, language: InterfaceCode): [string, string] | undefined {
  // The schema's own English words, in German from their one table where the field carries none of its own.
  const inLanguage = (english: string) => (language === "de" ? germanOfSchemaMessage(english) : undefined) ?? english;
  const own = Object.entries(node["x-messages"] ?? {}).map(([kind, english]) => [kind, inLanguage(english)]);
  const messages = { ...Object.fromEntries(own), ...node["x-labels"]?.[language]?.messages };
  if (node.pattern && node.format !== "date")
    return [node.pattern, messages.string_format ?? messages.format ?? inLanguage("has the wrong format")];
  if (node.maxLength !== undefined)
    return [atMost(node.maxLength), messages.max_length ?? inLanguage(`must be at most ${node.maxLength} characters`)];
  if (node.minLength !== undefined && !required) return ["\\S", messages.min_length ?? inLanguage("must not be empty")];
  return undefined;
}

/** One JSON Schema node as an editor field; `i18n` marks fields of files that exist once per language. */
function fieldOf(name: string, node: JsonNode, required: boolean, i18n: boolean, language: InterfaceCode): EditorField {
  const local = node["x-labels"]?.[language];
  const base: EditorField = {
    name,
    label: local?.title ?? node.title ?? labelOf(name),
    widget: "string",
    ...(i18n ? { i18n: true } : {}),
  };
  if (!required) base.required = false;
  const hint = local?.description ?? node.description;
  if (hint) base.hint = hint;
  if (node.default !== undefined) base.default = node.default;

  if (node.type === "object" && node.properties)
    return { ...base, widget: "object", fields: fieldsOf(node, i18n, language) };
  if (node["x-editor"] === "blocks" && node.items?.oneOf) return blocksField(base, node, i18n, language);
  if (node.type === "array" && node.items) {
    const list: EditorField = { ...base, widget: "list" };
    if (node.minItems !== undefined) list.min = node.minItems;
    if (node.maxItems !== undefined) list.max = node.maxItems;
    // The item carries i18n as its list does: without it Sveltia shows the list on other languages' tabs as
    // blank bars with Add disabled (issue 42).
    const item = fieldOf("item", node.items, true, i18n, language);
    if (item.widget === OWN_TEXT_WIDGET) list.hint = withNote(list.hint, ownNote(language));
    // A tag is typed as the site already writes it (issue 54): the field offers the language's existing tags.
    if (item.widget === OWN_TEXT_WIDGET && name === "tags") item.site_suggest = "tags";
    return item.widget === "object"
      ? { ...list, fields: item.fields ?? [] }
      : // An item with words of its own ("Tag" in a list of "Tags") keeps them; otherwise it shows the list's.
        {
          ...list,
          field: {
            ...item,
            label: node.items.title || node.items["x-labels"]?.[language]?.title ? item.label : base.label,
          },
        };
  }
  if (node.type === "boolean") return { ...base, widget: "boolean", required: false };
  if (node.type === "integer" || node.type === "number") {
    const field: EditorField = { ...base, widget: "number" };
    if (node.type === "integer") field.value_type = "int";
    if (node.minimum !== undefined) field.min = node.minimum;
    if (node.maximum !== undefined) field.max = node.maximum;
    return field;
  }
  if (node.enum) {
    const words = node["x-choices"]?.[language] ?? node["x-choices"]?.en;
    const options = node.enum.map((value) =>
      words?.[String(value)] ? { label: words[String(value)] as string, value: String(value) } : String(value),
    );
    return { ...base, widget: "select", options };
  }
  if (node.format === "date") return { ...base, widget: "datetime", time_format: false, format: "YYYY-MM-DD" };
  if (node["x-editor"] === "markdown") return { ...base, widget: "markdown", buttons: BODY_BUTTONS };
  if (node["x-editor"] === "image") {
    const image: EditorField = { ...base, widget: "image", choose_url: false };
    if (i18n) image.hint = withNote(image.hint, IMAGE_NOTE[language] ?? IMAGE_NOTE.en ?? "");
    return image;
  }
  const pattern = textPattern(node, required, language);
  const text = pattern ? { ...base, pattern } : base;
  // Sveltia's "Copy from …" copies a field by its type (string, text, markdown, list): the same text editor under a
  // name of the site's own (browser/main.ts registers it) is left out of the copy.
  if (node["x-editor"] !== "own-per-language") return text;
  const own: EditorField = { ...text, widget: OWN_TEXT_WIDGET };
  if (name !== "item") own.hint = withNote(own.hint, ownNote(language));
  return own;
}

/**
 * A campaign page's blocks (content/schemas/blocks.ts): Sveltia's variable types, a list whose items each carry
 * their `type` and the fields of that type. The types come in the table's order, each named in the interface
 * language from the table (BLOCKS); their fields are their schemas' own, as every other field's.
 */
function blocksField(base: EditorField, node: JsonNode, i18n: boolean, language: InterfaceCode): EditorField {
  const field: EditorField = { ...base, widget: "list", types: [] };
  if (node.minItems !== undefined) field.min = node.minItems;
  if (node.maxItems !== undefined) field.max = node.maxItems;
  for (const option of node.items?.oneOf ?? []) {
    const name = option.properties?.type?.const;
    if (typeof name !== "string" || !(name in BLOCKS)) continue;
    const { label } = BLOCKS[name as BlockType];
    // The type key is Sveltia's own (typeKey, default "type"): it writes it, and no field shows it.
    const { type: _, ...properties } = option.properties ?? {};
    const fields = fieldsOf({ ...option, properties }, i18n, language);
    field.types?.push({
      name,
      label: (label as Record<string, string>)[language] ?? label.en,
      widget: "object",
      fields: i18n ? fields.map((sub) => sharedAcrossLanguages(sub, language)) : fields,
    });
  }
  return field;
}

/**
 * What "Copy from English" must carry that Sveltia's copy leaves out (it copies text fields only): a block's images,
 * choices (a card's icon) and switches (a quote's consent) are the same in every language, so they are set once, on
 * the default language's tab, and written into each language's file (Sveltia's i18n: duplicate). A translation's
 * blocks then build as soon as they are copied.
 */
function sharedAcrossLanguages(field: EditorField, language: InterfaceCode): EditorField {
  if (field.widget === "image" || field.widget === "select" || field.widget === "boolean") {
    // The image's note that "Copy from English" leaves it out (IMAGE_NOTE) no longer holds.
    const hint = field.hint?.replace(` ${IMAGE_NOTE[language] ?? IMAGE_NOTE.en}`, "");
    return { ...field, ...(hint ? { hint } : {}), i18n: "duplicate" };
  }
  return field.fields ? { ...field, fields: field.fields.map((sub) => sharedAcrossLanguages(sub, language)) } : field;
}

/** The fields of an object node, in the schema's order. */
export function fieldsOf(node: JsonNode, i18n: boolean, language: InterfaceCode = "en"): EditorField[] {
  const required = new Set(node.required ?? []);
  // What only a developer changes has no field: Sveltia hands a key it has no field for back untouched on save,
  // so the file keeps it byte for byte, and no required field stands where an author cannot fill it.
  return Object.entries(node.properties ?? {})
    .filter(([, child]) => child["x-editor"] !== "developer")
    .map(([key, child]) => fieldOf(key, child, required.has(key), i18n, language));
}

/** The keys of an object node the editor leaves to developers (DEVELOPER_ONLY in the schemas). */
export const developerKeys = (node: JsonNode): string[] =>
  Object.entries(node.properties ?? {})
    .filter(([, child]) => child["x-editor"] === "developer")
    .map(([key]) => key);

/**
 * What the schema fills in for a key left out, by key path ("draft", "locales.*.published"): the editor's
 * writer leaves such a value out of a file that did not have the key.
 */
export function defaultsOf(node: JsonNode, path = ""): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  const at = (key: string) => (path === "" ? key : `${path}.${key}`);
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (child.default !== undefined) defaults[at(key)] = child.default;
    Object.assign(defaults, defaultsOf(child, at(key)));
  }
  if (node.items) Object.assign(defaults, defaultsOf(node.items, at("*")));
  for (const option of node.anyOf ?? []) Object.assign(defaults, defaultsOf(option, path));
  return defaults;
}
