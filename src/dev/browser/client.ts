// Live reload and the error overlay, loaded only by pages that npm run dev builds.
import { stampOfDocument } from "./build-stamp.ts";
import { DEV_EVENTS_PATH, DEV_LOADED_PATH, type DevEvent, type DevProblem } from "./protocol.ts";

const OVERLAY_ID = "__dev-overlay";

// Developer tooling, not site copy: it lives here rather than in content/.
const OVERLAY_TEXT: Record<DevProblem["kind"], { label: string; title: string; hint: string }> = {
  "build-error": {
    label: "Build error",
    title: "The last change could not be built. The page shows the last good version.",
    hint: "Fix the file and save: this message disappears by itself.",
  },
  "worker-stopped": {
    label: "Build worker stopped",
    title: "The build worker stopped. The page shows the last good version.",
    hint: "Save a file to rebuild: this message disappears by itself.",
  },
};

function showOverlay({ kind, message }: DevProblem): void {
  const text = OVERLAY_TEXT[kind];
  document.getElementById(OVERLAY_ID)?.remove();
  const overlay = document.createElement("div");
  overlay.id = OVERLAY_ID;
  overlay.setAttribute("role", "alertdialog");
  overlay.setAttribute("aria-label", text.label);
  // Styles through the CSSOM, which the page's Content-Security-Policy allows (style attributes it would not).
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "0",
    zIndex: "2147483647",
    background: "rgba(11, 16, 32, 0.92)",
    color: "#fff",
    padding: "32px",
    overflow: "auto",
    font: "14px/1.6 ui-monospace, SFMono-Regular, Menlo, monospace",
  });
  const title = document.createElement("h2");
  title.textContent = text.title;
  Object.assign(title.style, { font: "600 18px/1.4 system-ui, sans-serif", margin: "0 0 16px", color: "#ffb4ab" });
  const body = document.createElement("pre");
  body.textContent = message;
  Object.assign(body.style, { whiteSpace: "pre-wrap", margin: "0" });
  const hint = document.createElement("p");
  hint.textContent = text.hint;
  Object.assign(hint.style, { font: "14px system-ui, sans-serif", color: "#b4bcdc", marginTop: "16px" });
  overlay.append(title, body, hint);
  document.body.append(overlay);
}

/**
 * The build whose pages this tab shows: the one that served its document, as the dev server stamped it
 * (build-stamp.ts), whenever the event stream opens. In a browser without server timing, the first build the tab
 * hears of (which misses a build that finished between the page's load and the stream's opening).
 */
let shownBuild = stampOfDocument();

/**
 * A tab that reloaded for a new build tells the dev server, once the page has finished loading, which build
 * it shows: the server prints the time from the save to this moment. A page opened or navigated to says nothing.
 */
const reloaded =
  (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
let loaded = document.readyState === "complete";
let reported = !reloaded;
const reportLoaded = () => {
  if (reported || !loaded || shownBuild === undefined) return;
  reported = true;
  void fetch(`${DEV_LOADED_PATH}?build=${shownBuild}`, { method: "POST" }).catch(() => undefined);
};
window.addEventListener("load", () => {
  loaded = true;
  reportLoaded();
});

const events = new EventSource(DEV_EVENTS_PATH);
events.onmessage = (message) => {
  const event = JSON.parse(message.data as string) as DevEvent;
  shownBuild ??= event.buildId;
  reportLoaded();
  if (event.buildId !== shownBuild) window.location.reload();
  else if (event.problem) showOverlay(event.problem);
  else document.getElementById(OVERLAY_ID)?.remove();
};
