/**
 * Debian's Firefox ESR driven through WebDriver BiDi, which Firefox itself serves (--remote-debugging-port):
 * Playwright drives only its own Firefox build, which the project never downloads. Just what the tests need:
 * a page at a viewport size, keys pressed as a keyboard does, a mouse click, and expressions evaluated in the page.
 * A headless window never has the system's focus (document.hasFocus() is false): keys reach the page and Tab
 * moves the focus, but Firefox then runs no keyboard activation of a <summary> and fires no focus events.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";

/** WebDriver's key codes for the keys the tests press. */
/** Far beyond any answer on a loaded machine (they take milliseconds), far below the test's own timeout. */
const COMMAND_TIMEOUT_MS = 20_000;

/**
 * Firefox's remote agent left a command unanswered: once, in one CI run of many, for the test's whole two minutes
 * (never in 200 rounds of the same steps beside three busy loops). The menu spec relaunches Firefox and does the
 * step again once: a page that itself hangs would hang again, and fail.
 */
export class FirefoxSilent extends Error {}

export const KEYS = { Tab: "\uE004", Enter: "\uE007", Escape: "\uE00C" } as const;

export interface Firefox {
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  press(key: string): Promise<void>;
  /** A mouse click at a point of the viewport. */
  clickAt(x: number, y: number): Promise<void>;
  /** Evaluates a synchronous JavaScript expression in the page; its value must be JSON. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export async function launchFirefox(): Promise<Firefox> {
  const profile = mkdtempSync(join(tmpdir(), "firefox-bidi-"));
  const child: ChildProcess = spawn(
    FIREFOX_PATH,
    ["--headless", "--no-remote", "-profile", profile, "--remote-debugging-port=0", "about:blank"],
    { env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: "1" }, stdio: ["ignore", "ignore", "pipe"] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Firefox announced no WebDriver BiDi address: ${seen}`)), 60_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(seen)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.on("exit", (code) => reject(new Error(`Firefox exited (${code}): ${seen}`)));
  });
  const socket = new WebSocket(`${endpoint}/session`);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      error?: string;
      message?: string;
      result?: unknown;
    };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${message.error}: ${message.message}`));
    else waiter.resolve(message.result);
  });
  /** A command Firefox never answers fails by name rather than running the test out of its time. */
  const send = <T>(method: string, params: object): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(
          new FirefoxSilent(
            `Firefox did not answer ${method} ${JSON.stringify(params)} within ${COMMAND_TIMEOUT_MS} ms`,
          ),
        );
      }, COMMAND_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify({ id, method, params }));
    });

  await send("session.new", { capabilities: {} });
  const tree = await send<{ contexts: { context: string }[] }>("browsingContext.getTree", {});
  const context = tree.contexts[0]?.context ?? "";

  return {
    goto: async (url) => {
      await send("browsingContext.navigate", { context, url, wait: "complete" });
    },
    setViewport: async (width, height) => {
      await send("browsingContext.setViewport", { context, viewport: { width, height } });
    },
    press: async (key) => {
      await send("input.performActions", {
        context,
        actions: [
          {
            type: "key",
            id: "keyboard",
            actions: [
              { type: "keyDown", value: key },
              { type: "keyUp", value: key },
            ],
          },
        ],
      });
    },
    clickAt: async (x, y) => {
      await send("input.performActions", {
        context,
        actions: [
          {
            type: "pointer",
            id: "mouse",
            parameters: { pointerType: "mouse" },
            actions: [
              { type: "pointerMove", x, y },
              { type: "pointerDown", button: 0 },
              { type: "pointerUp", button: 0 },
            ],
          },
        ],
      });
    },
    evaluate: async <T>(expression: string) => {
      const answer = await send<{ type: string; result?: { value?: string }; exceptionDetails?: { text: string } }>(
        "script.evaluate",
        {
          // Synchronous on purpose: a promise awaited across a navigation would wait on a realm that is gone.
          expression: `JSON.stringify((${expression}) ?? null)`,
          target: { context },
          awaitPromise: false,
        },
      );
      if (answer.type !== "success") throw new Error(`in Firefox: ${answer.exceptionDetails?.text}`);
      return JSON.parse(answer.result?.value ?? "null") as T;
    },
    close: async () => {
      await send("session.end", {}).catch(() => undefined);
      socket.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
