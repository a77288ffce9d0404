// Records the addresses the live site publishes today in content/published.yaml, as npm run build does, without
// building: the daily workflow runs it and commits the file, so pages published from the web editor (whose
// authors never run a build) are on the list too, and a later rename of one is caught.
import { ContentErrors } from "../content/read/errors.ts";
import { loadContent } from "../content/load.ts";
import { buildDay } from "../content/rules/schedule.ts";
import { recordPublished } from "../pipeline/published-list.ts";
import { describeFailure } from "../pipeline/report.ts";
import { RouteModel } from "../routes/model.ts";

try {
  const content = await loadContent("content");
  const today = buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date());
  const added = recordPublished(new RouteModel(content, { today }));
  console.log(
    added.length === 0
      ? "content/published.yaml: nothing new"
      : `content/published.yaml: ${added.length} new: ${added.join(", ")}`,
  );
} catch (error) {
  if (!(error instanceof ContentErrors)) throw error;
  console.error(describeFailure(error));
  process.exitCode = 1;
}
