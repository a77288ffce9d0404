// npm run dev only, in the web editor: after a save, whether the site built with it. The dev server tells every
// tab about each build and the files it took in (protocol.ts); the first build that took in a saved file decides
// the message: built, or the build's own message (file, line, key), as the dev overlay shows it on the pages.
import { placesAt } from "../../editor/browser/field-labels.ts";
import { fill, showStatus } from "../../editor/browser/status.ts";
import { interfaceLanguage, readEditorData } from "../../editor/browser/ui-locale.ts";
import { DEV_EVENTS_PATH, type DevEvent, type DevProblem, type Sample } from "./protocol.ts";

interface Saving {
  /** The number of the last build before the write: a later build that took the file in is its result. */
  after: number;
  /** Whether the write changed the file (the dev server skips identical bytes); unknown until it answers. */
  written?: boolean;
  /** The editor's address when the save began: the entry saved, which the message is about. */
  entry: string;
  /** The build's result, when it came before the write's answer (a quick build can). */
  result?: Outcome;
}

/** What a build said: its problem, or its warnings and what the live site's strict build would refuse. */
interface Outcome {
  problem?: DevProblem;
  warnings?: string[];
  strict?: string[];
  samples?: Sample[];
}

/** Lines about the saved file first (messages start with the file they are about), the rest after them. */
const mineFirst = (file: string, lines: string[]) => {
  const mine = (line: string) => line.startsWith(`${file}:`);
  return [...lines.filter(mine), ...lines.filter((line) => !mine(line))];
};

export interface SaveWatcher {
  /** Before a file is written. */
  writing(path: string): void;
  /** Once the dev server has answered the write. */
  written(path: string, changed: boolean): void;
}

/** Listens to the dev server's builds and shows, over the editor, what became of each file a save wrote. */
export function watchSaves(): SaveWatcher {
  const language = interfaceLanguage(readEditorData());
  const { texts, code } = language;
  // The build's verdict in the interface's language: German where the build sent it (shared/messages/).
  const german = code === "de";
  const { close } = texts;
  const saving = new Map<string, Saving>();
  let last = 0;
  // The fields the editor shows, by the labels of the interface's language, to name where each sample value is.
  const places = placesAt(language.config);
  // What other entries hold is said once a session, and again only what is new: the author cannot act on it from
  // this entry, and the same list after each save buried what the save itself said (issue 54).
  const said = new Set<string>();
  const once = (lines: string[]) => {
    const fresh = lines.filter((line) => !said.has(line));
    for (const line of fresh) said.add(line);
    return fresh;
  };
  const report = async (
    file: string,
    savedAt: string,
    { problem, warnings: all = [], strict = [], samples = [] }: Outcome,
  ) => {
    // A warning the live build refuses (a translation's missing heading) is said once, as the refusal below.
    const warnings = all.filter((warning) => !strict.includes(warning));
    const warned = warnings.length
      ? [{ title: fill(texts.warnings, { count: String(warnings.length) }), lines: mineFirst(file, warnings) }]
      : [];
    if (problem) {
      showStatus({
        kind: "problem",
        title: fill(texts.failed, { file }),
        detail: problem.message,
        hint: texts.failedHint,
        close,
        entry: savedAt,
      });
      return;
    }
    if ([...saving.values()].some((other) => other.written)) return;
    // The live site's verdict: what npm run build -- --strict would refuse today in the saved file, then the build's
    // warnings (the saved file's first), then what other files hold that the live build refuses.
    const refusedHere = strict.filter((line) => line.startsWith(`${file}:`));
    const refusedElsewhere = once(strict.filter((line) => !refusedHere.includes(line)));
    const placeOf = await places;
    const sampleLine = ({ file: where, key, text: value }: Sample) => {
      const { entry, field } = placeOf(where, key);
      return field ? fill(texts.sample, { entry, field, value }) : fill(texts.sampleNoField, { entry, value });
    };
    // The saved entry's own sample values are named with every save of it; other entries' once.
    const sampleLines = [
      ...samples.filter((sample) => sample.file === file).map(sampleLine),
      ...once(samples.filter((sample) => sample.file !== file).map(sampleLine)),
    ];
    const elsewhere = [
      ...(refusedElsewhere.length
        ? [{ title: fill(texts.refusedElsewhere, { count: String(refusedElsewhere.length) }), lines: refusedElsewhere }]
        : []),
      ...(sampleLines.length
        ? [{ title: fill(texts.samples, { count: String(sampleLines.length) }), lines: sampleLines }]
        : []),
    ];
    if (refusedHere.length > 0)
      showStatus({
        kind: "problem",
        title: fill(texts.refused, { file }),
        detail: refusedHere.join("\n"),
        sections: [...warned, ...elsewhere],
        hint: texts.refusedHint,
        close,
        entry: savedAt,
      });
    else
      showStatus({
        kind: elsewhere.length + warned.length > 0 ? "warning" : "done",
        title: fill(texts.built, { file }),
        sections: [...warned, ...elsewhere],
        hint: elsewhere.length > 0 ? texts.refusedHint : undefined,
        close,
        entry: savedAt,
      });
  };
  const events = new EventSource(DEV_EVENTS_PATH);
  events.onmessage = (message) => {
    const { build, problem } = JSON.parse(message.data as string) as DevEvent;
    const spoken = german && build?.german ? build.german : build;
    const outcome: Outcome = {
      problem: problem && { ...problem, message: (german && problem.german) || problem.message },
      warnings: spoken?.warnings,
      strict: spoken?.strict,
      samples: build?.samples,
    };
    if (!build) return;
    last = Math.max(last, build.number);
    for (const [path, entry] of saving) {
      if (build.number <= entry.after || (build.files !== "all" && !build.files.includes(path))) continue;
      if (entry.written === undefined) entry.result = outcome;
      else {
        saving.delete(path);
        void report(path, entry.entry, outcome);
      }
    }
  };
  return {
    writing: (path) => saving.set(path, { after: last, entry: window.location.hash }),
    written(path, changed) {
      const entry = saving.get(path);
      if (!entry || !changed) {
        saving.delete(path);
        return;
      }
      if (entry.result) {
        saving.delete(path);
        void report(path, entry.entry, entry.result);
        return;
      }
      entry.written = true;
      showStatus({ kind: "busy", title: fill(texts.building, { file: path }), close, entry: entry.entry });
    },
  };
}
