import type { Route, RouteModel } from "../../routes/model.ts";
import type { Problem } from "../../content/errors.ts";
import { didYouMean } from "../../content/suggest.ts";
import { sourceLine } from "./link-sources.ts";
import { type BrokenLink, NO_SUCH_FILE } from "./links.ts";

/**
 * How npm run build and npm run dev both report a broken link: where the author wrote it (content file and
 * line), the built page, why it is broken (a draft says so) and, for a path that is no page, the page
 * address it most likely misspells.
 */
export function brokenLinkProblem(link: BrokenLink, model: RouteModel): Problem {
  const path = link.target.split("#")[0] ?? "";
  const draft = model.unpublished.get(path);
  // A page can be a draft by its own front matter or by its section's index.md (draftFile names which).
  const whose = (route: Route) => (route.draftFile === route.sources[0] ? "" : "its section's ");
  let reason = draft
    ? `a draft: ${whose(draft)}${draft.draftFile} has draft: true; publish it or remove the link`
    : link.reason;
  if (!draft && path.startsWith("/") && link.reason === NO_SUCH_FILE) {
    const meant = didYouMean(
      path,
      model.routes.map((route) => route.path),
    );
    if (meant) reason += `; did you mean ${meant}?`;
  }
  const sources = model.routes.find((route) => route.file === link.file)?.sources ?? [];
  const written = sourceLine(link.target, sources, model.content.folder.parent);
  const message = `broken link ${link.target} (${reason}) in ${link.element}`;
  return written ? { ...written, message: `${link.file}: ${message}` } : { file: link.file, message };
}
