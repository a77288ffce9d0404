import { ContentError } from "../read/errors.ts";
import type { Site } from "../schemas/index.ts";

/**
 * Text that depends on a setting, written once per case between HTML comments (content/README.md, "Text that
 * follows a setting"):
 *
 *   <!-- contact form: simulated -->
 *   …what the page says while the form only simulates sending…
 *   <!-- contact form: delivery -->
 *   …what it says once form.delivery sends messages…
 *   <!-- contact form: end -->
 *
 * The build keeps the case the setting picks and blanks the others (their lines stay, so every message still
 * names the right line). One entry per setting; its cases are all that may follow the name.
 */
const SWITCHES: Record<string, { cases: readonly string[]; pick: (site: Site) => string }> = {
  "contact form": {
    cases: ["simulated", "delivery"],
    pick: (site) => (site.form.delivery === "simulated" ? "simulated" : "delivery"),
  },
};

const MARKER = /^<!--\s*([a-z][a-z ]*?)\s*:\s*(\S+)\s*-->$/;

/** The Markdown with only the picked case of every block left; a block missing a case, or left open, fails. */
export function chooseVariants(markdown: string, site: Site, file: string, firstLine: number): string {
  const lines = markdown.split("\n");
  let open: { name: string; line: number; current: string; seen: Set<string> } | undefined;
  const fail = (index: number, detail: string) => new ContentError(file, detail, { line: firstLine + index });
  lines.forEach((text, index) => {
    const marker = MARKER.exec(text.trim());
    const name = marker?.[1] ?? "";
    const setting = SWITCHES[name];
    if (!marker || !setting) {
      if (open && open.current !== SWITCHES[open.name]?.pick(site)) lines[index] = "";
      return;
    }
    const value = marker[2] ?? "";
    lines[index] = "";
    if (value === "end") {
      if (open?.name !== name) throw fail(index, `<!-- ${name}: end --> closes nothing: no "${name}" block is open`);
      const missing = setting.cases.filter((each) => !open?.seen.has(each));
      if (missing.length > 0)
        throw fail(
          open.line,
          `the "${name}" block has no "${missing.join('", "')}" case: write what the page says then, after <!-- ${name}: ${missing[0]} -->`,
        );
      open = undefined;
      return;
    }
    if (!setting.cases.includes(value))
      throw fail(index, `"${value}" is not a case of "${name}": write ${[...setting.cases, "end"].join(", ")}`);
    if (open && open.name !== name)
      throw fail(index, `a "${name}" block inside the "${open.name}" block: close that one first`);
    if (open?.seen.has(value)) throw fail(index, `the "${name}" block has its "${value}" case twice`);
    open ??= { name, line: index, current: value, seen: new Set() };
    open.current = value;
    open.seen.add(value);
  });
  if (open) throw fail(open.line, `the "${open.name}" block is never closed: end it with <!-- ${open.name}: end -->`);
  return lines.join("\n");
}
