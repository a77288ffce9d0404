import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { Assets, PageContext } from "../components/context.ts";
import type { Content } from "../content/load.ts";
import { HomePage } from "../pages/HomePage.tsx";
import { ImpressumPage } from "../pages/ImpressumPage.tsx";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { PrivacyPage } from "../pages/PrivacyPage.tsx";
import { routes, type PageKind, type Route } from "../pages/routes.ts";

const PAGES: Record<PageKind, (props: { context: PageContext }) => ReactElement> = {
  home: HomePage,
  privacy: PrivacyPage,
  impressum: ImpressumPage,
  notFound: NotFoundPage,
};

/** Only the home page has islands (header switch, form); the 404 page needs the loader for its console log. */
const PAGES_WITH_SCRIPT: PageKind[] = ["home", "notFound"];

function renderRoute(route: Route, content: Content, assets: Assets & { script: string }, siteUrl: string): string {
  const context: PageContext = {
    route,
    content,
    copy: content.langs[route.lang],
    assets: { ...assets, script: PAGES_WITH_SCRIPT.includes(route.kind) ? assets.script : undefined },
    siteUrl,
  };
  const Page = PAGES[route.kind];
  return `<!DOCTYPE html>${renderToString(createElement(Page, { context }))}`;
}

/** Renders every route to its file under outDir and returns the files written. */
export function renderAll(outDir: string, content: Content, assets: Assets & { script: string }, siteUrl: string): string[] {
  return routes.map((route) => {
    const file = join(outDir, route.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, renderRoute(route, content, assets, siteUrl));
    return route.file;
  });
}
