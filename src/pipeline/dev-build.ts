import type { IndexedPages } from "../search/index-builder.ts";
import { updateSearchIndexes } from "../search/output.ts";
import { TermsMemo } from "../search/terms-memo.ts";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ContentError, ContentErrors } from "../content/read/errors.ts";
import type { Page } from "../content/types.ts";
import { loadPage, reloadPage } from "../content/pages.ts";
import { defaultLocale } from "../content/locales.ts";
import { originalOf, withOriginalSchedule } from "../content/rules/schedule.ts";
import type { RouteModel } from "../routes/model.ts";
import type { PreviewImage } from "../components/context.ts";
import type { BuiltAssets } from "./assets.ts";
import type { BuildImages } from "./images/service.ts";
import { reuseFile } from "./incremental/index.ts";
import { onlyOwnChanged } from "./incremental/reuse.ts";
import { build, type PlanOptions, type BuildTimings } from "./index.ts";
import { renderRoute } from "./render/pages.ts";
import type { FeedContents } from "./render/feeds.ts";
import { anchorTargets } from "./checks/anchors.ts";
import { checkOnePageBuilt } from "./steps/check.ts";
import { mainElement } from "./html/main-element.ts";

interface State {
  /** The last full build's images: a one-page build goes on with them (one image service per build). */
  images: BuildImages;
  model: RouteModel;
  assets: BuiltAssets;
  siteUrl: string;
  files: string[];
  previews: ReadonlyMap<string, PreviewImage>;
  warnings: string[];
  german: string[];
  /** The image files in the output: the full build's, and those a preview or a one-page build added since. */
  imageFiles: Set<string>;
  /** Which pages link to a #anchor of each page path: read from the output after each full build. */
  anchorLinks?: Map<string, Set<string>>;
}

export interface DevBuildResult {
  timings: BuildTimings;
  assets: BuiltAssets;
  /** Only the changed page was rendered and checked. */
  onePage: boolean;
  /** Content problems that did not stop the build, as messages. */
  warnings: string[];
  /** The same in German, for the editor's German interface (shared/messages/). */
  german: string[];
  /**
   * What is left once the page is shown (npm run dev's worker calls it after its reply): the search index of a
   * one-page rebuild. The next run does it first if nobody did.
   */
  afterShown?: () => void;
}

/**
 * npm run dev's builds. A save that changes only the text of one Markdown page (not its title, date, slug or
 * anything else other pages show) re-renders and re-checks that page alone: html-validate on it, and the
 * link check on it and on every page that links into it. Anything else is a full build. Either way a
 * failing page leaves the served output as it was.
 */
export class DevBuild {
  private state?: State;
  /** Each word's search terms as the last build indexed them: a save's index needs only its new words' terms. */
  private terms = new TermsMemo();
  /** Each page's indexed form, for the one-page rebuilds after a full build (search/index-builder.ts). */
  private indexed: IndexedPages = new WeakMap();
  /** Each feed entry's content, by its page, for the one-page rebuilds after a full build (render/feeds.ts). */
  private feedContents: FeedContents = new WeakMap();
  /** The search index of the last one-page rebuild, when it is still to be written. */
  private pendingSearch?: () => void;

  constructor(private readonly options: Omit<PlanOptions, "mode">) {}

  /** The content the last full build read (the dev server's strict verdict reads it: dev/worker.ts). */
  get content() {
    return this.state?.model.content;
  }

  async run(changed: string[] = [], { reuseAssets = false } = {}): Promise<DevBuildResult> {
    this.afterShown();
    const page =
      this.state && changed.length === 1 && changed[0]?.endsWith(".md") ? this.pageAt(changed[0]) : undefined;
    if (this.state && page) {
      const result = await this.onePage(this.state, page);
      if (result) return result;
    }
    // Drafts, staged languages and scheduled pages with their marker; a renamed page is told, not refused; the day
    // is the clock's at each build.
    const terms = this.terms.next();
    const feedContents: FeedContents = new WeakMap();
    const indexed: IndexedPages = new WeakMap();
    const result = await build({
      ...this.options,
      mode: "dev",
      reuseAssets: reuseAssets ? this.state?.assets : undefined,
      searchTerms: terms,
      feedContents,
      searchPages: indexed,
    });
    this.terms = terms;
    this.indexed = indexed;
    this.feedContents = feedContents;
    const warnings = result.warnings.map((warning) => warning.message);
    const german = result.warnings.map((warning) => warning.messageIn("de"));
    this.state = {
      images: result.images,
      model: result.model,
      assets: result.assets,
      siteUrl: result.siteUrl,
      files: result.files,
      previews: result.previews.byFile,
      imageFiles: new Set(result.images.processor.outputs().keys()),
      warnings,
      german,
    };
    // Read now, while a full build is being waited for anyway, so the first save of one page does not pay for it.
    this.anchorLinks(this.state, this.options.outDir ?? "dist");
    return { timings: result.timings, assets: result.assets, onePage: false, warnings, german };
  }

