// One shared segmenter: constructing Intl objects is comparatively expensive.
const segmenter =
  typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : null;

/**
 * Length as a person reads it, so the limits in the error messages match what
 * the visitor sees: "ü" typed as u + U+0308 and "👩‍💻" each count as one.
 */
export function visibleLength(s: string): number {
  const normalized = s.normalize("NFC");
  // Browsers without Intl.Segmenter (e.g. Firefox < 125) fall back to code
  // points, which is still right for every precomposed character.
  if (segmenter === null) return [...normalized].length;
  let count = 0;
  for (const _ of segmenter.segment(normalized)) count++;
  return count;
}
