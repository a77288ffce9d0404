import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import type { Problem } from "../../content/read/errors.ts";
import { formatDate } from "../../content/locales.ts";
import { didYouMean } from "../../content/read/suggest.ts";
import { sourceLine } from "./link-sources.ts";
import { type Said, say } from "../../shared/messages/catalogue.ts";
import { addressOf, type BrokenLink, NO_SUCH_FILE } from "./links.ts";

/** Why a page this build leaves out is no link target: a draft, not live yet, or taken down (with its date). */
function unpublishedReason(route: Route, model: RouteModel): string {
  const whose = (file: string | undefined) => (file === route.sources[0] ? "" : "its section's ");
  if (route.draft)
    return `a draft: ${whose(route.draftFile)}${route.draftFile} has draft: true; publish it or remove the link`;
  const schedule = route.schedule;
  if (!schedule) return "not built";
  const day = formatDate(schedule.date, model.defaultLocale);
  return schedule.state === "scheduled"
    ? `scheduled: ${whose(schedule.file)}${schedule.file} goes live on ${day} (${schedule.key}: ${schedule.date}), after today (${model.today}); link to it from that day on, or remove the link`
    : `expired: ${whose(schedule.file)}${schedule.file} was taken down on ${day} (expiryDate: ${schedule.date}); remove the link`;
}

/**
 * How npm run build and npm run dev both report a broken link: where the author wrote it (content file and
 * line), the link as written, why it is broken (a draft says so) and, for a path that is no page, the page
 * address it most likely misspells. Never dist/'s files or the built markup: the author knows neither. A link
 * no content file holds comes from the site's code: named by its page's address and content file, for a developer.
 */
export function brokenLinkProblem(link: BrokenLink, model: RouteModel): Problem {
  const path = link.target.split("#")[0] ?? "";
  const draft = model.unpublished.get(path);
  // An old address that redirects (a moved page's alias) is no file of its own: the link should say where it went.
  const moved = draft ? undefined : model.redirects.find((redirect) => redirect.from === path.replace(/(.)\/+$/, "$1"));
  let reason: Said | string = draft ? unpublishedReason(draft, model) : link.reason;
  if (moved) reason = say("redirectedLink", { to: moved.to });
  else if (!draft && path.startsWith("/") && link.reason === NO_SUCH_FILE) {
    const meant = didYouMean(
      path,
      model.routes.map((route) => route.path),
    );
    reason = say("noSuchAddress", { meant });
  }
  const route = model.routes.find((candidate) => candidate.file === link.file);
  const source = sourceLine(link.target, route?.sources ?? [], model.content.folder.parent);
  if (source) {
    const said = typeof reason === "string" ? undefined : say("brokenLink", { written: source.written, reason });
    return {
      file: source.file,
      line: source.line,
      message: said?.en ?? `broken link ${source.written}: ${reason}`,
      ...(said ? { de: said.de } : {}),
    };
  }
  if (typeof reason !== "string") reason = reason.en;
  const address = route?.path ?? addressOf(link.file);
  return {
    file: route?.sources[0] ?? address,
    message: `the page ${address} has a broken link ${link.target}: ${reason}; no content file holds it (the site's code writes it): tell a developer`,
  };
}
