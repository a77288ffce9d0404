/** Fills {name} placeholders in one line of copy; an unknown name is a content error, reported by the caller. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** Names of {placeholders} left in a string after filling, i.e. ones nobody provides. */
export function unfilled(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
}

/** Looks up "legal.city" style keys for the {{…}} placeholders in Markdown. */
export function lookup(source: unknown, dotted: string): string | undefined {
  const value = dotted
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}
