import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOutput } from "../../../src/publish/releases.ts";
import { withRealData } from "../../support/content.ts";
import { NGINX, type RunningNginx, documentedServerBlock, startNginx } from "./nginx.ts";
import { cleanup, siteWith, md, tempDir } from "./site.ts";

// npm run publish as a server's nightly timer runs it, three nights and one more that fails, against a bare
// repository standing in for GitHub. The server's builds add to content/published.yaml without committing it
// while the daily workflow commits the same file; a scheduled page goes live on its day; a page is renamed with
// an alias. After each night nginx, configured with docs/deploying.md's own server block, serves that night's
// site, its workers as nobody.
const PROJECT = resolve(".");
const DAY_1 = "2026-12-07";
const DAY_2 = "2026-12-08";
const DAY_3 = "2026-12-09";
const DAY_4 = "2026-12-10";

const work = tempDir("nightly");
// The folders above the web root are open to nginx's workers, as /var/www is.
chmodSync(work, 0o755);
const bare = join(work, "github.git");
const server = join(work, "srv");
const root = join(work, "www");
const builtOn = join(work, "srv-dist");
const reloads = join(work, "reloads.log");
let author = "";
let nginx: RunningNginx | undefined;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();

/** An author's change, pushed to the bare repository as a commit. */
function push(files: Record<string, string>, message: string): void {
  git(author, "pull", "--quiet", "--ff-only");
  for (const [path, text] of Object.entries(files)) writeFileSync(join(author, "content", path), text);
  git(author, "add", "-A");
  git(author, "commit", "--quiet", "-m", message);
  git(author, "push", "--quiet");
}

/** One night: npm run publish with the build's day set, as the timer runs it (with nginx's reload counted). */
function publish(day: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const reload = nginx ? `echo ${day} >> ${reloads} && ${nginx.reloadCommand}` : `echo ${day} >> ${reloads}`;
  const child = spawn(
    "npm",
    [
      ...["run", "-s", "publish", "--", "--root", root, "--content", join(server, "content")],
      ...["--out-dir", builtOn, "--reload", reload],
    ],
    { cwd: PROJECT, env: { ...process.env, BUILD_DATE: day }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((done) => child.once("close", (code) => done({ code, stdout, stderr })));
}

/**
 * One request to nginx on a connection of its own: a reload ends the old workers' idle keep-alive connections,
 * which a browser retries on a new one, and which would otherwise look like a failed answer here.
 */
const status = (path: string) =>
  new Promise<{ status: number; location: string }>((resolve, reject) => {
    if (!nginx) throw new Error("nginx is not running");
    const request = get(`${nginx.url}${path}`, { agent: false, timeout: 30_000 }, (response) => {
      response.resume();
      response.once("end", () =>
        resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? "") }),
      );
    });
    request.once("timeout", () => request.destroy(new Error(`no answer for ${path} within 30 s`)));
    request.once("error", reject);
  });

/** Waits, with a generous ceiling, until `path` answers as expected: nginx's new workers start after a reload. */
async function answers(path: string, expected: number, location = ""): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = await status(path);
  while ((last.status !== expected || !last.location.endsWith(location)) && Date.now() < deadline)
    last = await status(path);
  expect({ path, ...last }, nginx?.errors()).toEqual({
    path,
    status: expected,
    location: expect.stringMatching(`${location}$`),
  });
}

