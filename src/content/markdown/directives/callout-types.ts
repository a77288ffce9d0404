/** The kinds of callout; each has its word in common.yaml (components.callout) and its colour in site.css. */
export const CALLOUT_TYPES = ["note", "tip", "warning"] as const;
