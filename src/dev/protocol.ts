/** Messages between the dev server and its build worker (a child process, replaced when src/ changes). */
export type BuildRequest = { kind: "full" } | { kind: "content" };

export type BuildReply =
  | { ok: true; kind: BuildRequest["kind"]; ms: number; split: string }
  | { ok: false; kind: BuildRequest["kind"]; message: string };

/** What the dev server pushes to open tabs over Server-Sent Events: the last good build, and the current error if any. */
export interface DevEvent {
  buildId: number;
  error?: string;
}

export const DEV_OUT_DIR = ".dev-dist";
export const DEV_CLIENT_PATH = "/__dev/client.js";
export const DEV_EVENTS_PATH = "/__dev/events";
export const DEV_LOADED_PATH = "/__dev/loaded";
