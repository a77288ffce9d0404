import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ContentError, ContentErrors } from "../content/errors.ts";
import type { Page } from "../content/load.ts";
import { reloadPage } from "../content/pages.ts";
import type { RouteModel } from "../routes/model.ts";
import type { PreviewImage } from "../components/context.ts";
import type { BuiltAssets } from "./assets.ts";
import { imageService } from "./image-service.ts";
import { build, OutputError, type BuildOptions, type BuildTimings } from "./index.ts";
import { feeds } from "./feeds.ts";
import { checkLinks } from "./links.ts";
import { renderRoute } from "./render.ts";
import { validateDocument } from "./validate.ts";

interface State {
  model: RouteModel;
  assets: BuiltAssets;
  siteUrl: string;
  files: string[];
  previews: ReadonlyMap<string, PreviewImage>;
}

export interface DevBuildResult {
  timings: BuildTimings;
  assets: BuiltAssets;
  /** Only the changed page was rendered and checked. */
  onePage: boolean;
}

/** What of a page other pages show: its list entry, menus, alternates, feed. A change here needs a full build. */
const sharedPart = (page: Page) => JSON.stringify({ meta: page.meta, image: page.image });

/**
 * npm run dev's builds. A save that changes only the text of one Markdown page (not its title, date, slug or
 * anything else other pages show) re-renders and re-checks that page alone: html-validate on it, and the
 * link check on it and on every page that links into it. Anything else is a full build. Either way a
 * failing page leaves the served output as it was.
 */
export class DevBuild {
  private state?: State;

  constructor(private readonly options: BuildOptions) {}

  async run(changed: string[] = [], { reuseAssets = false } = {}): Promise<DevBuildResult> {
    const page = this.state && changed.length === 1 && changed[0]?.endsWith(".md") ? this.pageAt(changed[0]) : undefined;
    if (this.state && page) {
      const result = await this.onePage(this.state, page);
      if (result) return result;
    }
    const result = await build({ ...this.options, drafts: true, reuseAssets: reuseAssets ? this.state?.assets : undefined });
    this.state = { model: result.model, assets: result.assets, siteUrl: result.siteUrl, files: result.files, previews: result.previews.byFile };
    return { timings: result.timings, assets: result.assets, onePage: false };
  }

  private pageAt(file: string): Page | undefined {
    return this.state?.model.content.pages.find((page) => resolve(page.source) === resolve(file));
  }

  private async onePage({ model, assets, siteUrl, files, previews }: State, old: Page): Promise<DevBuildResult | undefined> {
    const started = performance.now();
    const { content } = model;
    const page = await reloadPage(this.options.contentDir ?? "content", old, content.pages, content.site, imageService().service).catch((error: unknown) => {
      if (error instanceof ContentError) throw new ContentErrors([error]);
      throw error;
    });
    if (sharedPart(page) !== sharedPart(old)) return undefined;
    const loaded = performance.now();
    const route = model.routes.find((candidate) => candidate.page === old);
    if (!route) return undefined;
    const html = renderRoute({ ...route, page }, model, { ...assets, devClient: this.options.devClient, previews }, siteUrl);
    const rendered = performance.now();

    const problems = (await validateDocument(html, route.file)).map((p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.rule}] at ${p.element}`);
    if (problems.length > 0) throw new OutputError(problems);
    // Written first so the link check reads it; put back if a link, here or into it, broke.
    const outDir = this.options.outDir ?? "dist";
    const target = join(outDir, route.file);
    const previous = readFileSync(target, "utf8");
    writeFileSync(`${target}.next`, html);
    renameSync(`${target}.next`, target);
    const linkingHere = files.filter((file) => file !== route.file && readFileSync(join(outDir, file), "utf8").includes(`href="${route.path}#`));
    const broken = checkLinks(outDir, [route.file, ...linkingHere]);
    if (broken.length > 0) {
      writeFileSync(target, previous);
      throw new OutputError(broken.map((b) => `${b.file}: broken link ${b.target} (${b.reason}) in ${b.element}`));
    }
    content.pages[content.pages.indexOf(old)] = page;
    route.page = page;
    // The section's feed carries each page's full text.
    const section = model.sectionOf(route);
    for (const [file, xml] of feeds(model, siteUrl, section ? [section] : [])) writeFileSync(join(outDir, file), xml);
    const done = performance.now();
    return {
      timings: { content: loaded - started, bundle: 0, render: rendered - loaded, validate: done - rendered, output: 0, total: done - started },
      assets,
      onePage: true,
    };
  }
}
