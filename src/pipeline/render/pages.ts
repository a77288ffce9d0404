import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Assets, PageContext } from "../../components/context.ts";
import type { LangContent } from "../../content/types.ts";
import { asExpected } from "../../content/errors.ts";
import { PAGE_KINDS } from "../../pages/kinds.ts";
import type { Route, RouteModel } from "../../routes/model.ts";
import { hyphenatePage } from "./hyphenate.ts";

export function renderRoute(
  route: Route,
  model: RouteModel,
  assets: Assets & { loader: string },
  siteUrl: string,
): string {
  const kind = PAGE_KINDS[route.kind];
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
    try {
      writeFileSync(file, renderRoute(route, model, assets, siteUrl));
    } catch (error) {
      throw asExpected(error, "rendering", route.sources[0] ?? route.file);
    }
    return route.file;
  });
}
