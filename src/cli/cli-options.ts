/**
 * The commands' options, each with the line `--help` prints: a mistyped option gets one line naming it and the
 * list, never Node's stack trace (an operator reads these at a server's prompt).
 */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

export interface CliOption {
  type: "string" | "boolean";
  default?: string | boolean;
  /** What it does, for `--help`: one line. */
  about: string;
}

type Values<T extends Record<string, CliOption>> = {
  [K in keyof T]: T[K]["type"] extends "boolean"
    ? boolean
    : T[K] extends { default: string }
      ? string
      : string | undefined;
};

function usage(command: string, summary: string, options: Record<string, CliOption>): string {
  const rows = Object.entries(options).map(([name, option]) => {
    const left = option.type === "string" ? `--${name} <value>` : `--${name}`;
    const fallback = typeof option.default === "string" && option.default !== "" ? ` (default: ${option.default})` : "";
    return `  ${left.padEnd(24)} ${option.about}${fallback}`;
  });
  return [`${command}: ${summary}`, "", "Options:", ...rows, `  ${"--help".padEnd(24)} this list`].join("\n");
}

/** Reads `args` by `options`; prints the list and exits on `--help`, and exits 2 with one line on a wrong option. */
export function readOptions<T extends Record<string, CliOption>>(
  command: string,
  summary: string,
  options: T,
  args: string[] = process.argv.slice(2),
): Values<T> {
  try {
    // parseArgs reads an option's type and default and passes over its `about`.
    const config: ParseArgsOptionsConfig = { ...options, help: { type: "boolean", short: "h" } };
    const { values } = parseArgs({ args, options: config });
    if (values.help) {
      console.log(usage(command, summary, options));
      process.exit(0);
    }
    return values as Values<T>;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (!code.startsWith("ERR_PARSE_ARGS_")) throw error;
    // Node's own sentence, up to its advice about "--", which is not how these commands take values.
    const reason = (error as Error).message.split(". ")[0];
    console.error(`${command}: ${reason}. \`${command} -- --help\` lists the options.`);
    process.exit(2);
  }
}
