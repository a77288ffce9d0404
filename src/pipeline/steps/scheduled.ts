import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { formatDate } from "../../content/locales.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { ContentError, type Problem } from "../../content/read/errors.ts";
import { scheduleOf } from "../../content/rules/schedule.ts";
import { scheduledTranslations } from "../../content/rules/translations.ts";
import { RouteModel } from "../../routes/model.ts";
import { brokenLinkProblem } from "../checks/link-report.ts";
import { checkLinks } from "../checks/links.ts";
import { markdownOrigins } from "../checks/markdown-origin.ts";
import { htmlProblem } from "../checks/validate.ts";
import { type ValidationThread, validatePages } from "../checks/validate-pages.ts";
import type { BuildPlan } from "../plan.ts";
import { feeds } from "../render/feeds.ts";
import { renderRoute } from "../render/pages.ts";
import type { Bundled } from "./bundle.ts";
import { type Loaded, modelOptions } from "./load.ts";

/**
 * Step 5b: every page scheduled for a later day, built and checked as the site will be on that day: its pages in a
 * scratch folder (never published) over this build's output. What would fail the build on its day is a warning now,
 * naming the day, so the nightly build of that day holds no surprise: a broken link, an invalid document, a missing
 * translation where site.yaml says translations: complete. On its day the page is live and these are errors.
 */
export async function checkScheduled(
  plan: BuildPlan,
  loaded: Loaded,
  bundled: Bundled,
  temp: string,
  validating?: ValidationThread,
): Promise<ContentError[]> {
  // A preview with the scheduled pages (--future, npm run dev) builds and checks them with every other page.
  if (plan.future) return [];
  const { content, model, siteUrl } = loaded;
  const german = content.locales.find((locale) => locale.code === "de");
  const on = (day: string, problem: Problem) =>
    new ContentError(
      problem.file,
      say("onItsDay", {
        day: { en: formatDate(day, model.defaultLocale), de: german ? formatDate(day, german) : day },
        message: { en: problem.message, de: problem.de ?? problem.message },
      }),
      {
        line: problem.line,
        column: problem.column,
        keyPath: problem.keyPath,
      },
    );
  const warnings = scheduledTranslations(content, plan.today).map(({ day, error }) => on(day, error.problem));
  const days = [
    ...new Set(
      content.pages.flatMap((page) => {
        const schedule = scheduleOf(page.meta, plan.today);
        return schedule?.state === "scheduled" ? [schedule.date] : [];
      }),
    ),
  ].sort();
  if (days.length === 0) return warnings;
  const scratch = mkdtempSync(join(tmpdir(), "leap-ai-scheduled-"));
  try {
    const assets = { ...bundled.assets, devClient: plan.devClient, previews: bundled.previews.byFile };
    const written = new Set(model.routes.map((route) => route.file));
    for (const day of days) {
      const onDay = new RouteModel(content, { ...modelOptions(plan), today: day });
      // What that day adds: its pages, and the list and tag pages only they make.
      const added = onDay.routes.filter((route) => !written.has(route.file));
      for (const route of added) {
        const target = join(scratch, route.file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, renderRoute(route, onDay, assets, siteUrl));
        written.add(route.file);
      }
      // And the feeds of that day: a section's first dated page brings its feed.xml, which its pages link to
      // (a BUILD_DATE before any article's day once reported those links as broken, "tell a developer").
      for (const [file, xml] of feeds(onDay, siteUrl)) {
        const target = join(scratch, file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, xml);
      }
      const files = added.map((route) => route.file);
      const { problems: invalid } = await validatePages(scratch, files, { started: validating });
      const problems = [
        ...markdownOrigins(invalid.map(htmlProblem), onDay, (file) => readText(scratch, file)),
        ...checkLinks(scratch, files, temp).map((link) => brokenLinkProblem(link, onDay)),
      ];
      warnings.push(...problems.map((problem) => on(day, problem)));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return warnings;
}

const readText = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
