// What Orca speaks for the form's error summary, a successful send and a search result, in both languages, in
// Chromium or WebKit (docs/accessibility.md, "Orca"). Orca, speech-dispatcher and the browser's driver run
// beforehand on one X display and D-Bus session; this drives the browser and reads the "SPEECH OUTPUT" lines Orca
// writes to its debug file.
// Usage: DISPLAY=:57 npx tsx bench/orca-speech.ts [--webkit] [--cdp http://127.0.0.1:4852]
//        [--webdriver http://127.0.0.1:4853] [--base http://127.0.0.1:4851] [--debug-file /tmp/orca-debug.out]
//        [--settle 6000]
// Chromium: started with --force-renderer-accessibility --remote-debugging-port, reached over CDP.
// WebKit: Debian's WebKitWebDriver, which starts MiniBrowser; its window is given the X focus (xdotool), as
// with no window manager Orca follows only the focused window.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { Builder, By, Key } from "selenium-webdriver";
import { WEBKIT_TOOLS } from "../tests/webkit/tools.ts";
import { TYPED } from "../tests/support/message.ts";

const { values } = parseArgs({
  options: {
    webkit: { type: "boolean", default: false },
    cdp: { type: "string", default: "http://127.0.0.1:4852" },
    webdriver: { type: "string", default: "http://127.0.0.1:4853" },
    base: { type: "string", default: "http://127.0.0.1:4851" },
    "debug-file": { type: "string", default: "/tmp/orca-debug.out" },
    settle: { type: "string", default: "6000" },
  },
});
const debugFile = values["debug-file"];
const settleMs = Number(values.settle);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const VALID = TYPED;
type Lang = keyof typeof VALID;
type Values = Record<keyof (typeof VALID)["en"], string>;
const SUBMIT = '#contact-form-island button[type="submit"]';

/** What the moments need of a browser: keys are sent to the page, never through X, so Orca's own keys stay out. */
interface Driver {
  open(url: string): Promise<void>;
  run<T>(script: string): Promise<T>;
  fill(values: Values): Promise<void>;
  press(key: "Enter" | "ArrowDown" | "Escape" | "/"): Promise<void>;
  type(text: string): Promise<void>;
  close(): Promise<void>;
}

async function chromiumDriver(): Promise<Driver> {
  const browser = await chromium.connectOverCDP(values.cdp);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.bringToFront();
  return {
    open: async (url) => void (await page.goto(url)),
    run: (script) => page.evaluate(script),
    fill: async (values) => {
      for (const [field, value] of Object.entries(values)) await page.locator(`#contact-${field}`).fill(value);
    },
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text, { delay: 150 }),
    close: () => browser.close(), // over CDP: disconnects, the browser stays
  };
}

async function webkitDriver(): Promise<Driver> {
  const driver = await new Builder()
    .usingServer(values.webdriver)
    .withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: WEBKIT_TOOLS.browser, args: ["--automation"] },
    })
    .build();
  await driver.manage().window().setRect({ x: 0, y: 0, width: 1280, height: 900 });
  for (const window of execFileSync("xdotool", ["search", "--name", "Automation"], { encoding: "utf8" }).split("\n"))
    if (window) execFileSync("xdotool", ["windowraise", window, "windowfocus", window]);
  const keys = { Enter: Key.ENTER, ArrowDown: Key.ARROW_DOWN, Escape: Key.ESCAPE, "/": "/" };
  return {
    open: (url) => driver.get(url),
    run: (script) => driver.executeScript(`return ${script}`),
    fill: async (values) => {
      for (const [field, value] of Object.entries(values)) {
        const input = await driver.findElement(By.css(`#contact-${field}`));
        await input.clear();
        if (value) await input.sendKeys(value);
      }
    },
    press: (key) => driver.actions().sendKeys(keys[key]).perform(),
    type: async (text) => {
      for (const character of text) {
        await driver.actions().sendKeys(character).perform();
        await wait(150);
      }
    },
    close: () => driver.quit(),
  };
}

