import type { Content, LangContent } from "../content/types.ts";
import type { RouteModel } from "../routes/model.ts";
import type { Route } from "../routes/route.ts";

/** URLs of the built, content-hashed assets a page links to. */
export interface Assets {
  /** The stylesheet's text, inlined into <head>. */
  stylesheet: string;
  /** The loader's code, inlined as a module script (allowed by its CSP hash); pages with nothing for it to do get none. */
  loader?: string;
  /** The campaign blocks' stylesheet (styles/blocks.css), linked by pages made of blocks only. */
  blockStylesheet?: string;
  /** A data: URL. */
  faviconSvg: string;
  faviconPng: string;
  ogImage: string;
  ogImageSize: { width: number; height: number };
  /** Only in `npm run dev` output: the live-reload and error-overlay client. */
  devClient?: string;
  /** Each indexable page's link-preview image, by its output file (Route.file). */
  previews?: ReadonlyMap<string, PreviewImage>;
}

/** The image a link to the page shows on social networks and in messengers (og:image, twitter:image). */
export interface PreviewImage {
  /** A URL path on the site. */
  url: string;
  width: number;
  height: number;
  /** What the image shows, for og:image:alt. */
  alt: string;
}

/** Everything a page component needs: one route, its copy, the route model, and the facts shared by all pages. */
export interface PageContext {
  route: Route;
  model: RouteModel;
  content: Content;
  copy: LangContent;
  assets: Assets;
  siteUrl: string;
  /** The page's link-preview image; the site's og-image where it has none (pages that are not indexed). */
  preview?: PreviewImage;
}
