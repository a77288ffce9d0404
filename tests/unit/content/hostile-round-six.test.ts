/**
 * Issue 57, hostile content round six: content is data, never code. Front matter in another language than YAML,
 * YAML's own tags that ask for code or another type, invisible characters inside emoji. Each case runs the real
 * build (or the real loader) on a temporary copy of content/ and reads the messages an author reads.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";
import { copyOfContent } from "../../support/content.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => {
  if (copy) rmSync(`${copy.dir}-dist`, { recursive: true, force: true });
  copy?.cleanup();
  copy = undefined;
});

const messagesOf = (error: unknown): string[] => {
  if (error instanceof ContentErrors) return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  if (error instanceof OutputError) return error.messages.map((p) => p.replace(/content-\w+\//g, "content/"));
  throw error;
};
const snapshot = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((file) => [file, statSync(join(dir, file)).isFile() ? readFileSync(join(dir, file)).toString("base64") : ""]);

/** One good build of a copy of content/, for the cases of a describe to try to change; its dist/ as it was. */
function goodBuild(): { site: ReturnType<typeof copyOfContent>; before: ReturnType<typeof snapshot> } {
  const good = {} as ReturnType<typeof goodBuild>;
  beforeAll(async () => {
    good.site = copyOfContent();
    await build({ contentDir: good.site.dir, outDir: `${good.site.dir}-dist`, validationCache: TEST_VALIDATION_CACHE });
    good.before = snapshot(`${good.site.dir}-dist`);
  }, 120_000);
  afterAll(() => {
    rmSync(`${good.site.dir}-dist`, { recursive: true, force: true });
    good.site.cleanup();
  });
  return good;
}

const PAGE = "en/pages/insights/green.md";
/** Code that leaves a file behind if it ever runs, written in each language gray-matter knows. */
const planted = (marker: string): Record<string, string> => {
  const js = `process.getBuiltinModule("fs").writeFileSync(${JSON.stringify(marker)}, "ran")`;
  const fields = `title: "A green build", description: "A page whose front matter is code.", translations: "partial"`;
  return {
    js: `{ ${fields}, summary: ${js} }`,
    javascript: `{ ${fields}, summary: ${js} }`,
    coffee: `title: "A green build"\nsummary: ${js}`,
    cson: `title: "A green build"\nsummary: ${js}`,
    toml: `title = "A green build"\nsummary = "${js.replace(/"/g, "'")}"`,
    json: `{ "title": "A green build", "description": "JSON", "translations": "partial" }`,
    " JS ": `{ ${fields}, summary: ${js} }`,
    perl: `system("touch ${marker}")`,
  };
};

describe("front matter is YAML and nothing else", () => {
  // One good build that every planted file then tries to change.
  const good = goodBuild();

  it.each(Object.keys(planted("")))(
    "---%s front matter fails the build at line 1 with the fix, runs nothing, and leaves dist/ as it was",
    async (language) => {
      const marker = `${good.site.dir}-ran-${language.trim()}`;
      writeFileSync(
        join(good.site.dir, PAGE),
        `---${language}\n${planted(marker)[language]}\n---\n\nA page whose front matter would run as code.\n`,
      );
      const messages = await build({
        contentDir: good.site.dir,
        outDir: `${good.site.dir}-dist`,
        validationCache: TEST_VALIDATION_CACHE,
      }).then(() => [], messagesOf);
      rmSync(join(good.site.dir, PAGE));
      const ran = existsSync(marker);
      rmSync(marker, { force: true });
      expect(ran).toBe(false);
      const name = language.trim();
      expect(messages).toEqual([
        `content/${PAGE}:1: front matter must be YAML: "---${name}" asks for front matter in ${name}, which is never read (it would run as code during the build): write the first line as --- alone and the fields below it as YAML (title: …)`,
      ]);
      expect(snapshot(`${good.site.dir}-dist`)).toEqual(good.before);
    },
    120_000,
  );

  it("---yaml is YAML, as --- is", async () => {
    copy = copyOfContent();
    const plain = await loadContent(copy.dir);
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^---\n/, "---yaml\n"));
    const named = await loadContent(copy.dir);
    const privacy = (content: typeof plain) => content.pages.find((page) => page.file.endsWith("en/pages/privacy.md"));
    expect(privacy(named)?.meta).toEqual(privacy(plain)?.meta);
  });
});

