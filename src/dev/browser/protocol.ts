/** Messages between the dev server and its build worker (a child process, replaced when src/ changes). */
export type BuildRequest =
  | { kind: "full" }
  | { kind: "content" /** Changed files, relative to the project. */; changed: string[] };

export type BuildReply =
  /**
   * warnings: content problems that did not stop the build (a staged language's gaps), printed after it.
   * strict: what the live site's build (npm run build -- --strict) would refuse today that this preview build
   * allows (a page missing in a language where translations: complete, a translation's missing heading), one line
   * each.
   */
  | {
      ok: true;
      kind: BuildRequest["kind"];
      ms: number;
      split: string;
      warnings: string[];
      strict: string[];
      /** The same lines in German, for the editor's German interface. */
      german?: { warnings: string[]; strict: string[] };
      /** The sample values left in content/, which the live site's build refuses (the editor names their fields). */
      samples: Sample[];
    }
  /** workerStopped: the worker died instead of answering; the message says how (german: in German). */
  | { ok: false; kind: BuildRequest["kind"]; message: string; german?: string; workerStopped?: true };

/**
 * The web editor's preview of an unsaved entry (preview.ts): one page's file as the entry's values would write it.
 * Answered beside the builds, on the last build's model, each by its id.
 */
export interface PreviewRequest {
  kind: "preview";
  id: number;
  /** The page's file, relative to the project (content/de/pages/…). */
  file: string;
  text: string;
}

/**
 * The open tab shows the last build (or no tab waits for it): the work a one-page rebuild left for after the page
 * is shown (the search index) may run now, no longer competing with the tab's reload for the machine's cores.
 */
export interface ShownRequest {
  kind: "shown";
}

/**
 * The page's `<main>` as the build renders it; none before the first build or for a page it has not built yet;
 * or the content problem the text has (in English, and German where it is the author's to fix).
 */
export type PreviewReply =
  | { preview: number; main?: string }
  | { preview: number; problem: string; german?: string; problems?: PreviewProblem[] };

/**
 * One problem of a preview the build refuses, where it is the author's (a content problem): the file and key she
 * finds it at, in the editor named by its field (editor/browser/field-labels.ts), and the message in each language.
 */
export interface PreviewProblem {
  file: string;
  line?: number;
  keyPath?: string;
  message: { en: string; de: string };
}

/** What the worker sends: its replies, and once, after its code has loaded, that it is ready. */
export type WorkerMessage = BuildReply | PreviewReply | { ready: true };

/** Why an open page may not show what is on disk: the overlay shows it until the next good build. */
export interface DevProblem {
  kind: "build-error" | "worker-stopped";
  message: string;
  /** The message in German, where it is a content problem (the editor's German interface shows it). */
  german?: string;
}

/** A sample value (a placeholder) in a content file, at the key it is the value of where that is known. */
export interface Sample {
  file: string;
  key?: string;
  text: string;
}

/** A build the dev server finished: every attempt counts, and which content files it took in ("all": a full build). */
export interface DevBuildInfo {
  number: number;
  files: string[] | "all";
  /** A build that went through: its warnings, and what the live site's strict build would refuse (BuildReply). */
  warnings?: string[];
  strict?: string[];
  /** The same in German (BuildReply). */
  german?: { warnings: string[]; strict: string[] };
  samples?: Sample[];
}

/**
 * What the dev server pushes to open tabs over Server-Sent Events: the last good build, the current problem if
 * any, and the build that led to this state (the web editor matches it to the files it saved).
 */
export interface DevEvent {
  buildId: number;
  problem?: DevProblem;
  build?: DevBuildInfo;
}

export const DEV_OUT_DIR = ".dev-dist";
export const DEV_CLIENT_PATH = "/__dev/client.js";
export const DEV_EVENTS_PATH = "/__dev/events";
export const DEV_LOADED_PATH = "/__dev/loaded";
/** The stand-in for the editor's directory picker (editor-fs-client.ts), loaded by /admin/ in npm run dev only. */
export const DEV_EDITOR_FS_CLIENT_PATH = "/__dev/editor-fs.js";
/** The working copy's content/ as the stand-in sees it (editor-fs.ts). */
export const EDITOR_FS_PATH = "/__dev/editor-fs";
/** Sent by the stand-in with every call; a page of another site cannot send it without a preflight. */
export const EDITOR_FS_HEADER = "x-editor-fs";
