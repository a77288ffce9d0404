import type { Content, LangContent } from "../content/load.ts";
import type { Route, RouteModel } from "../routes/model.ts";

/** URLs of the built, content-hashed assets a page links to. */
export interface Assets {
  /** The stylesheet's text, inlined into <head>. */
  stylesheet: string;
  /** The loader's code, inlined as a module script (allowed by its CSP hash); pages with nothing for it to do get none. */
  loader?: string;
  /** A data: URL. */
  faviconSvg: string;
  faviconPng: string;
  ogImage: string;
  ogImageSize: { width: number; height: number };
  /** Only in `npm run dev` output: the live-reload and error-overlay client. */
  devClient?: string;
}

/** Everything a page component needs: one route, its copy, the route model, and the facts shared by all pages. */
export interface PageContext {
  route: Route;
  model: RouteModel;
  content: Content;
  copy: LangContent;
  assets: Assets;
  siteUrl: string;
}
