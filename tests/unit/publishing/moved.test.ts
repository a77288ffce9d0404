import { readFileSync, renameSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { buildOf, cleanup, siteWith, tempDir } from "./site.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

afterAll(cleanup);

const RAG_DE = "de/pages/insights/rag-agents.md";
const edit = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));

/** GET without following redirects: status and Location. */
async function answer(server: Server, path: string) {
  const response = await fetch(urlOf(server) + path, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location") };
}

describe("moved pages never 404", () => {
  it("a changed slug is caught by the build, naming the alias line to add", async () => {
    const dir = siteWith({});
    edit(dir, RAG_DE, (text) => text.replace("slug: rag-agenten", "slug: rag-agents"));
    const built = await buildOf(dir);
    expect(built.ok).toBe(false);
    expect(built.messages).toEqual([
      "content/de/pages/insights/rag-agents.md:4: slug: its address was /de/einblicke/rag-agenten and is now /de/einblicke/rag-agents: add aliases: [/de/einblicke/rag-agenten] to its front matter, so that links to the old address lead here (with a redirect) instead of to a 404",
    ]);
  });

  it("a renamed file is caught at the page that took its place", async () => {
    const dir = siteWith({});
    for (const lang of ["en", "de"])
      renameSync(join(dir, lang, "pages/insights/rag-agents.md"), join(dir, lang, "pages/insights/rag-agent.md"));
    const built = await buildOf(dir);
    expect(built.ok).toBe(false);
    expect(built.messages).toContain(
      "content/en/pages/insights/rag-agent.md: looks like the page that was content/en/pages/insights/rag-agents.md, published at /insights/rag-agents, which nothing answers now: add aliases: [/insights/rag-agents] to this page's front matter (or, if that page is gone for good, delete the line /insights/rag-agents from content/published.yaml)",
    );
  });

  it("a page gone without a successor is named at its line in content/published.yaml", async () => {
    const dir = siteWith({});
    edit(dir, "published.yaml", (text) => `${text}/old-offer: en/pages/old-offer.md\n`);
    const built = await buildOf(dir);
    expect(built.messages).toEqual([
      `content/published.yaml:${readFileSync(join(dir, "published.yaml"), "utf8").split("\n").indexOf("/old-offer: en/pages/old-offer.md") + 1}: /old-offer was published (from content/en/pages/old-offer.md) and nothing answers it now: add aliases: [/old-offer] to the front matter of the page that took its place, or delete this line if the page is gone for good`,
    ]);
  });

  it("with the alias the old address answers 301 in _redirects, nginx's include, npm run serve and npm run dev", async () => {
    const dir = siteWith({});
    edit(dir, RAG_DE, (text) =>
      text.replace("slug: rag-agenten", "slug: rag-agents\naliases: [/de/einblicke/rag-agenten]"),
    );
    const built = await buildOf(dir, { recordPublished: true });
    expect(built.messages.filter((line) => !line.includes("counterpart"))).toEqual([]);
    const { outDir } = built;
    expect(readFileSync(join(outDir, "_redirects"), "utf8")).toContain(
      "/de/einblicke/rag-agenten  /de/einblicke/rag-agents  301\n/de/einblicke/rag-agenten/  /de/einblicke/rag-agents  301\n",
    );
    expect(readFileSync(join(outDir, "_nginx-redirects.conf"), "utf8")).toContain(
      "location = /de/einblicke/rag-agenten {\n    return 301 /de/einblicke/rag-agents$is_args$args;\n}\nlocation = /de/einblicke/rag-agenten/ {",
    );
    // The new address is recorded, the old one kept: a later rename of this page is caught again.
    const list = readFileSync(join(dir, "published.yaml"), "utf8");
    expect(list).toContain("/de/einblicke/rag-agenten: de/pages/insights/rag-agents.md\n");
    expect(list).toContain("/de/einblicke/rag-agents: de/pages/insights/rag-agents.md\n");

    const serve = await startStaticServer({ dir: outDir, port: 0 });
    // npm run dev's own build (drafts, scheduled pages) served by its server, which is this server with its endpoints.
    const devOut = join(tempDir("dev"), "dist");
    await new DevBuild({ contentDir: dir, outDir: devOut, validationCache: TEST_VALIDATION_CACHE }).run();
    const dev = await startStaticServer({ dir: devOut, port: 0, before: () => false });
    try {
      for (const server of [serve, dev]) {
        expect(await answer(server, "/de/einblicke/rag-agenten?ref=mail")).toEqual({
          status: 301,
          location: "/de/einblicke/rag-agents?ref=mail",
        });
        expect(await answer(server, "/de/einblicke/rag-agenten/")).toEqual({
          status: 301,
          location: "/de/einblicke/rag-agents",
        });
        expect((await answer(server, "/de/einblicke/rag-agents")).status).toBe(200);
      }
    } finally {
      for (const server of [serve, dev]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it("npm run dev warns instead of refusing, so the preview keeps up with the author", async () => {
    const dir = siteWith({});
    edit(dir, RAG_DE, (text) => text.replace("slug: rag-agenten", "slug: rag-agents"));
    const result = await new DevBuild({
      contentDir: dir,
      outDir: join(tempDir("dev"), "dist"),
      validationCache: TEST_VALIDATION_CACHE,
    }).run();
    expect(result.warnings).toContain(
      "content/de/pages/insights/rag-agents.md:4: slug: its address was /de/einblicke/rag-agenten and is now /de/einblicke/rag-agents: add aliases: [/de/einblicke/rag-agenten] to its front matter, so that links to the old address lead here (with a redirect) instead of to a 404",
    );
    // What the German editor's note says (issue 54).
    expect(result.german).toContain(
      "content/de/pages/insights/rag-agents.md:4: slug: ihre Adresse war /de/einblicke/rag-agenten und ist jetzt /de/einblicke/rag-agents: aliases: [/de/einblicke/rag-agenten] in ihren Kopf schreiben, damit Links auf die alte Adresse hierher weiterleiten statt auf eine Seite 404",
    );
  });

  it("an alias that is a page's address is refused", async () => {
    const dir = siteWith({});
    edit(dir, RAG_DE, (text) => text.replace("slug: rag-agenten", "slug: rag-agenten\naliases: [/de/datenschutz]"));
    const built = await buildOf(dir);
    expect(built.messages).toEqual([
      "content/de/pages/insights/rag-agents.md:5: aliases[0]: /de/datenschutz is the address of content/de/pages/privacy.md, which would be hidden behind the redirect: an alias must be an old address nothing answers any more",
    ]);
    // The German author of this German page reads it in German (issue 54).
    expect(built.ok === false && built.german).toEqual([
      "content/de/pages/insights/rag-agents.md:5: aliases[0]: /de/datenschutz ist die Adresse von content/de/pages/privacy.md, und die Weiterleitung würde sie verdecken: ein alias muss eine alte Adresse sein, unter der nichts mehr antwortet",
    ]);
  });
});

describe("tags move like pages (issue 54)", () => {
  const GERMAN = ["de/pages/insights/chatbot-roi.md", "de/pages/insights/rag-agents.md"];
  const rename = (dir: string) => {
    for (const file of GERMAN) edit(dir, file, (text) => text.replace(/^(tags: \[.*)\bChatbots\b/m, "$1KI-Chatbots"));
  };

  it("a renamed tag's old list page redirects to the new one, and stays redirected once the new one is listed", async () => {
    const dir = siteWith({});
    rename(dir);
    const first = await buildOf(dir, { recordPublished: true });
    expect(first.messages.filter((line) => !line.includes("counterpart"))).toEqual([]);
    expect(readFileSync(join(first.outDir, "_redirects"), "utf8")).toContain(
      "/de/schlagwoerter/chatbots  /de/schlagwoerter/ki-chatbots  301\n",
    );
    // published.yaml records where it moved, and the new tag's page.
    const list = readFileSync(join(dir, "published.yaml"), "utf8");
    expect(list).toContain("/de/schlagwoerter/chatbots: /de/schlagwoerter/ki-chatbots\n");
    expect(list).toContain("/de/schlagwoerter/ki-chatbots: de/pages/insights/chatbot-roi.md\n");
    // The next build (the new tag is now on the list) keeps the redirect; the old address answers 301.
    const second = await buildOf(dir, { recordPublished: true });
    expect(second.messages.filter((line) => !line.includes("counterpart"))).toEqual([]);
    const server = await startStaticServer({ dir: second.outDir, port: 0 });
    try {
      expect(await answer(server, "/de/schlagwoerter/chatbots")).toEqual({
        status: 301,
        location: "/de/schlagwoerter/ki-chatbots",
      });
      expect((await answer(server, "/de/schlagwoerter/ki-chatbots")).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it("a tag dropped from every page, with no new tag to take its place, is named at its line in published.yaml", async () => {
    const dir = siteWith({});
    edit(dir, "de/pages/insights/rag-agents.md", (text) => text.replace("Wissensmanagement]", "KI-Strategie]"));
    const built = await buildOf(dir);
    expect(built.ok).toBe(false);
    const line =
      readFileSync(join(dir, "published.yaml"), "utf8")
        .split("\n")
        .indexOf("/de/schlagwoerter/wissensmanagement: de/pages/insights/rag-agents.md") + 1;
    expect(built.messages).toEqual([
      `content/published.yaml:${line}: /de/schlagwoerter/wissensmanagement was published as a tag's list page and nothing answers it now: if the tag was renamed, write the address of the new tag's list page after it on this line (/de/schlagwoerter/wissensmanagement: /…/new-tag), so that it redirects there; or write the tag back on a page; or delete this line if the tag is gone for good (content/published.yaml)`,
    ]);
  });
});
