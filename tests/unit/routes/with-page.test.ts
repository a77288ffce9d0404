import { expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";

// npm run dev's one-page rebuild (issue 55): RouteModel.withPage keeps the model's routes, tags and redirects and puts
// the saved page's new object in place of the old, instead of computing them all again. For a change other pages do
// not see (its text), that must be the model a fresh computation gives, in every answer the pages read from it.
it("withPage, after a change of one page's text, answers as a model computed afresh from the same content", async () => {
  const content = await loadContent("content");
  const options = { today: "2026-12-02", drafts: true, future: true };
  const model = new RouteModel(content, options);
  const old = content.pages.find((page) => page.lang === "en" && page.key === "insights/rag-agents");
  if (!old) throw new Error("the RAG article is gone from content/");
  expect(old.meta.tags?.length).toBeGreaterThan(0);
  const changed = { ...old, html: `${old.html}<p>A sentence added.</p>` };
  const swapped = model.withPage(old, changed);
  const fresh = new RouteModel(
    { ...content, pages: content.pages.map((page) => (page === old ? changed : page)) },
    options,
  );

  expect(swapped.routes).toEqual(fresh.routes);
  expect(swapped.routes.some((route) => route.page === old)).toBe(false);
  expect(swapped.routes.filter((route) => route.page === changed).length).toBeGreaterThan(0);
  expect([...swapped.unpublished]).toEqual([...fresh.unpublished]);
  expect(swapped.redirects).toEqual(fresh.redirects);
  expect(swapped.tagMoves).toEqual(fresh.tagMoves);
  expect(swapped.warnings.map(String)).toEqual(fresh.warnings.map(String));
  const paths = (routes: { path: string; page?: unknown }[]) =>
    routes.map((route) => [route.path, route.page === changed]);
  for (const [index, route] of swapped.routes.entries()) {
    const other = fresh.routes[index] ?? route;
    expect(paths(swapped.children(route)), route.path).toEqual(paths(fresh.children(other)));
    expect(paths(swapped.listEntries(route)), route.path).toEqual(paths(fresh.listEntries(other)));
    expect(paths(swapped.tagEntries(route)), route.path).toEqual(paths(fresh.tagEntries(other)));
    expect(paths(swapped.related(route)), route.path).toEqual(paths(fresh.related(other)));
    expect(swapped.tagLinks(route), route.path).toEqual(fresh.tagLinks(other));
    expect(paths(swapped.feedEntries(route)), route.path).toEqual(paths(fresh.feedEntries(other)));
    expect(swapped.sectionOf(route)?.path, route.path).toBe(fresh.sectionOf(other)?.path);
  }
  // The model it came from is as it was: a check that fails keeps it.
  expect(model.routes.some((route) => route.page === old)).toBe(true);
  expect(model.routes.some((route) => route.page === changed)).toBe(false);
});
