import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The operators' commands, run as the manuals write them: every option a manual gives one of them is in its
// --help, and a mistyped option gets one line and exit code 2, never a stack trace (src/cli/cli-options.ts).
const COMMANDS = ["build", "serve", "receiver", "dev", "publish"];
const manuals = ["README.md", ...readdirSync("docs").map((name) => join("docs", name))].filter((file) =>
  file.endsWith(".md"),
);

/** The options each command is given in the manuals: `npm run NAME -- --a x --b`, up to the end of the code. */
function optionsInManuals(): Map<string, Set<string>> {
  const found = new Map(COMMANDS.map((command) => [command, new Set<string>()]));
  for (const file of manuals) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/npm run(?: -s)? ([a-z]+) -- ([^`\n;&|]*)/g)) {
      const options = found.get(match[1] ?? "");
      for (const option of (match[2] ?? "").matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)) options?.add(option[1] ?? "");
    }
  }
  return found;
}

const npm = (command: string, args: string[]) =>
  spawnSync("npm", ["run", "-s", command, "--", ...args], { encoding: "utf8" });

describe("the operators' commands", () => {
  const given = optionsInManuals();

  it("the manuals give the commands options (the reading below found some)", () => {
    expect(given.get("build")).toContain("strict");
    expect(given.get("publish")).toContain("root");
  });

  for (const command of COMMANDS) {
    it(`npm run ${command} -- --help lists every option the manuals give it, and a wrong option is one line`, () => {
      const help = npm(command, ["--help"]);
      expect(help.status, help.stderr).toBe(0);
      for (const option of given.get(command) ?? []) expect(help.stdout, `--${option}`).toContain(`--${option}`);

      const wrong = npm(command, ["--no-such-option"]);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr.trim().split("\n")).toEqual([
        `npm run ${command}: Unknown option '--no-such-option'. \`npm run ${command} -- --help\` lists the options.`,
      ]);
    });
  }
});
