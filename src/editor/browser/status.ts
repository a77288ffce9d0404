/** What a message says: work under way, done, done with something to look at, or a problem (read out at once). */
export type StatusKind = "busy" | "done" | "warning" | "problem";

const PANEL_ID = "site-editor-status";

const COLOURS: Record<StatusKind, { border: string; background: string }> = {
  busy: { border: "#4f46e5", background: "#eef2ff" },
  done: { border: "#15803d", background: "#ecfdf3" },
  warning: { border: "#b45309", background: "#fffbeb" },
  problem: { border: "#b91c1c", background: "#fef2f2" },
};

export interface StatusMessage {
  kind: StatusKind;
  title: string;
  /** Preformatted text: the build's message, as the dev overlay shows it. */
  detail?: string;
  /** Further lists under their own headings (the build's warnings, what other files hold). */
  sections?: { title: string; lines: string[] }[];
  hint?: string;
  link?: { href: string; label: string };
  close: string;
  /**
   * The editor's address (its hash) of the entry the message is about, where it was saved: the message closes when
   * the author opens another entry, whose form it would otherwise stand over (issue 54).
   */
  entry?: string;
}

/** The entry an editor address opens (`#/collections/pages/entries/insights/x`, `…/new`), or none (a list). */
const entryOf = (hash: string) => {
  const path = hash.split("?")[0] ?? "";
  return /\/(?:entries\/.+|new)$/.test(path) ? path : undefined;
};

/**
 * A message of the site's own about a save. It never covers a field (issue 54: it covered the phone field of the
 * next form): while a form is open it stands at the top of the form, in its flow, above the fields, which move
 * down for it; without a form (the collection's list, where the editor returns after a save) it floats over the
 * editor's bottom left corner, a manual popover in the top layer (with a z-index alone, what the editor shows in
 * the top layer washed out all of the message but the part over the sidebar). It stays until the next message or
 * until closed; a problem is announced at once (role alert).
 */
export function showStatus({
  kind,
  title,
  detail,
  sections = [],
  hint,
  link,
  close,
  entry,
}: StatusMessage): HTMLElement {
  const earlier = document.getElementById(PANEL_ID);
  if (earlier) earlier.dataset.closed = "true";
  earlier?.remove();
  const panel = document.createElement("section");
  panel.id = PANEL_ID;
  panel.setAttribute("role", kind === "problem" ? "alert" : "status");
  panel.setAttribute("aria-label", title);
  panel.popover = "manual";
  Object.assign(panel.style, {
    // A popover is centred by default (inset 0, margin auto) and framed: placed and drawn here instead.
    inset: "auto",
    margin: "0",
    border: "0",
    position: "fixed",
    insetInlineStart: "16px",
    insetBlockEnd: "16px",
    zIndex: "2147483000",
    maxWidth: "min(44rem, calc(100vw - 32px))",
    maxHeight: "50vh",
    overflow: "auto",
    padding: "12px 16px",
    borderInlineStart: `4px solid ${COLOURS[kind].border}`,
    borderRadius: "6px",
    background: COLOURS[kind].background,
    color: "#111827",
    boxShadow: "0 4px 16px rgba(0, 0, 0, 0.2)",
    font: "14px/1.5 system-ui, sans-serif",
  });
  const heading = document.createElement("p");
  heading.textContent = title;
  Object.assign(heading.style, { margin: "0", fontWeight: "600", paddingInlineEnd: "32px" });
  panel.append(heading);
  if (detail) {
    const pre = document.createElement("pre");
    pre.textContent = detail;
    Object.assign(pre.style, {
      margin: "8px 0 0",
      whiteSpace: "pre-wrap",
      font: "13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace",
    });
    panel.append(pre);
  }
  for (const section of sections) {
    const heading = document.createElement("p");
    heading.textContent = section.title;
    Object.assign(heading.style, { margin: "12px 0 0", fontWeight: "600" });
    const pre = document.createElement("pre");
    pre.textContent = section.lines.join("\n");
    Object.assign(pre.style, {
      margin: "4px 0 0",
      whiteSpace: "pre-wrap",
      font: "13px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace",
    });
    panel.append(heading, pre);
  }
  if (hint) {
    const p = document.createElement("p");
    p.textContent = hint;
    Object.assign(p.style, { margin: "8px 0 0" });
    panel.append(p);
  }
  if (link) {
    const a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.label;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    Object.assign(a.style, { display: "inline-block", marginTop: "8px", color: "#3730a3" });
    panel.append(a);
  }
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "×";
  button.setAttribute("aria-label", close);
  Object.assign(button.style, {
    position: "absolute",
    insetBlockStart: "6px",
    insetInlineEnd: "8px",
    border: "0",
    background: "transparent",
    font: "20px/1 system-ui, sans-serif",
    cursor: "pointer",
  });
  button.addEventListener("click", () => {
    panel.dataset.closed = "true";
    panel.remove();
  });
  panel.append(button);
  button.addEventListener("click", () => watcher.disconnect());
  const floating = panel.style.cssText;
  const place = () => {
    frame = 0;
    if (panel.dataset.closed) return;
    // The first edit pane's fields, in the order the form draws them: the message goes before them.
    const fields = document.querySelector('.pane[data-mode="edit"] .field')?.parentElement;
    if (fields) {
      if (panel.parentElement === fields && fields.firstElementChild === panel) return;
      if (panel.matches(":popover-open")) panel.hidePopover();
      panel.popover = null;
      Object.assign(panel.style, { position: "relative", inset: "auto", maxWidth: "none", maxHeight: "none" });
      panel.style.margin = "0 0 16px";
      panel.style.zIndex = "auto";
      fields.prepend(panel);
    } else if (panel.parentElement !== document.body) {
      panel.style.cssText = floating;
      panel.popover = "manual";
      document.body.append(panel);
      panel.showPopover();
    }
  };
  let frame = 0;
  const watcher = new MutationObserver(() => {
    if (!panel.isConnected && panel.dataset.closed) watcher.disconnect();
    else if (frame === 0) frame = requestAnimationFrame(place);
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  place();
  // The editor opens dialogs and popovers (its toasts among them) in the top layer too, each over everything shown
  // before it: a floating message goes back on top whenever one opens, for as long as it is shown.
  const raise = (event: Event) => {
    if (!panel.isConnected) document.removeEventListener("toggle", raise, true);
    else if (panel.matches(":popover-open") && event.target !== panel && (event as ToggleEvent).newState === "open") {
      panel.hidePopover();
      panel.showPopover();
    }
  };
  document.addEventListener("toggle", raise, true);
  const about = entry === undefined ? undefined : entryOf(entry);
  const leave = () => {
    const opened = entryOf(window.location.hash);
    if (!panel.isConnected) window.removeEventListener("hashchange", leave);
    else if (about && opened && opened !== about) {
      panel.dataset.closed = "true";
      panel.remove();
      watcher.disconnect();
      window.removeEventListener("hashchange", leave);
    }
  };
  window.addEventListener("hashchange", leave);
  return panel;
}

/** "{file}" and the like in a text, filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
