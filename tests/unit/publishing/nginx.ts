import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/free-port.ts";

/** Debian's nginx (`apt-get install nginx`), or undefined where the machine has none. */
export const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

/** For it.skipIf: prints the one line that says why the test does not run. */
export function withoutNginx(what: string): boolean {
  if (NGINX) return false;
  console.log(`skipped: ${what} needs nginx (apt-get install nginx), and this machine has none`);
  return true;
}

/** docs/deploying.md's server block, as an operator copies it, with the test's port and root instead of the examples. */
export function documentedServerBlock(port: number, root: string): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync("docs/deploying.md", "utf8"))?.[1];
  if (!block) throw new Error("test setup: docs/deploying.md has no ```nginx block");
  return (
    block
      // No certificate here; `http2 on` needs nginx 1.25, Debian 12 ships 1.22.
      .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`)
      .replace(/^\s*http2 on;\n/m, "")
      .replaceAll("/var/www/leap-ai", root)
  );
}

/**
 * docs/receiver.md's `location = /api/contact` block, with the receiver's port of the test; with `inServer`,
 * put into docs/deploying.md's server block as an operator does (before its closing brace).
 */
export function documentedReceiverLocation(receiverPort: number): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(readFileSync("docs/receiver.md", "utf8"))?.[1];
  if (!block?.includes("location = /api/contact"))
    throw new Error("test setup: docs/receiver.md has no nginx location");
  return block.replaceAll("127.0.0.1:8787", `127.0.0.1:${receiverPort}`);
}
export const withReceiverLocation = (server: string, receiverPort: number) =>
  server.replace(/\}\s*$/, `${documentedReceiverLocation(receiverPort)}}\n`);

export interface RunningNginx {
  url: string;
  /** nginx's error log so far (for a failed assertion's message). */
  errors(): string;
  /** Re-reads the configuration (and its includes) as `systemctl reload nginx` does: the command for --reload. */
  reloadCommand: string;
  stop(): Promise<void>;
}

/**
 * nginx serving `server` (a server block, given the port the OS handed out) with its workers as `nobody`, as a
 * web server's workers run as a user of their own (www-data) rather than as the user who built the site.
 */
export async function startNginx(server: (port: number) => string): Promise<RunningNginx> {
  if (!NGINX) throw new Error("nginx is not installed");
  const prefix = mkdtempSync(join(tmpdir(), "nginx-"));
  mkdirSync(join(prefix, "temp"));
  const port = await freePort();
  const conf = join(prefix, "nginx.conf");
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    conf,
    [
      "daemon off;",
      "worker_processes 1;",
      // Only root can hand the workers to another user; otherwise they are this user already.
      asRoot ? "user nobody nogroup;" : "",
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log;`,
      "events { worker_connections 64; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  default_type application/octet-stream;",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${prefix}/temp/${kind};`,
      ),
      server(port),
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")];
  const errors = () => {
    try {
      return readFileSync(join(prefix, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  const child: ChildProcess = spawn(NGINX, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready when it answers; a configuration it refuses ends it first.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}${errors()}`);
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer within 60 s: ${stderr}${errors()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    errors,
    reloadCommand: `${NGINX} ${args.join(" ")} -s reload`,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
