// The hosts' own local runtimes, which the host tests (tests/unit/hosts/) serve the build with: Cloudflare's
// `wrangler pages dev` (workerd, shipped inside its npm package) and Netlify's `netlify dev --offline` (with the
// `deno` binary it asks for, from npm too). They are hundreds of MB that a visitor of the quick start never
// needs, so they are not dependencies: `.ci/run` and the tests install them on demand, pinned, into a cache
// folder of their own, with npm's ordinary client. Run as a script (`tsx tests/support/host-emulators.ts`), it installs
// every one and prints one line each.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { takeLock } from "../../src/publish/lock.ts";

export interface Emulator {
  /** How the tests and their one skip line name it. */
  name: string;
  /** Exact versions: an emulator that changed under the tests would make their findings meaningless. */
  packages: readonly string[];
  /** The command in its node_modules/.bin that serves the build. */
  bin: string;
}

export const EMULATORS = {
  cloudflare: { name: "wrangler (Cloudflare Pages)", packages: ["wrangler@4.86.0"], bin: "wrangler" },
  // netlify dev runs functions on Node (the project's 24) and asks for deno for edge functions: the npm package's.
  netlify: { name: "netlify-cli (Netlify)", packages: ["netlify-cli@27.10.2", "deno@2.9.6"], bin: "netlify" },
} as const satisfies Record<string, Emulator>;

/** Where each emulator lives: inside node_modules, so a fresh clone starts without it and `git clean` keeps it. */
export const EMULATOR_CACHE = resolve("node_modules/.cache/leap-ai-hosts");

const folderOf = (emulator: Emulator) => join(EMULATOR_CACHE, emulator.bin);
/** The folder of its node_modules/.bin, for a PATH that finds the command and its helpers (deno). */
export const binFolderOf = (emulator: Emulator) => join(folderOf(emulator), "node_modules", ".bin");

/** What the folder's marker says was installed there, compared with what is asked now. */
function installed(emulator: Emulator): boolean {
  const marker = join(folderOf(emulator), "installed.json");
  if (!existsSync(marker) || !existsSync(join(binFolderOf(emulator), emulator.bin))) return false;
  return readFileSync(marker, "utf8") === JSON.stringify(emulator.packages);
}

/** Blocks this thread for a moment (a synchronous wait, as the install itself is). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The emulator's bin folder once it is installed (at once when it already is), or the one line saying why it
 * cannot be. One process installs it at a time: `.ci/run` starts the install beside `npm test`, and a host test
 * that arrives meanwhile waits for that install to end, then finds it installed (or tries itself). The install is
 * npm's own, from the registry npm is set up for; nothing is downloaded at run time.
 */
export function ensureEmulator(emulator: Emulator): { bin: string } | { missing: string } {
  mkdirSync(EMULATOR_CACHE, { recursive: true });
  let said = false;
  for (;;) {
    if (installed(emulator)) return { bin: binFolderOf(emulator) };
    const release = takeLock(`${folderOf(emulator)}.lock`);
    if (typeof release === "number") {
      if (!said) console.error(`${emulator.name}: waiting for process ${release}, which is installing it`);
      said = true;
      pause(200);
      continue;
    }
    try {
      return installed(emulator) ? { bin: binFolderOf(emulator) } : install(emulator);
    } finally {
      release();
    }
  }
}

/**
 * npm install of the emulator's pinned packages into its own folder. Install scripts stay off (npm 11's default
 * without an allowScripts entry): wrangler finds workerd's binary and netlify-cli deno's in their platform packages
 * without them.
 */
function install(emulator: Emulator): { bin: string } | { missing: string } {
  const folder = folderOf(emulator);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
  const npm = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", "--save-exact", ...emulator.packages],
    { cwd: folder, encoding: "utf8" },
  );
  if (npm.status !== 0 || !existsSync(join(binFolderOf(emulator), emulator.bin))) {
    // npm's own reason, without the line that points to its log.
    const lines = (npm.error?.message ?? npm.stderr ?? "").trim().split("\n");
    const why = lines.find((line) => line.trim() !== "" && !line.includes("A complete log")) ?? "";
    return { missing: `${emulator.name} could not be installed with npm (${why || `exit ${npm.status}`})` };
  }
  writeFileSync(join(folder, "installed.json"), JSON.stringify(emulator.packages));
  return { bin: binFolderOf(emulator) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = false;
  for (const emulator of Object.values(EMULATORS)) {
    const started = Date.now();
    const result = ensureEmulator(emulator);
    failed ||= "missing" in result;
    console.log(
      "missing" in result
        ? `✗ ${result.missing}`
        : `✓ ${emulator.packages.join(", ")} in ${EMULATOR_CACHE} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}