/** The live link and the releases, checked after every night: one rename away from the build's output. */
function liveIsTheBuild(): string {
  const live = join(root, "dist");
  expect(lstatSync(live).isSymbolicLink()).toBe(true);
  const release = readlinkSync(live);
  expect(release).toMatch(/^releases\//);
  expect(sameOutput(builtOn, join(root, release))).toBe(true);
  return release;
}

const nginxChecks = NGINX !== undefined;
if (!nginxChecks) console.log("skipped: nginx's checks of each night's site need nginx (apt-get install nginx)");

beforeAll(() => {
  // Day 1's content: the project's own, with real legal data (a strict build), a page the server publishes
  // before the list in the repository has it (as from the web editor), and a page scheduled for day 3.
  const page = (title: string, extra: Record<string, string> = {}) =>
    md({ title, description: `${title}, a page of the nightly test.`, ...extra });
  const content = siteWith({
    "site.yaml": withRealData(readFileSync("content/site.yaml", "utf8")),
    "en/pages/offer.md": page("Our offer"),
    "de/pages/offer.md": page("Unser Angebot"),
    "en/pages/launch.md": page("Launch", { date: DAY_3 }),
    "de/pages/launch.md": page("Start", { date: DAY_3 }),
  });
  author = dirname(content);
  git(author, "init", "--quiet", "-b", "main");
  git(author, "add", "-A");
  git(author, "commit", "--quiet", "-m", "The site");
  git(work, "clone", "--quiet", "--bare", author, bare);
  git(author, "remote", "add", "origin", bare);
  git(author, "fetch", "--quiet", "origin");
  git(author, "branch", "--quiet", "--set-upstream-to=origin/main");
  git(work, "clone", "--quiet", bare, server);
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  cleanup();
});

describe("npm run publish, night after night", () => {
  it("night 1 publishes the site as a release behind the live link, readable by nginx's workers", async () => {
    const night = await publish(DAY_1);
    expect(night.stderr, night.stdout).toBe("");
    expect(night.code).toBe(0);
    expect(night.stdout).toMatch(/^publish: .*dist now serves releases\/\S+ \(previous: none\)\n$/);
    liveIsTheBuild();
    // The server's build recorded the pages it published that the repository's list lacked: uncommitted.
    expect(git(server, "status", "--porcelain")).toBe("M content/published.yaml");
    expect(readFileSync(join(server, "content/published.yaml"), "utf8")).toContain("/offer: en/pages/offer.md");
    if (!nginxChecks) return;
    nginx = await startNginx((port) => documentedServerBlock(port, root));
    await answers("/", 200);
    await answers("/offer", 200);
    await answers("/de/offer", 200);
    await answers("/launch", 404);
  }, 300_000);

  it("night 2 pulls the daily workflow's commit of published.yaml over the server's own additions", async () => {
    // The daily workflow's record-addresses job: src/cli/published.ts in a fresh clone, then a commit of the list.
    const workflow = join(work, "workflow");
    git(work, "clone", "--quiet", bare, workflow);
    execFileSync(join(PROJECT, "node_modules/.bin/tsx"), [join(PROJECT, "src/cli/published.ts")], {
      cwd: workflow,
      env: { ...process.env, BUILD_DATE: DAY_2 },
      stdio: "pipe",
    });
    git(workflow, "commit", "--quiet", "-m", "Record the addresses published today", "--", "content/published.yaml");
    git(workflow, "push", "--quiet");
    // Plain git pull would refuse now: the same file is changed on both sides.
    expect(git(server, "status", "--porcelain")).toBe("M content/published.yaml");

    const night = await publish(DAY_2);
    expect(night.stderr, night.stdout).toBe("");
    expect(night.code).toBe(0);
    expect(git(server, "rev-parse", "HEAD")).toBe(git(bare, "rev-parse", "main"));
    // The pulled list had the server's additions: the work tree is clean, nothing is waiting in the git folder.
    expect(git(server, "status", "--porcelain")).toBe("");
    expect(readdirSync(join(server, ".git")).filter((name) => name.startsWith("leap-ai"))).toEqual([]);
    liveIsTheBuild();
    if (!nginxChecks) return;
    await answers("/offer", 200);
    await answers("/launch", 404);
  }, 300_000);

  it("night 3 puts a scheduled page live and a renamed page's old address behind a 301, never half-swapped", async () => {
    const before = liveIsTheBuild();
    push(
      {
        "en/pages/offer.md": md({
          title: "Our offer",
          description: "Our offer, a page of the nightly test.",
          slug: "consulting",
          aliases: "[/offer]",
        }),
      },
      "Rename /offer to /consulting",
    );
    // While the night runs, every request gets a whole site: the old one or the new one.
    let publishing = true;
    const answered: number[] = [];
    const polling = (async () => {
      while (publishing && nginx) {
        expect(lstatSync(join(root, "dist")).isSymbolicLink()).toBe(true);
        answered.push((await status("/")).status, (await status("/insights")).status);
      }
    })();
    const night = await publish(DAY_3);
    publishing = false;
    await polling;
    expect(night.stderr, night.stdout).toBe("");
    expect(night.code).toBe(0);
    if (nginxChecks) expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((code) => code !== 200)).toEqual([]);
    const release = liveIsTheBuild();
    expect(release).not.toBe(before);
    // The previous release is kept for a rollback, nothing older.
    expect(readdirSync(join(root, "releases")).sort()).toEqual(
      [before, release].map((path) => path.replace("releases/", "")).sort(),
    );
    // nginx was reloaded this night only: the includes changed with the alias.
    expect(readFileSync(reloads, "utf8")).toBe(`${DAY_3}\n`);
    if (!nginxChecks) return;
    await answers("/launch", 200);
    await answers("/de/launch", 200);
    await answers("/consulting", 200);
    await answers("/offer", 301, "/consulting");
  }, 300_000);

  it("a night whose build fails exits 1 with one line saying why, and the site stays as it was", async () => {
    const before = liveIsTheBuild();
    push(
      {
        "en/pages/broken.md": md(
          { title: "Broken", description: "A page with a link to nowhere.", translations: "partial" },
          "See [our prices](/prices).",
        ),
      },
      "A page with a broken link",
    );
    const night = await publish(DAY_4);
    expect(night.code).toBe(1);
    expect(night.stdout).toBe("");
    expect(night.stderr.split("\n")).toEqual([expect.stringContaining("npm run build -- --strict"), ""]);
    expect(night.stderr).toContain("broken");
    expect(night.stderr).toContain(`log: ${join(root, "publish.log")}`);
    expect(readlinkSync(join(root, "dist"))).toBe(before);
    expect(existsSync(join(root, "publish.log"))).toBe(true);
    if (!nginxChecks) return;
    await answers("/consulting", 200);
    await answers("/broken", 404);
  }, 300_000);
});
