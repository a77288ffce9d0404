import type { Content, Page, PageJob, PageJobContext } from "../../content/types.ts";
import type { Assets } from "../../components/context.ts";
import type { RouteModelOptions } from "../../routes/model.ts";

/** What the build asks its other thread, each with an id its answer carries back. */
export type ThreadRequest =
  | { id: number; type: "pages"; jobs: PageJob[]; context?: PageJobContext & { imageCache: string } }
  | {
      id: number;
      type: "render";
      /** Indices into the route model's routes. */
      routes: number[];
      outDir: string;
      context?: {
        content: Content;
        /** The route model's options, so that the other thread computes the same routes. */
        options: RouteModelOptions;
        assets: Assets & { loader: string };
        siteUrl: string;
      };
    };

/** A content problem as it crosses threads (an error's class does not). */
export interface ThreadProblem {
  file: string;
  detail: string;
  position: { line?: number; column?: number; keyPath?: string };
}

export type PageResult =
  | { ok: true; page: Page }
  | { ok: false; problems: ThreadProblem[] }
  | { ok: false; unexpected: string };

export type ThreadReply =
  | { id: number; type: "pages"; results: PageResult[]; images: [string, string][] }
  | { id: number; type: "render"; files: string[] }
  | { id: number; type: "failed"; message: string };
