/**
 * Issue 54: a German author reads every refusal of a schema in German, from the build (LANG=de, the editor's
 * preview) and in the editor's form alike. Each message a schema words itself has its German: beside its field
 * (`de(…)` in schemas/fields.ts) or in shared/messages/schema-german.ts. Walks the schemas themselves, so a new message without
 * German fails here.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import * as schemas from "../../../src/content/schemas/index.ts";
import { germanOfSchemaMessage } from "../../../src/shared/messages/schema-german.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { copyOfContent } from "../../support/content.ts";

interface Internals {
  _zod: {
    def: {
      checks?: { _zod: { def: { check: string; error?: (i: unknown) => unknown } } }[];
      error?: (i: unknown) => unknown;
    };
  };
}

/** Every message a schema words itself, with whether its German is found beside its field or in the table. */
function ownMessages(schema: z.ZodType): { path: string; english: string; german: boolean }[] {
  const found: { path: string; english: string; german: boolean }[] = [];
  const seen = new Set<unknown>();
  const walk = (node: z.ZodType | undefined, path: string, wrappers: z.ZodType[]) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const chain = [...wrappers, node];
    const { def } = (node as unknown as Internals)._zod;
    const messages: [string, unknown][] = [
      ...(def.checks ?? []).map((check): [string, unknown] => [check._zod.def.check, check._zod.def.error?.({})]),
      ["format", def.error?.({})],
    ];
    for (const [kind, english] of messages) {
      if (typeof english !== "string" || /^Invalid /.test(english)) continue;
      const beside = chain.some((n) => {
        const german = (n.meta() as { "x-labels"?: { de?: { messages?: Record<string, string> } } } | undefined)?.[
          "x-labels"
        ]?.de?.messages;
        return german?.[kind] !== undefined || (kind === "string_format" && german?.format !== undefined);
      });
      found.push({ path, english, german: beside || germanOfSchemaMessage(english) !== undefined });
    }
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault)
      walk(node.unwrap() as z.ZodType, path, chain);
    else if (node instanceof z.ZodPipe) walk(node.in as z.ZodType, path, chain);
    else if (node instanceof z.ZodObject)
      for (const [key, value] of Object.entries(node.shape)) walk(value as z.ZodType, `${path}.${key}`, []);
    else if (node instanceof z.ZodArray) walk(node.element as z.ZodType, `${path}[]`, []);
    else if (node instanceof z.ZodUnion || node instanceof z.ZodDiscriminatedUnion)
      for (const option of node.options as z.ZodType[]) walk(option, path, []);
    else if (node instanceof z.ZodRecord) walk(node.valueType as z.ZodType, `${path}{}`, []);
  };
  walk(schema, "", []);
  return found;
}

const SCHEMAS = {
  "site.yaml": schemas.siteSchema,
  "common.yaml": schemas.commonSchema,
  "home.yaml": schemas.homeSchema,
  "form.yaml": schemas.formSchema,
  page: schemas.pageSchema,
  "impressum.md": schemas.impressumSchema,
};

describe("the schemas' own messages in German", () => {
  it.each(Object.entries(SCHEMAS))("%s: every message it words itself has its German", (_, schema) => {
    const messages = ownMessages(schema as z.ZodType);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((message) => !message.german).map(({ path, english }) => `${path}: ${english}`)).toEqual([]);
  });

  it("a German author reads the build's refusal of her values in German: too long, not a list, not true or false, not allowed", async () => {
    const copy = copyOfContent();
    try {
      copy.edit("en/pages/insights/chatbot-roi.md", (text) =>
        text
          .replace(/^title: .*$/m, `title: ${"x".repeat(61)}`)
          .replace(/^tags: .*$/m, "tags: chat")
          .replace(/^---\n/, '---\ndraft: "yes"\ntranslations: parital\n'),
      );
      copy.edit("de/home.yaml", (text) => text.replace(/^(\s*)headline: .*$/m, '$1headline: ""'));
      const error = await loadContent(copy.dir).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      const said = describeFailure(error, { language: "de" });
      expect(said).toContain("title: hat 61 Zeichen, 1 mehr als die 60 erlaubten: Suchergebnisse kürzen längere Titel");
      expect(said).toContain(
        'tags: muss eine Liste sein, jeder Eintrag auf einer Zeile, die mit "- " beginnt (nicht "chat")',
      );
      expect(said).toContain('draft: muss true oder false sein (nicht "yes")');
      expect(said).toContain('translations: muss "partial" sein (weglassen, damit die Regel aus site.yaml gilt)');
      expect(said).toContain("hero.headline: darf nicht leer sein");
      // The same refusals in English, for npm run build without LANG=de.
      expect(describeFailure(error)).toContain(
        "title: has 61 characters, 1 more than the 60 allowed: search results cut longer titles",
      );
    } finally {
      copy.cleanup();
    }
  });
});
