import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import type { BuiltImage } from "./budgets.ts";

/**
 * The images a build copies into dist/ with what each is: a page's link-preview card (`previews`, by output), a
 * page's own image chosen as its link preview, or an image a page shows (`encoded`, the image processor's outputs).
 * The page behind each is looked up only when a check needs to name it.
 */
export function builtImages(
  model: RouteModel,
  previews: { byFile: ReadonlyMap<string, { url: string }>; outputs: ReadonlyMap<string, string> },
  encoded: ReadonlyMap<string, string>,
): BuiltImage[] {
  const routeOfPreview = new Map<string, Route>();
  for (const route of model.routes) {
    const preview = previews.byFile.get(route.file);
    if (preview) routeOfPreview.set(preview.url, route);
  }
  /** The first page whose HTML or front matter image names the output. */
  const showing = (output: string) => () =>
    model.routes.find(
      (route) =>
        route.page?.html.includes(`/${output}`) ||
        route.page?.image?.fallback.url === `/${output}` ||
        routeOfPreview.get(`/${output}`) === route,
    );
  const titleOf = (route: Route | undefined) =>
    route?.page?.meta.title ?? model.content.langs[route?.lang ?? ""]?.home.hero.headline ?? "";
  return [
    ...[...previews.outputs].map(([output, file]): BuiltImage => {
      const route = routeOfPreview.get(`/${output}`);
      return { output, file, kind: "card", route: () => route, value: titleOf(route) };
    }),
    ...[...encoded].map(
      ([output, file]): BuiltImage => ({
        output,
        file,
        kind: routeOfPreview.has(`/${output}`) ? "ownPreview" : "image",
        route: showing(output),
        value: output.replace(/^assets\//, "").replace(/-[0-9a-f]{8}(-\d+)?\.\w+$/, ""),
      }),
    ),
  ];
}
