// The shapes of loaded content, which the route model, the components and the build read. This module reads no
// disk and imports no loader: its users depend on what content is, not on how it is read.
import type { Element } from "hast";
import type { ImageSet } from "../images/types.ts";
import type { ContentError } from "./read/errors.ts";
import type { PublishedAddress } from "./rules/published.ts";
import type { ContentFolder } from "./read/folder.ts";
import type { Block, Common, FormCopy, Home, Locale, PageMeta, Site } from "./schemas/index.ts";

/** A language's code, as listed in site.yaml's locales. */
export type Lang = string;

export interface LangContent {
  common: Common;
  home: Home;
  form: FormCopy;
  /** The files the copy comes from, as messages name them. */
  files: Record<keyof typeof LANG_FILES, string>;
}

/** A page from content/<lang>/pages/: its file's path there is its key, the same in every language. */
export interface Page {
  /** "privacy", "insights/rag-agents"; a section's index.md has its folder's key ("insights"). */
  key: string;
  lang: Lang;
  /** The Markdown file, as messages name it (content/en/pages/privacy.md). */
  file: string;
  /** The Markdown file's path on disk. */
  source: string;
  /** A folder's index.md: its page lists the folder's pages. */
  isSection: boolean;
  /** Key of the section this page belongs to, if any. */
  section?: string;
  meta: PageMeta;
  /** The line of each front matter key, and of each entry of a list ("tags[1]"), for messages about them. */
  keyLines: Record<string, number>;
  html: string;
  headings: Heading[];
  /** A campaign page's blocks (front matter blocks:), read: its html is then empty. */
  blocks?: LoadedBlock[];
  /**
   * Its headings, components and figures in order, as the structure rule reads them (content/rules/structure.ts),
   * each heading with its id: the language switch lands on a heading's counterpart (routes/places.ts).
   */
  parts: PagePart[];
  /** The origins its components need as frames (a video's player): its Content-Security-Policy allows them. */
  frames: string[];
  /** The front matter's image, processed (only when the build passes an image service). */
  image?: ImageSet;
  /** Every image file the page shows, in its text and its front matter (content/media/ files no page shows are reported). */
  images: string[];
  /** Files absent now that the page would show instead of its original's images once they exist (content/rules/media.ts). */
  shadowed?: string[];
  /**
   * A draft this build leaves out: its images were checked, not encoded. A build that takes the page from a cache
   * must not encode them either, or their files would reach dist/assets/ with no page showing them.
   */
  imagesLeftOut?: true;
}

/** One block of a campaign page, as its component renders it. */
export interface LoadedBlock {
  block: Block;
  /** Each image the block shows, processed, by its path as written (only when the build passes an image service). */
  pictures: Record<string, ImageSet>;
  /** A text block's Markdown as HTML. */
  html?: string;
}

export interface ImpressumSection {
  lang: Lang;
  heading: string;
  html: string;
}

export interface Content {
  /** The folder it was read from: its files are named from there in every message. */
  folder: ContentFolder;
  site: Site;
  /** The languages this build makes: every published one, and the staged ones in npm run dev. */
  locales: Locale[];
  langs: Record<Lang, LangContent>;
  pages: Page[];
  impressum: { title: string; description: string; file: string; sections: ImpressumSection[] };
  /** Each content file's last commit date (UTC), by its path as messages name it; empty outside a git checkout. */
  lastChanged: Map<string, string>;
  /** Files in content/media/ that no page shows, as messages name them: a warning, since an author may stage files there. */
  unusedMedia: string[];
  /** Each page missing in a language of this build (see loadPages). */
  missingPages: MissingPage[];
  /** Problems that do not stop a build: a staged language's missing keys and files. */
  warnings: ContentError[];
  /** Every address the site has published before (content/published.yaml), for finding pages that moved. */
  published: PublishedAddress[];
  /** The photos of site.yaml's authors, processed (only when the build passes an image service), by author name. */
  authorPhotos: Map<string, ImageSet>;
  /** Menus of a language that lead elsewhere, or in another order, than the default language's (a warning each). */
  menuWarnings: ContentError[];
}

/**
 * Pages kept between builds, lent by the build: a page whose file and context are unchanged is not read again.
 * `get` also makes sure the images the page shows are still the files it was made from.
 */
export interface PageCache {
  get(key: string): Promise<Page | undefined>;
  set(key: string, page: Page): void;
  /**
   * A content file's digest (sha256 of its bytes, hex) where the cache's owner already read it (npm run build
   * hashes the content tree before it builds), by its path below the content folder ("en/pages/rag.md").
   */
  fileDigest?(relativePath: string): string | undefined;
}

/** One page to read: its language and its path below that language's pages/. */
export interface PageJob {
  lang: Lang;
  relativePath: string;
}

/**
 * Other threads that read pages alongside this one, lent by the build for a large site: `loadAll` reads some of
 * the jobs with `local` on this thread and the rest elsewhere, and answers in the jobs' order.
 */
export interface PageThreads {
  loadAll(
    jobs: readonly PageJob[],
    context: PageJobContext,
    local: (job: PageJob) => Promise<Page>,
  ): Promise<PromiseSettledResult<Page>[]>;
}

/** What reading any page needs besides its file: the content folder, the page keys, the site, each language's copy. */
export interface PageJobContext {
  root: string;
  keys: string[];
  site: Site;
  copy: Record<Lang, Common | undefined>;
  /** The draft sections ("lang key") of a build without drafts, whose pages' images are not encoded. */
  draftSections?: string[];
}

/** What the build lends the loader to turn image files into responsive images. */
export interface ImageService {
  /** The variants of an image file (front matter images). */
  process(path: string): Promise<ImageSet>;
  /** The element that replaces a Markdown image. */
  markdownImage: ImageRenderer;
}

/** The YAML files every language has, by the name the loader gives them. */
export const LANG_FILES = { common: "common.yaml", home: "home.yaml", form: "form.yaml" } as const;

export interface PagePart {
  /** "h2", "component:callout", "figure". */
  kind: string;
  /** What the section under a heading holds (content/rules/structure.ts). */
  shape: string;
  /** The heading's text, the component's name, the figure's address: as the structure rule's messages name it. */
  text: string;
  /** Its line in the page's file. */
  line: number;
  /** A heading's id on the page. */
  id?: string;
}

export interface Heading {
  id: string;
  text: string;
}

/** A Markdown image, for the build to replace with a responsive <picture>. */
export interface MarkdownImage {
  /** As written. */
  src: string;
  /** The file on disk: next to the Markdown file, or in content/media/, or the original's (a translation's shared one). */
  path: string;
  /** For a shared one: the file next to this page that would be shown instead, once it exists. */
  instead?: string;
  alt: string;
  line: number;
  /** 0 for the first image of the document. */
  index: number;
  /** Its portrait variant for phones, where the author drew one: the same name with .narrow before the extension. */
  narrow?: string;
}
export type ImageRenderer = (image: MarkdownImage) => Promise<Element>;

/** A page that exists in some languages but not in this one. */
export interface MissingPage {
  /** The page's file in the first language that has it (the default language when it does), as messages name it. */
  file: string;
  /** The language without it. */
  lang: Lang;
  /** Where its translation would be (content/de/pages/careers.md). */
  missing: string;
}
