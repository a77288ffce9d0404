import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { Assets, PageContext } from "../../components/context.ts";
import type { LangContent } from "../../content/types.ts";
import { HomePage } from "../../pages/HomePage.tsx";
import { ImpressumPage } from "../../pages/ImpressumPage.tsx";
import { MarkdownPage } from "../../pages/MarkdownPage.tsx";
import { NotFoundPage } from "../../pages/NotFoundPage.tsx";
import { SectionPage } from "../../pages/SectionPage.tsx";
import type { PageKind, Route, RouteModel } from "../../routes/model.ts";
import { hyphenatePage } from "./hyphenate.ts";

/**
 * The component of each page kind, and whether it needs the loader (the language switch, the form island, the
 * 404 page's console log). The Impressum has neither a language switch nor an island.
 */
const PAGES: Record<PageKind, { component: (props: { context: PageContext }) => ReactElement; script: boolean }> = {
  home: { component: HomePage, script: true },
  page: { component: MarkdownPage, script: true },
  section: { component: SectionPage, script: true },
  impressum: { component: ImpressumPage, script: false },
  notFound: { component: NotFoundPage, script: true },
};

export function renderRoute(
  route: Route,
  model: RouteModel,
  assets: Assets & { loader: string },
  siteUrl: string,
): string {
  const kind = PAGES[route.kind];
  const context: PageContext = {
    route,
    model,
    content: model.content,
    copy: model.content.langs[route.lang] as LangContent,
    assets: { ...assets, loader: kind.script ? assets.loader : undefined },
    siteUrl,
    preview: assets.previews?.get(route.file),
  };
  return `<!DOCTYPE html>${hyphenatePage(renderToString(createElement(kind.component, { context })))}`;
}

/** Renders every route to its file under outDir and returns the files written. */
export function renderAll(
  outDir: string,
  model: RouteModel,
  assets: Assets & { loader: string },
  siteUrl: string,
): string[] {
  const folders = new Set<string>();
  return model.routes.map((route) => {
    const file = join(outDir, route.file);
    if (!folders.has(dirname(file))) {
      mkdirSync(dirname(file), { recursive: true });
      folders.add(dirname(file));
    }
    writeFileSync(file, renderRoute(route, model, assets, siteUrl));
    return route.file;
  });
}
