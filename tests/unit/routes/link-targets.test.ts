/**
 * What the web editor offers a menu link of each language (routes/link-targets.ts): the pages built in that
 * language by title and address, the home page and its sections, the Impressum; never a draft. Run on a copy of the
 * real content with a German-only page and a draft added.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { namedTarget } from "../../../src/editor/browser/link-target.ts";
import { linkTargets } from "../../../src/routes/link-targets.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { contentWith } from "../../support/content.ts";

const ADDED = {
  "de/pages/karriere.md": "---\ntitle: Karriere bei uns\ndescription: Nur deutsch.\nslug: karriere\n---\n\nText.\n",
  "en/pages/secret.md": "---\ntitle: Secret plans\ndescription: A draft.\ndraft: true\n---\n\nText.\n",
};
let content: Content;
/** The real content with the pages above added. */
const copy = contentWith(ADDED);
beforeAll(async () => {
  copy.edit("site.yaml", (text) => text.replace("translations: complete", "translations: partial"));
  content = await loadContent(copy.dir);
}, 60_000);
afterAll(() => copy.cleanup());

it("offers each language its own pages by title and address, the home page's sections and the Impressum, no draft", () => {
  const targets = linkTargets(new RouteModel(content, { today: "2026-11-24" }), { en: "Home", de: "Startseite" });
  const german = targets.de ?? [];
  const english = targets.en ?? [];
  expect(german).toContainEqual({ value: "karriere", label: "Karriere bei uns — /de/karriere" });
  expect(english.map((target) => target.value)).not.toContain("karriere");
  expect(german).toContainEqual({
    value: "insights/chatbot-roi",
    label: "Wie Sie den ROI eines KI-Chatbot-Projekts beurteilen — /de/einblicke/chatbot-roi",
  });
  expect(english).toContainEqual({
    value: "insights/chatbot-roi",
    label: "How to judge the ROI of an AI chatbot project — /insights/chatbot-roi",
  });
  expect(german.slice(0, 2)).toEqual([
    { value: "home", label: "Startseite — /de/" },
    { value: "#services", label: "Startseite › #services" },
  ]);
  expect(english.map((target) => target.value)).toEqual(expect.arrayContaining(["impressum", "#contact", "insights"]));
  expect(english.map((target) => target.value)).not.toContain("secret");
  // One entry per page: a section's further list pages are not offered again.
  expect(new Set(english.map((target) => target.value)).size).toBe(english.length);
});

it("takes what an author types in “Führt zu” for the one page it names: its title or its address, as listed", () => {
  const german =
    linkTargets(new RouteModel(content, { today: "2026-11-24" }), { en: "Home", de: "Startseite" }).de ?? [];
  for (const typed of [
    "Wie Sie den ROI eines KI-Chatbot-Projekts beurteilen",
    "  wie sie den roi eines  KI-Chatbot-Projekts beurteilen ",
    "/de/einblicke/chatbot-roi/",
    "Wie Sie den ROI eines KI-Chatbot-Projekts beurteilen — /de/einblicke/chatbot-roi",
  ])
    expect(namedTarget(typed, german), typed).toBe("insights/chatbot-roi");
  expect(namedTarget("Karriere bei uns", german)).toBe("karriere");
  // A value typed stays as typed; a title that names no page, or a part of one, is Sveltia's to refuse.
  expect(namedTarget("insights/chatbot-roi", german)).toBeUndefined();
  expect(namedTarget("Wie Sie den ROI", german)).toBeUndefined();
  expect(namedTarget("", german)).toBeUndefined();
  // Two pages of one title: the author must say which.
  const twins = [
    { value: "a", label: "Angebot — /de/a" },
    { value: "b", label: "Angebot — /de/b" },
  ];
  expect(namedTarget("Angebot", twins)).toBeUndefined();
  expect(namedTarget("/de/b", twins)).toBe("b");
});
