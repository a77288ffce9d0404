import { type MessageLanguage, say } from "../../shared/messages/catalogue.ts";
import type { Finding, VerdictFacts } from "../../shared/verdict/entry.ts";
import { type EditorEntry, verdictOf } from "./verdict.ts";
import { showFindings } from "./verdict-view.ts";

/** What Sveltia hands a control and preSave: its entry as an Immutable.js map. */
export interface ImmutableEntry {
  toJS(): unknown;
}

/** How long after the last change the verdict is judged again: a pause in typing, not every keystroke. */
const PAUSE_MS = 250;

export interface LiveVerdict {
  /** A field's control saw the entry (Sveltia hands every control the whole entry on every change). */
  seen(entry: ImmutableEntry | undefined): void;
  /** Judges the entry now and shows what it finds (Save was pressed): the problems every build refuses. */
  check(entry: ImmutableEntry): Finding[];
}

/**
 * The verdict as the author types: each change to the entry (seen by a control of the site's own, which Sveltia
 * hands the entry whenever any field changes) is judged after a pause by the shared rules, and the findings are
 * shown at their fields and in the list at the top of the form. The form's fields are drawn as they scroll into
 * view and again on a tab switch, so what is found is put back where the form changed. Opening another entry
 * starts afresh.
 */
export function liveVerdict(facts: VerdictFacts, ui: MessageLanguage): LiveVerdict {
  let findings: Finding[] = [];
  let pending: EditorEntry | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  const show = () => {
    frame = 0;
    showFindings(findings, ui);
  };
  const judge = (entry: EditorEntry) => {
    findings = verdictOf(entry, facts);
    show();
  };
  new MutationObserver(() => {
    if (findings.length > 0 && frame === 0) frame = requestAnimationFrame(show);
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("hashchange", () => {
    findings = [];
    pending = undefined;
    show();
  });
  return {
    seen(entry) {
      if (!entry) return;
      pending = entry.toJS() as EditorEntry;
      clearTimeout(timer);
      timer = setTimeout(() => pending && judge(pending), PAUSE_MS);
    },
    check(entry) {
      clearTimeout(timer);
      judge(entry.toJS() as EditorEntry);
      return findings.filter((finding) => finding.fatal);
    },
  };
}

/**
 * Sveltia's preSave event: a save that every build refuses is not made (a problem only the strict build refuses
 * is shown at its field, and the save made: it may be one the page had before this edit). The handler throws the error
 * Sveltia reports a failed save with ("saving_failed"), and its message, shown in Sveltia's own dialog, says how
 * many problems there are and that each is shown at its field.
 */
export function refuseSave(verdict: LiveVerdict, ui: MessageLanguage) {
  return ({ entry }: { entry: ImmutableEntry }) => {
    const refused = verdict.check(entry);
    if (refused.length > 0)
      throw new Error("saving_failed", { cause: new Error(say("notSaved", { count: refused.length })[ui]) });
  };
}