describe("YAML's tags", { timeout: 120_000 }, () => {
  it.each([
    ["!!js/function", 'summary: !!js/function "function () { return 1 }"'],
    ["!!js/undefined", "summary: !!js/undefined ''"],
    ["!!binary", "summary: !!binary aGVsbG8="],
    ["!!timestamp", "summary: !!timestamp 2026-01-01"],
    ["!include", "summary: !include /etc/passwd"],
  ])("%s in front matter is refused with file, line and column, not dropped", async (tag, line) => {
    copy = copyOfContent();
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^title: /m, `${line}\ntitle: `));
    const messages = await loadContent(copy.dir).then(() => [], messagesOf);
    const lineNo =
      readFileSync(join(copy.dir, "en/pages/privacy.md"), "utf8")
        .split("\n")
        .findIndex((l) => l.startsWith("summary: !")) + 1;
    expect(messages).toEqual([
      `content/en/pages/privacy.md:${lineNo}:10: invalid YAML: the tag ${tag} is not one of YAML's own (content is data: a tag that asks for code or another type is refused, not dropped): delete ${tag} and write the value as plain text`,
    ]);
  });

  it("a tag in a .yaml file is refused the same way", async () => {
    copy = copyOfContent();
    copy.edit("de/home.yaml", (text) => text.replace(/^(\s*)headline: /m, "$1headline: !!js/regexp /x/ "));
    const messages = await loadContent(copy.dir).then(() => [], messagesOf);
    expect(messages).toEqual([
      expect.stringMatching(
        /^content\/de\/home\.yaml:\d+:\d+: invalid YAML: the tag !!js\/regexp is not one of YAML's own .*: delete !!js\/regexp and write the value as plain text$/,
      ),
    ]);
  });

  it("YAML's core tags (!!str, !!int) stay allowed", async () => {
    copy = copyOfContent();
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^title: (.*)$/m, "title: !!str $1"));
    await expect(loadContent(copy.dir)).resolves.toBeTruthy();
  });
});

describe("every address an author names is held to the one table of reserved addresses", { timeout: 120_000 }, () => {
  const buildErrors = async (change: (c: ReturnType<typeof copyOfContent>) => void) => {
    copy = copyOfContent();
    change(copy);
    return build({ contentDir: copy.dir, outDir: `${copy.dir}-dist`, validationCache: TEST_VALIDATION_CACHE }).then(
      () => [],
      messagesOf,
    );
  };
  const setPath = (lang: string, key: "tags" | "search", value: string) => (c: ReturnType<typeof copyOfContent>) =>
    c.edit(`${lang}/common.yaml`, (text) =>
      text.replace(new RegExp(`^(${key}:\\n(?:  .*\\n)*?  path: ).*$`, "m"), `$1${value}`),
    );
  const lineOfKey = (lang: string, key: string) =>
    readFileSync(join(copy?.dir ?? "", `${lang}/common.yaml`), "utf8")
      .split("\n")
      .findIndex(
        (line, index, lines) =>
          line.startsWith("  path: ") &&
          lines
            .slice(0, index)
            .reverse()
            .find((l) => /^\S/.test(l))
            ?.startsWith(`${key}:`),
      ) + 1;

  it.each([
    ["en", "search", "admin", '"admin" is reserved for the web editor: choose another name'],
    ["de", "search", "api", '"api" is reserved for the contact form\'s receiver (/api/contact): choose another name'],
    [
      "en",
      "tags",
      "assets",
      '"assets" is reserved for the site\'s styles, scripts and images, cached by browsers for a year: choose another name',
    ],
    ["de", "tags", "search", '"search" is reserved for the site search\'s page and its index: choose another name'],
    ["en", "search", "de", '"de" is where the de pages live: choose another name'],
  ])("%s/common.yaml %s.path: %s fails the build with file, line and key", async (lang, key, value, reason) => {
    const messages = await buildErrors(setPath(lang, key as "tags" | "search", value));
    expect(messages).toEqual([`content/${lang}/common.yaml:${lineOfKey(lang, key)}: ${key}.path: ${reason}`]);
  });

  it("search.path may be search or suche in any language: the names are the search page's own", async () => {
    copy = copyOfContent();
    setPath("en", "search", "suche")(copy);
    setPath("de", "search", "search")(copy);
    await expect(loadContent(copy.dir)).resolves.toBeTruthy();
  });

  it("an alias at the German search page's address names the search page and de/common.yaml, not another page", async () => {
    const messages = await buildErrors((c) =>
      c.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^title:/m, "aliases: [/de/suche]\ntitle:")),
    );
    const line =
      readFileSync(join(copy?.dir ?? "", "de/pages/insights/rag-agents.md"), "utf8")
        .split("\n")
        .indexOf("aliases: [/de/suche]") + 1;
    expect(messages).toEqual([
      `content/de/pages/insights/rag-agents.md:${line}: aliases[0]: /de/suche is the address of the site search's page (search.path in content/de/common.yaml), which would be hidden behind the redirect: an alias must be an old address nothing answers any more`,
    ]);
  });

  it("a menu entry that leads to a reserved address is refused as no page", async () => {
    const messages = await buildErrors((c) =>
      c.edit("en/common.yaml", (text) => text.replace(/to: insights \}/, "to: admin }")),
    );
    expect(messages).toEqual([expect.stringMatching(/^content\/en\/common\.yaml:\d+: header\.nav\[\d\]\.to: .*admin/)]);
  });
});

