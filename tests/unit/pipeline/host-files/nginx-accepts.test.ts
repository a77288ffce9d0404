import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_FILES } from "../../../../src/host/policy.ts";
import { buildOf, type Content, contentWith, outOf, page } from "../../../support/build.ts";

// Issue 46: nginx itself reads the includes the build writes, inside the server block docs/deploying.md gives
// operators, for every shape of old address the alias rules accept. Where nginx is not installed, one line says so.
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => spawnSync(path, ["-v"]).status === 0);
if (!nginx)
  console.log("nginx is not installed (apt-get install nginx): the nginx -t test of the generated includes is skipped");

/** Every shape of old address the alias rules accept. */
const SHAPES = ["/old-name", "/Alt_Name.html", "/de/%C3%BCbersicht/", "/a.b~c/d-1", "/UPPER/Case", "/x/y/z/", "/1"];

let content: Content;
let work: string;
beforeAll(async () => {
  if (!nginx) return;
  content = contentWith({
    "en/pages/probe.md": page({ title: "Probe", description: "A probe.", aliases: JSON.stringify(SHAPES) }),
  });
  work = mkdtempSync(join(tmpdir(), "nginx-t-"));
  await buildOf(content);
}, 120_000);
afterAll(() => {
  content?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** nginx -t over docs/deploying.md's server block with the built includes; its exit code and what it said. */
function nginxTest(dist: string): { status: number | null; said: string } {
  const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync("docs/deploying.md", "utf8"))?.[1] ?? "";
  const server = block
    .replaceAll("/var/www/leap-ai/dist", dist)
    // No certificate here, and `http2 on` needs nginx 1.25: the rest is the operators' configuration as given.
    .replace("listen 443 ssl;", "listen 127.0.0.1:8080;")
    .replace(/^ *http2 on;\n/m, "");
  const conf = join(work, "nginx.conf");
  writeFileSync(
    conf,
    `pid ${join(work, "nginx.pid")};\nerror_log ${join(work, "error.log")};\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n${server}\n}\n`,
  );
  const run = spawnSync(nginx as string, ["-t", "-q", "-p", work, "-c", conf, "-e", join(work, "error.log")], {
    encoding: "utf8",
  });
  return { status: run.status, said: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!nginx)("nginx -t over the generated includes", () => {
  it("accepts the includes of a site with every alias shape the rules accept", () => {
    const redirects = readFileSync(join(outOf(content), HOST_FILES.nginxRedirects), "utf8");
    for (const shape of SHAPES)
      expect(redirects).toContain(`location = ${decodeURIComponent(shape).replace(/\/$/, "")} {`);
    expect(nginxTest(outOf(content))).toEqual({ status: 0, said: "" });
  });

  it("refuses an include with a duplicate location or a ; in a path (the test can fail)", () => {
    const copy = join(work, "dist");
    execFileSync("cp", ["-r", outOf(content), copy]);
    const file = join(copy, HOST_FILES.nginxRedirects);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, `${text}location = /old-name {\n    return 301 /probe;\n}\n`);
    expect(nginxTest(copy).said).toContain("duplicate location");
    writeFileSync(file, `${text}location = /a;b {\n    return 301 /probe;\n}\n`);
    expect(nginxTest(copy).status).not.toBe(0);
  });
});
