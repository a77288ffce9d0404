// npm run screenshots -- --webkit: the same full-page pictures in WebKit (Debian's WebKitGTK, started as the WebKit
// tests start it). WebDriver photographs only the viewport, so each picture is put together from one per screen.
import { join } from "node:path";
import type { WebDriver } from "selenium-webdriver";
import sharp from "sharp";
import { newSession, setWindowViewport, startWebKit } from "../tests/webkit/webkit.ts";

const SCREEN = 900;

/** Scrolls to `top` (at most to the end) and photographs the viewport; gives where it really is and the PNG. */
async function shoot(driver: WebDriver, top: number): Promise<{ top: number; input: Buffer; left: number }> {
  const reached = (await driver.executeAsyncScript(
    `const [top, done] = arguments;
     window.scrollTo({ top, behavior: "instant" });
     requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY)));`,
    top,
  )) as number;
  return { top: reached, left: 0, input: Buffer.from(await driver.takeScreenshot(), "base64") };
}

export async function screenshotsInWebKit(
  origin: string,
  paths: string[],
  widths: number[],
  out: string,
  fileName: (path: string, width: number) => string,
): Promise<void> {
  const webkit = await startWebKit();
  try {
    const driver = await newSession(webkit.driverUrl);
    try {
      for (const width of widths) {
        await setWindowViewport(driver, width, SCREEN);
        for (const path of paths) {
          await driver.get(origin + path);
          // The lazy images below the first screen, as a visitor scrolling down sees them; the sticky header once,
          // at the top, as in Chromium's full-page pictures (it keeps its place in the page: no layout changes).
          const height = (await driver.executeScript(`
            const lazy = [...document.images].filter((image) => image.loading === "lazy");
            for (const image of lazy) image.loading = "eager";
            return Promise.all(lazy.map((image) => image.decode().catch(() => undefined))).then(() => {
              const header = document.querySelector(".site-header");
              if (header) header.style.position = "relative";
              return document.documentElement.scrollHeight;
            });
          `)) as number;
          const parts = [];
          for (let top = 0; top < height; top += SCREEN) parts.push(await shoot(driver, top));
          const file = join(out, fileName(path, width));
          await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
            .composite(parts)
            .png()
            .toFile(file);
          console.log(file);
        }
      }
    } finally {
      await driver.quit();
    }
  } finally {
    await webkit.stop();
  }
}