describe("the smaller findings of round six", { timeout: 120_000 }, () => {
  const buildOf = async (change: (c: ReturnType<typeof copyOfContent>) => void) => {
    copy = copyOfContent();
    change(copy);
    const outDir = `${copy.dir}-dist`;
    const messages = await build({ contentDir: copy.dir, outDir, validationCache: TEST_VALIDATION_CACHE }).then(
      () => [],
      messagesOf,
    );
    return { messages, outDir };
  };
  const lineWith = (file: string, needle: string) =>
    readFileSync(join(copy?.dir ?? "", file), "utf8")
      .split("\n")
      .findIndex((line) => line.includes(needle)) + 1;

  it("emoji drawn from several with the zero-width joiner (family, rainbow flag, skin tone) build and are shown", async () => {
    const emoji = "👨‍👩‍👧 🏳️‍🌈 👩🏽‍💻 ❤️‍🔥";
    const { messages, outDir } = await buildOf((c) =>
      c.edit("en/pages/privacy.md", (text) => `${text}\nFor every family: ${emoji}\n`),
    );
    expect(messages).toEqual([]);
    expect(readFileSync(join(outDir, "datenschutz.html"), "utf8")).toContain(`For every family: ${emoji}`);
  });

  it.each([
    ["between two letters", "Kooperation\u200dspartner"],
    ["after an emoji, before a letter", "👨\u200da"],
    ["before an emoji, after a letter", "a\u200d👩"],
  ])("a zero-width joiner %s stays refused with file, line and column", async (_, written) => {
    const { messages } = await buildOf((c) =>
      c.edit("en/pages/privacy.md", (text) => `${text}\nA partner: ${written}\n`),
    );
    const line = lineWith("en/pages/privacy.md", "A partner: ");
    expect(messages).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/en/pages/privacy\\.md:${line}:\\d+: invalid character U\\+200D \\(zero-width joiner\\)|^content/en/pages/privacy\\.md:${line}:\\d+: invisible character U\\+200D \\(zero-width joiner\\)`,
        ),
      ),
    ]);
  });

  it("a page with more than 20 tags fails the build with file, line and the limit", async () => {
    const tags = Array.from({ length: 21 }, (_, n) => `Topic ${n + 1}`).join(", ");
    const { messages } = await buildOf((c) =>
      c.edit("en/pages/insights/rag-agents.md", (text) => text.replace(/^tags: .*$/m, `tags: [${tags}]`)),
    );
    expect(messages).toEqual([
      `content/en/pages/insights/rag-agents.md:${lineWith("en/pages/insights/rag-agents.md", "tags: [")}: tags: a page may have at most 20 tags: keep the few a reader would look for (each makes a list page)`,
    ]);
  });

  it("a header menu label of 25 characters and a footer one of 42 fail the build with file, line and key", async () => {
    const { messages } = await buildOf((c) =>
      c.edit("en/common.yaml", (text) =>
        text
          .replace(/\{ label: [^,]+, to: insights \}/, "{ label: Insights and case studies, to: insights }")
          .replace(
            "{ label: Privacy Policy, to: privacy }",
            "{ label: Our privacy policy in plain words and more, to: privacy }",
          ),
      ),
    );
    const line = lineWith("en/common.yaml", "Insights and case studies");
    expect(messages).toEqual([
      `content/en/common.yaml:${line}: header.nav[2].label: has 25 characters, 1 more than the 24 allowed: a menu entry is a word or two (the page's title can say more)`,
      `content/en/common.yaml:${lineWith("en/common.yaml", "Our privacy policy in plain")}: footer.nav[1].label: has 42 characters, 2 more than the 40 allowed: a menu entry is a word or two (the page's title can say more)`,
    ]);
  });
});

