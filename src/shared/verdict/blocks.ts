// A campaign page's blocks (issue 59) as the verdict reads them from the entry alone: the parts that structure parity
// pairs across languages, and the rules of a block that need no file of the site (a figure's evidence, a named
// person's consent, the call to action's campaign code). The build's schema and loader (content/schemas/blocks.ts,
// content/blocks.ts) say the same from here, so the editor says before a save what the build says after it.
import { type Said, say } from "../messages/catalogue.ts";
import type { Part } from "./structure.ts";
import { didYouMean } from "./suggest.ts";

/** A block as the form or the front matter holds it: only what these rules read. */
export interface BlockFields {
  type?: string;
  figures?: { source?: string; footnote?: string }[];
  person?: string;
  consent?: boolean;
  campaign?: string;
}

/** The blocks as parts of a page's structure, named by their place from 1 ("block:hero", "1"). */
export function blockParts(blocks: readonly BlockFields[], lineOf: (index: number) => number = () => 1): Part[] {
  return blocks.map((block, index) => ({
    kind: `block:${block.type ?? ""}`,
    shape: "",
    text: String(index + 1),
    line: lineOf(index),
  }));
}

/** A figure with neither source nor footnote: a claim about results needs its evidence. */
export const lacksEvidence = (figure: { source?: unknown; footnote?: unknown }) =>
  (figure.source ?? "") === "" && (figure.footnote ?? "") === "";

/** A named person's quote without consent: true. */
export const lacksConsent = (quote: { person?: unknown; consent?: unknown }) =>
  (quote.person ?? "") !== "" && quote.consent !== true;

/** The call to action's campaign code, where site.yaml's campaigns do not list it. */
export function campaignSaid(code: string, codes: readonly string[]): Said | undefined {
  if (codes.includes(code)) return undefined;
  return say("unknownCampaign", { code, codes: codes.join(", "), meant: didYouMean(code, codes) });
}

/** One block's problem, with its key path below blocks: ("blocks.2.figures.0.value", counted from 0). */
export interface BlockProblem {
  field: string;
  said: Said;
}

/** Each problem of the blocks that the entry alone shows; the build refuses every one of them. */
export function blockProblems(blocks: readonly BlockFields[], campaigns: readonly string[]): BlockProblem[] {
  return blocks.flatMap((block, index): BlockProblem[] => {
    const at = `blocks.${index}`;
    if (block.type === "figures")
      return (block.figures ?? []).flatMap((figure, n) =>
        lacksEvidence(figure) ? [{ field: `${at}.figures.${n}.value`, said: say("figureEvidence", {}) }] : [],
      );
    if (block.type === "quote")
      return lacksConsent(block) ? [{ field: `${at}.person`, said: say("quoteConsent", {}) }] : [];
    if (block.type === "cta" && block.campaign) {
      const said = campaignSaid(block.campaign, campaigns);
      return said ? [{ field: `${at}.campaign`, said }] : [];
    }
    return [];
  });
}
