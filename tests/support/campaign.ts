import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Content, contentWith } from "./content.ts";

// The bilingual campaign page of tests/fixtures/campaign/ (issue 59: "AI readiness workshop" and
// "KI-Readiness-Workshop"), added to a copy of content/ with its images and site.yaml's campaigns. It is not on the
// live site: only tests build it.

export const CAMPAIGN_FIXTURE = "tests/fixtures/campaign";
/** The fixture's page, as both languages' files name it below content/<lang>/pages/. */
export const CAMPAIGN_PAGE = "ai-readiness-workshop.md";
/** Its addresses in the built site. */
export const CAMPAIGN_PATHS = { en: "/ai-readiness-workshop", de: "/de/ki-readiness-workshop" } as const;

/** The fixture's files by their path below content/ (campaigns.yaml is site.yaml's addition, not a file). */
export function campaignFiles(): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== "campaigns.yaml") files[relative(CAMPAIGN_FIXTURE, path)] = readFileSync(path);
    }
  };
  walk(CAMPAIGN_FIXTURE);
  return files;
}

/**
 * A copy of content/ with the campaign page, its images and site.yaml's campaigns, and `files` written over them
 * (an edited page, another site.yaml …).
 */
export function campaignContent(files: Record<string, string | Buffer> = {}, prefix = "campaign-"): Content {
  const site = `${readFileSync("content/site.yaml", "utf8").trimEnd()}\n\n${readFileSync(join(CAMPAIGN_FIXTURE, "campaigns.yaml"), "utf8")}`;
  return contentWith({ ...campaignFiles(), "site.yaml": site, ...files }, { prefix });
}
