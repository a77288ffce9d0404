import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Assets, PageContext } from "../../components/context.ts";
import type { LangContent } from "../../content/types.ts";
import { asExpected } from "../../content/read/errors.ts";
import { PAGE_KINDS } from "../../pages/kinds.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
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

/** Renders routes to their files under outDir (on this thread) and returns the files written. */
export function renderRoutes(
  outDir: string,
  model: RouteModel,
  assets: Assets & { loader: string },
  siteUrl: string,
  routes: readonly Route[],
): string[] {
  const folders = new Set<string>();
  return routes.map((route) => {
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

export interface RenderAllOptions {
  /** The last build's file of a route whose page would be the same (an incremental build), put in place by `keep`. */
  reuse?: (route: Route) => string | undefined;
  keep?: (from: string, to: string) => void;
  /** Renders the other routes, shared with the build's other thread on a large site; this thread alone by default. */
  render?: (routes: readonly Route[]) => Promise<void>;
}

/** Every route's file under outDir: from the last build where `reuse` allows, rendered otherwise. */
export async function renderAll(
  outDir: string,
  model: RouteModel,
  assets: Assets & { loader: string },
  siteUrl: string,
  { reuse, keep, render }: RenderAllOptions = {},
): Promise<{ files: string[]; rendered: string[] }> {
  const toRender: Route[] = [];
  for (const route of model.routes) {
    const previous = reuse?.(route);
    if (previous && keep) {
      mkdirSync(dirname(join(outDir, route.file)), { recursive: true });
      keep(previous, join(outDir, route.file));
    } else toRender.push(route);
  }
  if (render) await render(toRender);
  else renderRoutes(outDir, model, assets, siteUrl, toRender);
  return { files: model.routes.map((route) => route.file), rendered: toRender.map((route) => route.file) };
}
