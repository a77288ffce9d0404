// Live reload and the error overlay, loaded only by pages that npm run dev builds.
import { stampOfDocument } from "./build-stamp.ts";
import { DEV_EVENTS_PATH, DEV_LOADED_PATH, type DevEvent, type DevProblem } from "./protocol.ts";
import { swapIn } from "./swap.ts";

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
 * (build-stamp.ts), whenever the event stream opens; after an in-place update, the one that served the swapped-in
 * page. In a browser without server timing, the first build the tab hears of (which misses a build that finished
 * between the page's load and the stream's opening: checking the page against it instead would reload a page with
 * scripted parts on every load, for ever).
 */
let shownBuild = stampOfDocument();
/** The last good build the dev server announced. */
let latestBuild: number | undefined;

/**
 * Tells the dev server which build this tab shows once a person can see it: the server prints the time from the
 * save to this moment, and only then writes a one-page rebuild's search index. Its own, later reports it ignores.
 */
const report = (how: "reloaded" | "swapped") =>
  void fetch(`${DEV_LOADED_PATH}?build=${shownBuild}&how=${how}`, { method: "POST" }).catch(() => undefined);

// A tab that reloaded for a new build reports once the page has loaded. A page opened or navigated to says nothing.
const reloaded =
  (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
if (reloaded && shownBuild !== undefined) {
  if (document.readyState === "complete") report("reloaded");
  else window.addEventListener("load", () => report("reloaded"), { once: true });
}

/** Once the swapped-in page is on screen: the frame after the swap has painted (at once in a hidden tab, which paints none). */
const afterPaint = (then: () => void) =>
  document.visibilityState === "hidden" ? then() : requestAnimationFrame(() => setTimeout(then, 0));

/** While an update runs, or for good once the tab reloads (it is leaving). */
let updating = false;
const reload = () => window.location.reload();
/**
 * Brings the page to the last build: its text swapped in place where that is exactly what a reload would show
 * (swap.ts), else a reload. Builds heard of meanwhile are caught up with before the tab reports.
 */
async function update(): Promise<void> {
  if (updating) return;
  updating = true;
  try {
    let stamp: number | undefined;
    do {
      const target = latestBuild;
      stamp = await swapIn();
      // An answer older than the build announced came from another dev server (restarted): a reload sorts it out.
      if (stamp === undefined || target === undefined || stamp < target) return reload();
      shownBuild = stamp;
    } while (latestBuild !== undefined && latestBuild > stamp);
  } catch {
    return reload();
  }
  updating = false;
  afterPaint(() => report("swapped"));
}

const events = new EventSource(DEV_EVENTS_PATH);
events.onmessage = (message) => {
  const event = JSON.parse(message.data as string) as DevEvent;
  latestBuild = event.buildId;
  shownBuild ??= event.buildId;
  // The problem (or its end) is shown at once; the page under it is brought to the last good build.
  if (event.problem) showOverlay(event.problem);
  else document.getElementById(OVERLAY_ID)?.remove();
  if (event.buildId !== shownBuild) void update();
};
