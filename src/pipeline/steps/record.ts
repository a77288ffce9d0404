import type { ContentError } from "../../content/read/errors.ts";
import { scheduleLines } from "../../content/rules/schedule.ts";
import { unusedMediaLines } from "../../content/rules/media.ts";
import { afterPublishing } from "../incremental/index.ts";
import type { Incremental } from "../incremental/reuse.ts";
import type { BuildManifest } from "../incremental/manifest.ts";
import type { PageStore } from "../incremental/page-store.ts";
import type { BuildPlan } from "../plan.ts";
import { recordPublished } from "../published-list.ts";
import type { Loaded } from "./load.ts";

/** What the next build reads of this one, made before the swap and recorded after it. */
export type NextBuildRecord = Omit<BuildManifest, "code" | "inputs" | "outputs" | "summary">;

/**
 * Step 7, after the swap: a live build adds the addresses it published to content/published.yaml (a preview
 * shows what was never on the site); an incremental build records what it made and read for the next one.
 */
export function recordBuild(
  plan: BuildPlan,
  { content, model }: Loaded,
  built: { pages: string[]; record: NextBuildRecord; warnings: readonly ContentError[] },
  last: Incremental | undefined,
  pageStore: PageStore | undefined,
): void {
  if (plan.recordPublished) recordPublished(model);
  if (!last) return;
  pageStore?.save();
  last.record(
    {
      ...built.record,
      summary: {
        pages: built.pages.length,
        warnings: built.warnings.map((warning) => warning.message),
        notes: [...unusedMediaLines(content.unusedMedia), ...scheduleLines(content.pages, model.today)],
      },
    },
    // The list this build added to is part of the next build's inputs as it is now.
    plan.recordPublished ? afterPublishing(last.inputs, plan.contentDir) : last.inputs,
  );
}
