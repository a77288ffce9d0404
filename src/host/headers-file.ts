/** One block of a _headers file (Netlify / Cloudflare Pages format): a path pattern and its headers. */
export interface HeaderRule {
  pattern: RegExp;
  /** A null value detaches the header set by an earlier matching rule ("! Name", as Cloudflare Pages does). */
  headers: [string, string | null][];
}

/** Reads the _headers format the build writes, so the local server sends exactly what a CDN would. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*");
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const detach = /^\s*!\s*([\w-]+)\s*$/.exec(line);
    if (detach?.[1]) {
      rules.at(-1)?.headers.push([detach[1], null]);
      continue;
    }
    const separator = line.indexOf(":");
    rules.at(-1)?.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** The headers for a path: every matching rule in order, a later value of a name replacing an earlier one. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  const headers = new Map<string, [string, string]>();
  for (const rule of rules.filter((candidate) => candidate.pattern.test(pathname))) {
    for (const [name, value] of rule.headers) {
      if (value === null) headers.delete(name.toLowerCase());
      else headers.set(name.toLowerCase(), [name, value]);
    }
  }
  return [...headers.values()];
}