async function until(browser: Driver, condition: string): Promise<void> {
  for (const started = Date.now(); !(await browser.run<boolean>(condition)); await wait(100))
    if (Date.now() - started > 15_000) throw new Error(`Timed out waiting for ${condition}`);
}

/** The home page with a fresh form (its throttle, one send per 30 s, is in the tab's sessionStorage), read out. */
async function home(browser: Driver, lang: Lang): Promise<void> {
  await browser.open(`${values.base}${lang === "de" ? "/de/" : "/"}`);
  await browser.run("sessionStorage.clear()");
  await browser.open(`${values.base}${lang === "de" ? "/de/" : "/"}`);
  await until(browser, "!!document.querySelector('html[data-enhanced]')");
  await browser.run("document.querySelector('#contact').scrollIntoView()"); // the island hydrates when seen
  await until(browser, `!document.querySelector('${SUBMIT}').disabled`);
  await wait(settleMs); // Orca reads a loaded page aloud; that is not the moment's
}

// Orca writes its debug file through a buffer, so a line may reach the file long after it was spoken: each moment
// keeps its time window, and the lines are sorted into the windows by their own time stamps once all have run.
const windows: { moment: string; from: number; to: number }[] = [];
const startSize = statSync(debugFile).size;

/** Runs `act` as `name`: what Orca speaks from its start until `settleMs` after it belongs to the moment. */
async function moment(name: string, act: () => Promise<void>): Promise<void> {
  await wait(settleMs); // what the steps before it made Orca say is said first
  const from = Date.now();
  await act();
  await wait(settleMs);
  windows.push({ moment: name, from, to: Date.now() });
}

/** Orca's lines "HH:MM:SS.micro - SPEECH OUTPUT: '…'" of today (UTC, as this machine's clock runs). */
function speech(): { at: number; text: string }[] {
  const day = new Date().toISOString().slice(0, 10);
  const added = readFileSync(debugFile).subarray(startSize).toString("utf8");
  return [...added.matchAll(/^(\d\d:\d\d:\d\d\.\d{3})\d* - SPEECH OUTPUT: '(.*?)'(?=\s*\{|\s*$)/gm)].map((match) => ({
    at: Date.parse(`${day}T${match[1]}Z`),
    text: match[2] ?? "",
  }));
}

const browser = values.webkit ? await webkitDriver() : await chromiumDriver();
const focusSubmit = () => browser.run(`document.querySelector('${SUBMIT}').focus()`);

for (const lang of ["en", "de"] as const) {
  await home(browser, lang);
  await browser.fill({ ...VALID[lang], message: "" });
  await focusSubmit(); // the button's own announcement comes before the moment
  await moment(`${lang} error summary`, () => browser.press("Enter"));

  await home(browser, lang);
  await browser.fill(VALID[lang]);
  await focusSubmit();
  await moment(`${lang} send`, () => browser.press("Enter"));

  await home(browser, lang);
  await browser.run("(window.scrollTo(0, 0), document.activeElement?.blur())");
  await moment(`${lang} search open`, () => browser.press("/"));
  await moment(`${lang} search "rag"`, () => browser.type("rag"));
  await moment(`${lang} search first result`, () => browser.press("ArrowDown"));
  await browser.press("Escape");
}

// The buffer reaches the file once Orca has more to say: a page to read out, then time to write it.
await browser.open("about:blank");
await wait(3 * settleMs);
const lines = speech();
console.log(`# Orca in ${values.webkit ? "WebKit (MiniBrowser)" : "Chromium"}`);
for (const { moment: name, from, to } of windows) {
  console.log(`## ${name}`);
  for (const { at, text } of lines.filter(({ at }) => at >= from && at < to))
    console.log(`  +${String(at - from).padStart(5)} ms  ${JSON.stringify(text)}`);
}
await browser.close();
