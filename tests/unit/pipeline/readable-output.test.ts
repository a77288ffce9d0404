import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyOfContent } from "../../support/content.ts";
import { startNginx, withoutNginx } from "../publishing/nginx.ts";

// The output is read by a web server whose workers are another user (nginx's www-data), so dist/ and everything
// in it must be readable by anyone, whatever umask the build ran under: a cron job's or a service's may be 077,
// and the swap's mkdtempSync makes its folder 0700 whatever the umask.
const work = mkdtempSync(join(tmpdir(), "readable-"));
// The folder above dist/ is the operator's (/var/www/leap-ai): open to the workers, as there.
chmodSync(work, 0o755);
const dist = join(work, "dist");
const broken = copyOfContent("readable-content-");
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  broken.cleanup();
});

/** npm run build under umask 077, as a cron job with a strict umask runs it. */
const buildUnderStrictUmask = (...args: string[]) =>
  spawnSync("sh", ["-c", 'umask 077 && exec npm run -s build -- "$@"', "sh", "--out-dir", dist, ...args], {
    encoding: "utf8",
    timeout: 300_000,
  });

/** Every folder and file of `dir` with its permission bits, and each file's bytes. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = { ".": (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = (statSync(path).mode & 0o777).toString(8);
    entries[relative(dir, path)] = entry.isFile() ? `${mode} ${readFileSync(path, "base64")}` : mode;
  }
  return entries;
}

describe("the output of a build under umask 077", () => {
  it("is folders 0755 and files 0644, dist/ itself included", () => {
    const result = buildUnderStrictUmask();
    expect(result.status, result.stderr).toBe(0);
    const modes = Object.entries(snapshot(dist)).map(([path, entry]) => [path, entry.split(" ")[0]]);
    expect(modes.length).toBeGreaterThan(20);
    const wrong = modes.filter(([path, mode]) =>
      statSync(join(dist, path ?? "")).isDirectory() ? mode !== "755" : mode !== "644",
    );
    expect(wrong).toEqual([]);
    // Nothing of the swap is left beside it.
    expect(readdirSync(work)).toEqual(["dist"]);
  }, 300_000);

  it("is left byte for byte and mode for mode as it was by a build that fails", () => {
    const before = snapshot(dist);
    broken.edit("en/home.yaml", (text) => `${text}\nnot yaml: [\n`);
    const result = buildUnderStrictUmask("--content", broken.dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("was left as it was");
    expect(snapshot(dist)).toEqual(before);
    expect(readdirSync(work)).toEqual(["dist"]);
  }, 300_000);

  it.skipIf(withoutNginx("serving the output with nginx's workers as nobody"))(
    "is served by nginx whose workers run as nobody: 200 on /, and a refusal where a folder is 0700",
    async () => {
      const nginx = await startNginx(
        (port) => `server {
  listen 127.0.0.1:${port};
  root ${dist};
  location / { try_files $uri $uri.html $uri/index.html =404; }
}`,
      );
      try {
        const home = await fetch(`${nginx.url}/`);
        expect(home.status, nginx.errors()).toBe(200);
        expect(await home.text()).toContain("<html");
        expect((await fetch(`${nginx.url}/insights`)).status, nginx.errors()).toBe(200);
        // The check can fail: the folder as mkdtempSync made it before the fix.
        chmodSync(dist, 0o700);
        expect((await fetch(`${nginx.url}/`)).status).not.toBe(200);
        expect(nginx.errors()).toContain("Permission denied");
      } finally {
        chmodSync(dist, 0o755);
        await nginx.stop();
      }
    },
    120_000,
  );
});
