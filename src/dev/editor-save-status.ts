// npm run dev only, in the web editor: after a save, whether the site built with it. The dev server tells every
// tab about each build and the files it took in (protocol.ts); the first build that took in a saved file decides
// the message: built, or the build's own message (file, line, key), as the dev overlay shows it on the pages.
import { interfaceLanguage, readEditorData } from "../pipeline/editor/browser/ui-locale.ts";
import { fill, showStatus } from "../pipeline/editor/browser/status.ts";
import { DEV_EVENTS_PATH, type DevEvent } from "./protocol.ts";

/** Starts listening to the dev server's builds; the function it returns is told of each file a save wrote. */
export function watchSaves(): (path: string) => void {
  const { texts } = interfaceLanguage(readEditorData());
  const { close } = texts;
  /** Each saved file, with the number of the last build before its save: a later build that took it in is its result. */
  const waiting = new Map<string, number>();
  let last = 0;
  const events = new EventSource(DEV_EVENTS_PATH);
  events.onmessage = (message) => {
    const { build, problem } = JSON.parse(message.data as string) as DevEvent;
    if (!build) return;
    last = Math.max(last, build.number);
    const covered = [...waiting].filter(
      ([path, before]) => build.number > before && (build.files === "all" || build.files.includes(path)),
    );
    if (covered.length === 0) return;
    for (const [path] of covered) waiting.delete(path);
    const file = covered.map(([path]) => path).join(", ");
    if (problem)
      showStatus({
        kind: "problem",
        title: fill(texts.failed, { file }),
        detail: problem.message,
        hint: texts.failedHint,
        close,
      });
    else if (waiting.size === 0) showStatus({ kind: "done", title: fill(texts.built, { file }), close });
  };
  return (path) => {
    waiting.set(path, last);
    showStatus({ kind: "busy", title: fill(texts.building, { file: path }), close });
  };
}