  /**
   * The `<main>` of one page as the build would render it if its file held `text` (the web editor's unsaved entry):
   * read by the same reader and schemas, rendered by the same components on the last build's route model and
   * assets, in the page's own language. Nothing is written and the model stays as it was. Undefined before the
   * first build. A page not saved yet is rendered as a new page of its language. A content
   * problem in the text is thrown as the build would throw it.
   */
  async preview(file: string, text: string): Promise<string | undefined> {
    const state = this.state;
    if (!state) return undefined;
    const old = this.pageAt(file);
    const { content } = state.model;
    const copy = Object.fromEntries(Object.entries(content.langs).map(([lang, lc]) => [lang, lc.common]));
    const folder = content.folder.withText(file, text);
    const where = /^([^/]+)\/pages\/(.+\.md)$/.exec(relative(content.folder.root, file).split(sep).join("/"));
    const read = old
      ? reloadPage(folder, old, content.pages, content.site, copy, state.images.service)
      : where?.[1] && where[2] && content.langs[where[1]]
        ? loadPage(
            folder,
            where[1],
            where[2],
            new Set(content.pages.map((page) => page.key)),
            content.site,
            copy,
            state.images.service,
          )
        : undefined;
    const loaded = await read?.catch((error: unknown) => {
      if (error instanceof ContentError) throw new ContentErrors([error]);
      throw error;
    });
    if (!loaded) return undefined;
    // A translation shares its original's schedule as the build gives it, one not saved yet too: its preview shows
    // the day it goes live (issue 54: a copied German article showed no date). Again on a reloaded page, the same.
    const page = withOriginalSchedule(
      loaded,
      originalOf(loaded, content.pages, defaultLocale(content.site.locales).code),
    );
    // An unsaved edit may change what other pages see (a slug, a date): then its routes are worked out anew.
    const next = state.model.withPage(old, page, old !== undefined && onlyOwnChanged(old, page));
    const route = next.routes.find((candidate) => candidate.page === page);
    if (!route) return undefined;
    const assets = { ...state.assets, devClient: this.options.devClient, previews: state.previews };
    const main = mainElement(renderRoute(route, next, assets, state.siteUrl));
    this.writeNewImages(state);
    return main;
  }

  /** Writes the search index the last one-page rebuild left to do, if it is still to be written. */
  afterShown(): void {
    const pending = this.pendingSearch;
    this.pendingSearch = undefined;
    pending?.();
  }

  /**
   * The files of images the last full build did not encode, into the served output: the `<picture>` of a page
   * rendered since (an image the author just picked for the preview, or a saved one-page rebuild's new image) names
   * them, and without them the pane drew the alt text (issue 59). Their names are their bytes' digests, so no
   * served file changes; the next full build writes only the images its pages show, and an unsaved pick is gone.
   */
  private writeNewImages(state: State): void {
    const outDir = this.options.outDir ?? "dist";
    for (const [file, cached] of state.images.processor.outputs()) {
      if (state.imageFiles.has(file)) continue;
      const target = join(outDir, file);
      if (!existsSync(target)) {
        mkdirSync(dirname(target), { recursive: true });
        reuseFile(cached, target);
      }
      state.imageFiles.add(file);
    }
  }

  private pageAt(file: string): Page | undefined {
    return this.state?.model.content.pages.find((page) => resolve(page.source) === resolve(file));
  }

  private anchorLinks(state: State, outDir: string): Map<string, Set<string>> {
    if (!state.anchorLinks) {
      state.anchorLinks = new Map();
      for (const file of state.files)
        for (const path of anchorTargets(readFileSync(join(outDir, file), "utf8")))
          state.anchorLinks.set(path, (state.anchorLinks.get(path) ?? new Set()).add(file));
    }
    return state.anchorLinks;
  }

  private async onePage(state: State, old: Page): Promise<DevBuildResult | undefined> {
    const { model, assets, siteUrl, previews, warnings, german } = state;
    const started = performance.now();
    const { content } = model;
    const page = await reloadPage(
      content.folder,
      old,
      content.pages,
      content.site,
      Object.fromEntries(Object.entries(content.langs).map(([lang, copy]) => [lang, copy.common])),
      state.images.service,
    ).catch((error: unknown) => {
      if (error instanceof ContentError) throw new ContentErrors([error]);
      throw error;
    });
    // The reuse rule (incremental/reuse.ts): anything other pages see needs a full build.
    if (!onlyOwnChanged(old, page)) return undefined;
    // A new model with the new page: this one stays as it was until every check has passed.
    const next = model.withPage(old, page);
    const loaded = performance.now();
    const route = next.routes.find((candidate) => candidate.page === page);
    if (!route) return undefined;
    const html = renderRoute(route, next, { ...assets, devClient: this.options.devClient, previews }, siteUrl);
    const rendered = performance.now();

    const outDir = this.options.outDir ?? "dist";
    const anchorLinks = this.anchorLinks(state, outDir);
    const linkingHere = [...(anchorLinks.get(route.path) ?? [])].filter((file) => file !== route.file);
    // Before the page's checks, which look for the files it links.
    this.writeNewImages(state);
    const { feedFiles } = await checkOnePageBuilt(next, siteUrl, {
      route,
      html,
      outDir,
      linkingHere,
      feedContents: this.feedContents,
    });
    state.model = next;
    for (const [file, xml] of feedFiles) writeFileSync(join(outDir, file), xml);
    // The search finds the page's new words once the page is shown: its index is written after the reply.
    // The memo only grows by the page's new words until the next full build starts one from the words it indexes.
    this.pendingSearch = () => updateSearchIndexes(outDir, next, route, { memo: this.terms, kept: this.indexed });
    // This page's own anchor links as they are now.
    for (const linking of anchorLinks.values()) linking.delete(route.file);
    for (const path of anchorTargets(html)) anchorLinks.set(path, (anchorLinks.get(path) ?? new Set()).add(route.file));
    const done = performance.now();
    return {
      timings: {
        content: loaded - started,
        bundle: 0,
        previews: 0,
        render: rendered - loaded,
        search: 0,
        validate: done - rendered,
        checks: 0,
        output: 0,
        total: done - started,
      },
      assets,
      onePage: true,
      afterShown: () => this.afterShown(),
      // Only the page's text changed: nothing the warnings are about.
      warnings,
      german,
    };
  }
}
