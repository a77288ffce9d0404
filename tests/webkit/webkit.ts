/**
 * Safari's engine on Linux: Debian's WebKitGTK, driven through its W3C WebDriver (WebKitWebDriver) under a
 * virtual X server of its own (Xvfb). Never a downloaded browser, as for Chromium and Firefox.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Builder, type WebDriver } from "selenium-webdriver";
import { freePort } from "../support/free-port.ts";
import { WEBKIT_TOOLS } from "./tools.ts";

/**
 * MiniBrowser's GTK toolbar keeps its window at least 447 px wide; with the chrome shrunk to nothing, the page
 * gets exactly the width asked for, down to 320 px.
 */
const NARROW_WINDOWS_CSS =
  "window > *, headerbar, toolbar, box, button, entry, label, image { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n";

export interface RunningWebKit {
  /** WebKitWebDriver's address: http://127.0.0.1:<port>. */
  driverUrl: string;
  stop: () => Promise<void>;
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Reads the display number Xvfb picked (-displayfd: it takes the first free one itself, so no two runs collide). */
function displayOf(xvfb: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    xvfb.stdio[3]?.on("data", (chunk) => {
      text += String(chunk);
      if (text.endsWith("\n")) resolve(`:${text.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
  });
}

/** Waits until the driver answers its status endpoint (it starts in a few milliseconds). */
async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  let exited = false;
  driver.once("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error("WebKitWebDriver exited before it answered");
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts Xvfb and WebKitWebDriver on a display and a port of their own; stop() ends both and removes the config folder. */
export async function startWebKit(): Promise<RunningWebKit> {
  const config = mkdtempSync(join(tmpdir(), "webkit-tests-"));
  mkdirSync(join(config, "gtk-3.0"));
  writeFileSync(join(config, "gtk-3.0", "gtk.css"), NARROW_WINDOWS_CSS);
  const xvfb = spawn(WEBKIT_TOOLS.xvfb, ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const processes: ChildProcess[] = [xvfb];
  const stop = async () => {
    for (const child of processes.reverse()) await stopProcess(child);
    rmSync(config, { recursive: true, force: true });
  };
  try {
    const display = await displayOf(xvfb);
    const port = await freePort();
    const driver = spawn(WEBKIT_TOOLS.driver, [`--port=${port}`, "--host=local"], {
      env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config, GDK_BACKEND: "x11" },
      stdio: "ignore",
    });
    processes.push(driver);
    const driverUrl = `http://127.0.0.1:${port}`;
    await driverReady(driverUrl, driver);
    return { driverUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A new browser session: MiniBrowser in automation mode. */
export function newSession(driverUrl: string): Promise<WebDriver> {
  return new Builder()
    .usingServer(driverUrl)
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: WEBKIT_TOOLS.browser, args: ["--automation"] },
    })
    .build();
}

/** Where Xvfb's pointer rests: the middle of its 1920 × 1200 screen, and nothing ever moves it. */
const POINTER = { x: 960, y: 600 };

/**
 * Sizes the window so that the page gets exactly width × height CSS pixels (innerWidth, innerHeight), and
 * places it over the pointer: with no window manager, X gives the keyboard focus to the window under the
 * pointer, and a window without it has no :focus, no focus ring and no focus events.
 */
export async function setWindowViewport(driver: WebDriver, width: number, height: number): Promise<void> {
  // The window's own chrome (a toolbar a few pixels high, NARROW_WINDOWS_CSS) comes on top of the page's viewport.
  const [chromeWidth, chromeHeight] = (await driver.executeScript(
    "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]",
  )) as [number, number];
  const outer = { width: width + chromeWidth, height: height + chromeHeight };
  await driver
    .manage()
    .window()
    .setRect({
      x: POINTER.x - Math.floor(outer.width / 2),
      y: Math.max(0, POINTER.y - Math.floor(outer.height / 2)),
      ...outer,
    });
  // The page learns its new size a little after the window has it.
  const reached = (await driver.executeAsyncScript(
    `const [width, height, done] = arguments;
     const deadline = performance.now() + 2000;
     const check = () => {
       if ((innerWidth === width && innerHeight === height) || performance.now() > deadline) done([innerWidth, innerHeight]);
       else requestAnimationFrame(check);
     };
     check();`,
    width,
    height,
  )) as [number, number];
  if (reached[0] !== width || reached[1] !== height)
    throw new Error(`WebKit's viewport is ${reached.join(" × ")} px, not ${width} × ${height}`);
  if (!(await driver.executeScript("return document.hasFocus()")))
    throw new Error("WebKit's window does not have the keyboard focus");
}
