/** A stretch of the screen, top to bottom, in CSS pixels from the top of the viewport. */
export interface Span {
  top: number;
  bottom: number;
}

export type ToastEnd = "top-center" | "bottom-center";

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Which end of the screen the toasts go to: the one whose toast zone covers least of what must stay in sight, by
 * importance. First the fields the visitor is filling in or was told to correct, then the send button (so a toast
 * already shown moves out of its way). The top wins a tie: it is where a toast is looked for.
 */
export function toastEnd(keep: readonly (readonly Span[])[], zones: Record<ToastEnd, Span>): ToastEnd {
  for (const spans of keep) {
    const covered = (end: ToastEnd) => spans.reduce((sum, span) => sum + overlap(span, zones[end]), 0);
    const top = covered("top-center");
    const bottom = covered("bottom-center");
    if (top !== bottom) return top < bottom ? "top-center" : "bottom-center";
  }
  return "top-center";
}
