import { ContentFolder } from "../../../src/content/read/folder.ts";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../src/content/markdown/render.ts";
import { ContentError, ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { resolveTargets } from "../../../src/content/markdown/directives/targets.ts";
import { copyOfContent } from "../../support/content.ts";
import { href } from "../../../src/routes/navigation.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";

const copy = copyOfContent();
afterAll(() => copy.cleanup());
copyFileSync("content/en/pages/insights/rag-agent.png", join(copy.dir, "en/pages/insights/poster.png"));
copyFileSync("content/en/pages/insights/rag-agent.png", join(copy.dir, "de/pages/insights/poster.png"));

const FRONT = "---\ntitle: Components\ndescription: A page with components.\ndate: 2026-11-20\n---\n";
/** Front matter takes lines 1-5: the body's first line is line 6 of the file. */
const BODY_LINE = 6;

/** Writes the test page in both languages (German body: the same unless given) and loads the whole site. */
async function load(en: string, de = en): Promise<Content> {
  writeFileSync(join(copy.dir, "en/pages/insights/components.md"), FRONT + en);
  writeFileSync(join(copy.dir, "de/pages/insights/components.md"), FRONT + de);
  return loadContent(copy.dir);
}

async function problems(en: string): Promise<string[]> {
  try {
    await load(en);
  } catch (error) {
    if (error instanceof ContentErrors)
      return [...new Set(error.errors.map((e) => e.message.replace(/^content-\w+\/(en|de)\//, "content/en/")))];
    if (error instanceof ContentError) return [error.message];
    throw error;
  }
  return [];
}

/** The rendered article of a language, its component links resolved as the page component does. */
async function html(en: string, lang = "en"): Promise<string> {
  const content = await load(en);
  const model = new RouteModel(content, { today: "2026-11-24" });
  const route = model.find("insights/components", lang);
  if (!route?.page) throw new Error("test setup: no page");
  return resolveTargets(route.page.html, (to) => href(model, to, route));
}

const at = (line: number) => `content/en/pages/insights/components.md:${BODY_LINE + line - 1}`;

describe("prose with colons stays prose: inline :name is no component", () => {
  it.each([
    "It starts at 10:30 sharp.",
    "Note:this is text.",
    "Smile :smile: and a:b[c]{d} and :cta[x]{to=booking}.",
    "Ratio 3:2, URL-ish a::b, time 9:05:30.",
  ])("%s", async (text) => {
    const out = await html(`${text}\n`);
    const expected = text.replace(/&/g, "&amp;");
    expect(out).toBe(`<p>${expected}</p>`);
  });
});

describe("::cta", () => {
  it("leads to a page in the page's own language, a home page section, or the booking page in a new tab", async () => {
    const page =
      '::cta[Read more]{to=insights/rag-agents}\n\n::cta[Write to us]{to="#contact"}\n\n::cta[Book a call]{to=booking}\n';
    const en = await html(page);
    expect(en).toContain(
      '<p class="cta"><a class="button button-primary button-large" href="/insights/rag-agents">Read more</a></p>',
    );
    expect(en).toContain('href="/#contact">Write to us</a>');
    const booking = /^schedulingUrl: (\S+)$/m.exec(readFileSync("content/site.yaml", "utf8"))?.[1];
    expect(en).toContain(`href="${booking}" target="_blank"`);
    expect(en).toMatch(
      /target="_blank" rel="noopener noreferrer">Book a call<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
    );
    const de = await html(page, "de");
    expect(de).toContain('href="/de/einblicke/rag-agenten">Read more</a>');
    expect(de).toContain('href="/de/#contact"');
    expect(de).toContain("(öffnet in einem neuen Tab)");
  });

  it.each([
    [
      "::cta[Go]{to=nowhere}",
      '::cta.to: "nowhere" is no page: use booking, "#section-id", home, impressum or the path of a file under pages/ without .md',
    ],
    [
      "::cta[Go]{to=Booking}",
      '::cta.to: must be booking, "#section-id", home, impressum or the path of a file under pages/ without .md',
    ],
    [
      "::cta[Go]{to=booking onclick=alert(1)}",
      '::cta.onclick: "onclick" is not an attribute of ::cta: it takes only to',
    ],
    ["::cta[Go]{to=booking .big}", '::cta.class: "class" is not an attribute of ::cta: it takes only to'],
    ["::cta[Go]", '::cta.to: missing: to=booking, to="#contact" or to=insights (a page\'s path under pages/)'],
    [
      "::cta[Read [this](/insights)]{to=booking}",
      "::cta: its [text] is the button's words: no link or image inside it (::cta[Book a strategy call]{to=booking})",
    ],
    ["::cta{to=booking}", "::cta: needs its text in brackets: ::cta[Book a strategy call]{to=booking}"],
    [":::cta{to=booking}\nGo\n:::", ":::cta: is written on one line: ::cta[Book a strategy call]{to=booking}"],
  ])("%s is refused with file, line and key", async (markdown, message) => {
    expect(await problems(`Intro.\n\n${markdown}\n`)).toEqual([`${at(3)}: ${message}`]);
  });

  it("a wrong attribute and a missing one are both named", async () => {
    expect(await problems("::cta[Go]{href=/x}\n")).toEqual([
      `${at(1)}: ::cta.to: missing: to=booking, to="#contact" or to=insights (a page's path under pages/)`,
      `${at(1)}: ::cta.href: "href" is not an attribute of ::cta: it takes only to`,
    ]);
  });
});

describe("a directive the parser cannot read is refused, never shown as typed", () => {
  it.each([
    '::video{provider=youtube id=dQw4w9WgXcQ" onload="x poster=./poster.png title="T"}',
    "::: callout{type=tip}\nText.\n:::",
    "::cta[Book]{to=booking",
  ])("%s", async (markdown) => {
    const [message, ...rest] = await problems(`Intro.\n\n${markdown}\n`);
    expect(rest).toEqual([]);
    expect(message).toMatch(
      new RegExp(
        `^${at(3)}: ".+" looks like a component but cannot be read: write the name right after the colons, values with spaces or quotes in "…", and close \\{ \\} and \\[ \\]`,
      ),
    );
  });
});

it("a value with spaces but no quotes is named as such", async () => {
  expect(await problems("::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title=Our agent}\n")).toEqual([
    `${at(1)}: ::video.agent: "agent" is not an attribute of ::video: it takes provider, id, poster and title (a value with spaces goes in quotes: title="two words")`,
  ]);
});

it("the message of a misread component shows that component written right", async () => {
  const [message] = await problems("::: callout{type=tip}\nText.\n:::\n");
  expect(message).toMatch(/\(e\.g\. :::callout\{type=tip\}\)$/);
});

describe(":::callout", () => {
  it("is a tinted note with its word in the page's language and Markdown inside", async () => {
    const page = ":::callout{type=tip}\nStart **small**: one process.\n:::\n";
    const en = await html(page);
    expect(en).toMatch(
      /^<div class="callout callout-tip" role="note"><p class="callout-title"><span class="callout-icon"><svg [^>]*aria-hidden="true"[^>]*>.*<\/svg><\/span>Tip<\/p><p>Start <strong>small<\/strong>: one process.<\/p><\/div>$/s,
    );
    expect(await html(page, "de")).toContain("</span>Tipp</p>");
    expect(await html(":::callout{type=warning}\nCareful.\n:::\n", "de")).toContain("Achtung");
    expect(await html(':::callout{type=note}\nSee.\n\n::cta[Talk to us]{to="#contact"}\n:::\n')).toContain(
      '<p class="cta"><a class="button button-primary button-large" href="/#contact">',
    );
  });

  it.each([
    [
      ":::callout{type=danger}\nText.\n:::",
      ':::callout.type: "danger" is not a callout type: use note, tip or warning',
    ],
    [":::callout\nText.\n:::", ":::callout.type: missing: write type=note, type=tip, type=warning"],
    [
      ":::callout{type=tip colour=red}\nText.\n:::",
      ':::callout.colour: "colour" is not an attribute of :::callout: it takes only type',
    ],
    [":::callout[Heads up]{type=tip}\nText.\n:::", ":::callout: takes no [text] after its name: :::callout{type=tip}"],
    [":::callout{type=tip}\n:::", ":::callout: is empty: write its text between :::callout{…} and the closing :::"],
    [
      "::callout{type=tip}",
      "::callout: is a block: write :::callout{type=tip} on a line of its own, its content below and ::: to close it",
    ],
    [
      ":::callout{type=tip}\n<script>alert(1)</script>\n:::",
      "raw HTML (<script…) is not allowed in Markdown: it would bypass the site's checks; write it in Markdown instead",
    ],
  ])("%s is refused", async (markdown, message) => {
    const line = message.startsWith("raw") ? 4 : 3;
    expect(await problems(`Intro.\n\n${markdown}\n`)).toEqual([`${at(line)}: ${message}`]);
  });
});

describe(":::figure", () => {
  it("is the image with its caption below, the image through the image checks", async () => {
    const out = await html(
      ":::figure\n![The agent answers with sources](./poster.png)\nThe agent *cites* its sources.\n:::\n",
    );
    expect(out).toBe(
      '<figure class="figure"><img src="./poster.png" alt="The agent answers with sources" /><figcaption><p>The agent <em>cites</em> its sources.</p></figcaption></figure>',
    );
  });

  it.each([
    [
      ":::figure\nJust a caption.\n:::",
      3,
      ":::figure: must start with its image, ![What the image shows](./file.png), followed by the caption",
    ],
    [
      ":::figure\n![Alt](./poster.png)\n:::",
      3,
      ":::figure: needs a caption: write it on the line after the image (for an image without caption, leave out :::figure)",
    ],
    [
      ":::figure\n![Alt](./poster.png)\nCaption ![two](./poster.png)\n:::",
      3,
      ":::figure: holds one image: put a second image in its own :::figure",
    ],
    [
      ":::figure{width=50}\n![Alt](./poster.png)\nCaption.\n:::",
      3,
      ':::figure.width: "width" is not an attribute of :::figure: it takes no attributes',
    ],
    [
      ":::figure\n![](./poster.png)\nCaption.\n:::",
      4,
      "the image ./poster.png has no alt text: write what it shows between the brackets, ![…](./poster.png)",
    ],
    [
      ":::figure\n![Alt](./missing.png)\nCaption.\n:::",
      4,
      "the image ./missing.png is missing: no such file next to this page",
    ],
  ])("%s is refused", async (markdown, line, message) => {
    expect(await problems(`Intro.\n\n${markdown}\n`)).toEqual([`${at(line)}: ${message}`]);
  });
});

describe("::video", () => {
  const video = '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title="What a RAG agent does"}';

  it("is a local still, a play link to the host's page, and a notice in the page's language; the page needs the player's origin as a frame", async () => {
    const content = await load(`${video}\n`);
    const page = content.pages.find((candidate) => candidate.key === "insights/components" && candidate.lang === "de");
    expect(page?.frames).toEqual(["https://www.youtube-nocookie.com"]);
    expect(
      content.pages
        .filter((candidate) => candidate.frames.length > 0)
        .map((candidate) => candidate.lang)
        .sort(),
    ).toEqual(["de", "en"]);
    const de = await html(`${video}\n`, "de");
    expect(de).toContain('<img src="./poster.png" alt="What a RAG agent does" />');
    expect(de).toContain(
      'href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"',
    );
    expect(de).toContain('aria-label="Video abspielen: What a RAG agent does"');
    expect(de).toContain("im erweiterten Datenschutzmodus");
    expect(de).toContain('<a href="/de/datenschutz#eingebettete-videos">Mehr in unserer Datenschutzerklärung</a>');
    expect(de).not.toMatch(/<iframe|ytimg|googleapis/);
  });

  it("a page without one needs no frame", async () => {
    const content = await load("::cta[Go]{to=booking}\n");
    expect(content.pages.every((page) => page.frames.length === 0)).toBe(true);
  });

  it.each([
    [
      '::video{provider=vimeo id=123 poster=./poster.png title="T"}',
      '::video.provider: "vimeo" is not a video provider: use youtube (the hosts whose privacy-enhanced player the site allows)',
    ],
    [
      '::video{provider=youtube id=https://youtu.be/dQw4w9WgXcQ poster=./poster.png title="T"}',
      '::video.id: "https://youtu.be/dQw4w9WgXcQ" is no youtube video id: write the id alone, e.g. dQw4w9WgXcQ, the part after v= in https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ],
    [
      '::video{provider=youtube id=dQw4w9WgXcQ onload=x poster=./poster.png title="T"}',
      '::video.onload: "onload" is not an attribute of ::video: it takes provider, id, poster and title',
    ],
    [
      "::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png}",
      '::video.title: missing: write what the video is about, in quotes: title="What a RAG agent does"',
    ],
    [
      '::video{provider=youtube id=dQw4w9WgXcQ title="T"}',
      "::video.poster: missing: write the still image shown before the click, a file next to this page: poster=./poster.jpg",
    ],
    [
      '::video{provider=youtube id=dQw4w9WgXcQ poster=https://i.ytimg.com/vi/x/0.jpg title="T"}',
      'the image "https://i.ytimg.com/vi/x/0.jpg" must be a file next to this page, written ./name.png, or one in content/media/, written /media/name.png',
    ],
    [
      '::video[Watch]{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title="T"}',
      "::video: takes no [text] after its name: " +
        '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.jpg title="What a RAG agent does"}',
    ],
  ])("%s is refused", async (markdown, message) => {
    expect(await problems(`Intro.\n\n${markdown}\n`)).toEqual([`${at(3)}: ${message}`]);
  });
});

describe("only the components in the table", () => {
  it.each([
    [
      "::iframe{src=https://evil.example}",
      "::iframe: is not a component: use ::cta, :::callout, :::figure, ::video (see content/README.md)",
    ],
    [
      ":::script\nalert(1)\n:::",
      ":::script: is not a component: use ::cta, :::callout, :::figure, ::video (see content/README.md)",
    ],
    [
      ":::constructor\nx\n:::",
      ":::constructor: is not a component: use ::cta, :::callout, :::figure, ::video (see content/README.md)",
    ],
  ])("%s is refused", async (markdown, message) => {
    expect(await problems(`Intro.\n\n${markdown}\n`)).toEqual([`${at(3)}: ${message}`]);
  });

  it("the Impressum, a legal text, takes none", async () => {
    copy.edit("impressum.md", (text) =>
      text.replace("<!-- section: en -->", "<!-- section: en -->\n\n::cta[Book]{to=booking}\n"),
    );
    try {
      const messages = await problems("Text.\n");
      expect(messages).toEqual([
        expect.stringMatching(
          /^content-\w+\/impressum\.md:53: ::cta: components are not possible in this file: write plain Markdown$/,
        ),
      ]);
    } finally {
      copy.edit("impressum.md", (text) => text.replace("\n\n::cta[Book]{to=booking}\n", ""));
    }
  });

  it("reports every wrong component of a page at once, in line order", async () => {
    expect(await problems("::cta[A]{to=nowhere}\n\n:::callout{type=x}\nText.\n:::\n")).toEqual([
      `${at(1)}: ::cta.to: "nowhere" is no page: use booking, "#section-id", home, impressum or the path of a file under pages/ without .md`,
      `${at(3)}: :::callout.type: "x" is not a callout type: use note, tip or warning`,
    ]);
  });
});

describe("a German author", () => {
  it("reads the components' refusals in German, as npm run build says them with LANG=de_DE (issue 54)", async () => {
    const german = [
      "Einleitung.",
      "",
      "::cta{to=booking}",
      "",
      "::cta[Termin]{to=booking farbe=rot}",
      "",
      "::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title=Zwei Worte}",
      "",
      "::iframe{src=https://evil.example}",
      "",
      "::callout{type=tip}",
      "",
      ":::callout[Achtung]{type=tip}",
      "Text.",
      ":::",
      "",
      "::cta[[Mehr](/x)]{to=booking}",
      "",
      ":: cta[Termin]{to=booking}",
      "",
      "| A |",
      "| --- |",
      "| ::cta[x]{to=booking} |",
      "",
      ":::",
      "",
    ].join("\n");
    const error = await load("Text.\n", german).catch((caught: unknown) => caught);
    const said = describeFailure(error, { language: "de" })
      .replace(/content-\w+\//g, "content/")
      .split("\n");
    const de = (line: number) => `  content/de/pages/insights/components.md:${BODY_LINE + line - 1}: `;
    expect(said[0]).toBe("Probleme im Inhalt:");
    expect(said).toEqual(
      expect.arrayContaining([
        `${de(3)}::cta: braucht ihren Text in eckigen Klammern: ::cta[Book a strategy call]{to=booking}`,
        `${de(5)}::cta.farbe: "farbe" ist kein Attribut von ::cta: sie hat nur to`,
        `${de(7)}::video.Worte: "Worte" ist kein Attribut von ::video: sie hat provider, id, poster und title (ein Wert mit Leerzeichen steht in Anführungszeichen: title="zwei Wörter")`,
        `${de(9)}::iframe: ist keine Komponente: ::cta, :::callout, :::figure, ::video verwenden (siehe content/README.md)`,
        `${de(11)}::callout: ist ein Block: :::callout{type=tip} in eine eigene Zeile schreiben, den Inhalt darunter und ::: zum Schließen`,
        `${de(13)}:::callout: nimmt hinter ihrem Namen keinen [Text] an: :::callout{type=tip} schreiben`,
        `${de(17)}::cta: ihr [Text] ist die Beschriftung der Schaltfläche: keinen Link und kein Bild hineinschreiben (::cta[Book a strategy call]{to=booking})`,
        expect.stringMatching(
          new RegExp(
            `^${de(19)}":: cta\\[Termin\\]\\{to=booking\\}" sieht aus wie eine Komponente, lässt sich aber nicht lesen: den Namen direkt hinter die Doppelpunkte schreiben`,
          ),
        ),
        `${de(23)}"::cta[x]{to=booking}" steht in einer Tabellenzelle, wo keine Komponente stehen kann: ::cta in eine eigene Zeile über oder unter der Tabelle schreiben`,
        `${de(25)}dieses ::: schließt keine Komponente (die darüber ist schon geschlossen): um eine Komponente in eine andere zu setzen, der äußeren mehr Doppelpunkte geben, ::::callout{type=note} … :::: um :::callout{type=tip} … :::`,
      ]),
    );
  });
});

describe("property: whatever an author writes into a component", () => {
  it("is refused with a ContentError, or yields only the components' own elements and attributes: no script, no handler, no frame, no other origin but the video's", async () => {
    const content = await load("Text.\n");
    const common = content.langs.en?.common;
    if (!common) throw new Error("test setup: no copy");
    const context = {
      copy: common.components,
      newTab: common.newTab,
      schedulingUrl: content.site.schedulingUrl,
      pageKeys: new Set(content.pages.map((page) => page.key)),
    };
    const names = fc.constantFrom(
      "cta",
      "callout",
      "figure",
      "video",
      "script",
      "iframe",
      "__proto__",
      "constructor",
      "CTA",
    );
    const pieces = fc.constantFrom(
      '"',
      "'",
      "=",
      " ",
      "{",
      "}",
      "[",
      "]",
      "#",
      ".",
      "onclick",
      "to",
      "type",
      "provider",
      "id",
      "poster",
      "title",
      "youtube",
      "booking",
      "javascript:alert(1)",
      "<script>",
      "./poster.png",
      "dQw4w9WgXcQ",
      "tip",
      "\n",
      ":::",
      "::",
      "&quot;",
      "style",
    );
    const text = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 6 })), { maxLength: 16 })
      .map((parts) => parts.join(""));
    const markdown = fc
      .tuple(fc.constantFrom("::", ":::"), names, text, text)
      .map(
        ([colons, name, attributes, inner]) =>
          `${colons}${name}${attributes}\n${inner}\n${colons === ":::" ? ":::" : ""}\n`,
      );
    const place = { dir: join(copy.dir, "en/pages/insights"), folder: new ContentFolder(copy.dir) };
    await fc.assert(
      fc.asyncProperty(markdown, async (source) => {
        try {
          const { html, frames } = await renderMarkdown(source, {
            file: "content/en/pages/insights/x.md",
            firstLine: 1,
            place,
            components: context,
          });
          expect(html).not.toMatch(/<(script|iframe|object|embed|style)\b|<[^>]*\son[a-z]+=/i);
          expect(frames.every((frame) => frame === "https://www.youtube-nocookie.com")).toBe(true);
          for (const [, url = ""] of html.matchAll(/\s(?:href|src|data-embed)="([^"]*)"/g)) {
            if (/^[a-z]+:/i.test(url) && !url.startsWith("to:"))
              expect(new URL(url).origin).toMatch(
                /^(https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|cal\.example))$/,
              );
          }
        } catch (error) {
          if (!(error instanceof ContentErrors || error instanceof ContentError)) throw error;
        }
      }),
      { numRuns: 300 },
    );
  });
});