describe("YAML nested without end", { timeout: 120_000 }, () => {
  // The YAML library ran out of stack a few hundred levels in and said "Maximum call stack size exceeded", at
  // whatever line and column that happened, with no fix; 20,000 "[" in site.yaml took the build there.
  const good = goodBuild();

  /** site.yaml with `value` as a new key `extra` on its second line. */
  const plant = (value: string): void => {
    const original = readFileSync(join(good.site.dir, "site.yaml"), "utf8");
    writeFileSync(join(good.site.dir, "site.yaml"), original.replace(/\n/, `\nextra: ${value}\n`));
  };
  const PLANTED_LINE = 2;

  it.each([
    ["20,000 [ in flow style", `${"[".repeat(20_000)}1${"]".repeat(20_000)}`],
    ["500 [ in flow style, which the library parses", `${"[".repeat(500)}1${"]".repeat(500)}`],
    ["41 { in flow style", `${"{a: ".repeat(41)}1${"}".repeat(41)}`],
    ["400 lists in block style", `\n${Array.from({ length: 400 }, (_, i) => `${" ".repeat(i + 1)}- `).join("\n")}x`],
    ["20,000 lists in one line of block style", `\n  ${"- ".repeat(20_000)}x`],
  ])("%s fails the build on its line with the fix, and leaves dist/ as it was", async (_, value) => {
    const original = readFileSync(join(good.site.dir, "site.yaml"), "utf8");
    plant(value);
    const failure = await build({
      contentDir: good.site.dir,
      outDir: `${good.site.dir}-dist`,
      validationCache: TEST_VALIDATION_CACHE,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    writeFileSync(join(good.site.dir, "site.yaml"), original);
    expect(messagesOf(failure)).toEqual([
      expect.stringMatching(
        /^content\/site\.yaml:(\d+):\d+: invalid YAML: the values nest more than 40 levels deep \(lists or groups inside each other, \[ or \{ or indentation\): flatten them; no content file needs more than a few levels$/,
      ),
    ]);
    // Where the nesting passes 40 levels: on the planted line in flow style, 40-odd lines below it in block style.
    const said = Number(/^content\/site\.yaml:(\d+):/.exec(messagesOf(failure)[0] ?? "")?.[1]);
    expect(said - PLANTED_LINE).toBeGreaterThanOrEqual(0);
    expect(said - PLANTED_LINE).toBeLessThanOrEqual(42);
    expect(snapshot(`${good.site.dir}-dist`)).toEqual(good.before);
  });

  it("a German author reads it in German, and 40 levels still build", async () => {
    const original = readFileSync(join(good.site.dir, "site.yaml"), "utf8");
    plant(`${"[".repeat(20_000)}1${"]".repeat(20_000)}`);
    const error = await loadContent(good.site.dir).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const said = describeFailure(error, { language: "de" }).replaceAll(good.site.dir.split("/").pop() ?? "", "content");
    expect(said).toMatch(
      /^\s*content\/site\.yaml:2:\d+: ungültiges YAML: die Werte sind mehr als 40 Ebenen tief verschachtelt \(Listen oder Gruppen ineinander, \[ oder \{ oder Einrückung\): sie flacher gliedern; keine Inhaltsdatei braucht mehr als wenige Ebenen$/m,
    );
    expect(said).not.toMatch(/call stack|\n\s+at /);
    writeFileSync(join(good.site.dir, "site.yaml"), original);
    // A file's top level is one: 39 lists inside `extra` make 40 levels, which the reader takes (the schema then
    // names `extra` as a key site.yaml does not have).
    plant(`${"[".repeat(39)}1${"]".repeat(39)}`);
    const messages = await loadContent(good.site.dir).then(() => [], messagesOf);
    writeFileSync(join(good.site.dir, "site.yaml"), original);
    expect(messages.join("\n")).not.toMatch(/nest/);
    expect(messages.join("\n")).toMatch(/extra/);
  });
});
