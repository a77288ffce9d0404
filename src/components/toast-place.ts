/** A stretch of the screen, top to bottom, in CSS pixels from the top of the viewport. */
export interface Span {
  top: number;
  bottom: number;
}

export type ToastEnd = "top-center" | "bottom-center";

/** Where toasts start below the top of the screen (clear of the sticky header). */
export const TOAST_TOP_PX = 80;
/** Sonner's offset from the bottom, and how tall the toasts get on a phone. */
const TOAST_BOTTOM_PX = 16;
const TOAST_ZONE_PX = 180;

/** How much of the spans a toast zone starting `top` px down the screen covers. */
const covered = (spans: readonly Span[], top: number) =>
  spans.reduce(
    (sum, span) => sum + Math.max(0, Math.min(span.bottom, top + TOAST_ZONE_PX) - Math.max(span.top, top)),
    0,
  );

/**
 * Which end of a screen `height` px tall the toasts go to: the one whose toast zone covers least of what must stay in
 * sight, by importance. First the fields the visitor is filling in or was told to correct, then the send button (so
 * a toast already shown moves out of its way). The top wins a tie: it is where a toast is looked for. (Written small:
 * it ships in the form island, whose budget is 60 KB.)
 */
export function toastEnd(keep: readonly (readonly Span[])[], height: number): ToastEnd {
  for (const spans of keep) {
    const lessAtTop = covered(spans, TOAST_TOP_PX) - covered(spans, height - TOAST_BOTTOM_PX - TOAST_ZONE_PX);
    if (lessAtTop) return lessAtTop < 0 ? "top-center" : "bottom-center";
  }
  return "top-center";
}
