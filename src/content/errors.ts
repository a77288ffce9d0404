/** A problem an author can fix: it always names the file, and where known the line, column and key path. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
    readonly position: { line?: number; column?: number; keyPath?: string } = {},
  ) {
    super(formatContentError(file, detail, position));
    this.name = "ContentError";
  }
}

function formatContentError(
  file: string,
  detail: string,
  { line, column, keyPath }: { line?: number; column?: number; keyPath?: string },
): string {
  const where = [file, line, line !== undefined ? column : undefined].filter((part) => part !== undefined).join(":");
  return keyPath ? `${where}: ${keyPath}: ${detail}` : `${where}: ${detail}`;
}

/** Several content problems reported at once, so an author can fix them in one pass. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(errors.map((error) => error.message).join("\n"));
    this.name = "ContentErrors";
  }
}

/** Renders a key path the way an author reads YAML: hero.badges[2].title */
export function keyPathToString(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}
