import { LANG_SWITCH_SELECTOR } from "../components/islands.ts";

/**
 * The speculation rules the Speculation-Rules header points to (served as application/speculationrules+json):
 * prefetch a same-origin page when the visitor shows intent ("moderate": the pointer rests on a link, or it
 * is pressed), never on a plain load. The language button is left out: its script fetches the other language
 * on intent itself, and swaps it in from that response.
 */
export function speculationRules(): string {
  return `${JSON.stringify(
    {
      prefetch: [
        {
          source: "document",
          where: {
            and: [{ href_matches: "/*" }, { not: { href_matches: "/assets/*" } }, { not: { selector_matches: LANG_SWITCH_SELECTOR } }],
          },
          eagerness: "moderate",
        },
      ],
    },
    null,
    2,
  )}\n`;
}
