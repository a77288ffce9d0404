import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ImageProcessor, type ImageSet } from "../../../../src/pipeline/images/processor.ts";

// Issue 53: the image cache was keyed by hand (a version number, sharp's version, the settings), so a change to the
// encoder's code kept every cached image, and its file name, though the code now made other bytes: a cold cache then
// served other bytes under the same names, cached `immutable` for a year. Here the encoder's code changes in a copy
// of src/ (its variants resized with another kernel), and the copy's processor, on the same cache, must encode again
// and name every resized file anew, without anyone clearing the cache.
const work = mkdtempSync(join(tmpdir(), "encoder-code-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const WIDTHS = [240, 480];
const RESIZE = ".resize({ width, withoutEnlargement: true })";

/** A copy of src/ whose encoder resizes each variant with the nearest-neighbour kernel, and its processor. */
async function changedEncoder(): Promise<typeof ImageProcessor> {
  const copy = join(work, "project");
  cpSync(resolve("src"), join(copy, "src"), { recursive: true });
  symlinkSync(resolve("node_modules"), join(copy, "node_modules"), "dir");
  const encoder = join(copy, "src", "pipeline", "images", "encode.ts");
  const code = readFileSync(encoder, "utf8");
  expect(code.split(RESIZE)).toHaveLength(2);
  writeFileSync(encoder, code.replace(RESIZE, '.resize({ width, withoutEnlargement: true, kernel: "nearest" })'));
  const processor = join(copy, "src", "pipeline", "images", "processor.ts");
  return ((await import(pathToFileURL(processor).href)) as { ImageProcessor: typeof ImageProcessor }).ImageProcessor;
}

const resized = (set: ImageSet) => [...set.avif, ...set.webp].filter((variant) => variant.width < set.width);
/** Each resized variant's bytes, by its address, as the build would copy them into dist/. */
const bytesOf = (processor: ImageProcessor, set: ImageSet) =>
  new Map(resized(set).map(({ url }) => [url, readFileSync(processor.outputs().get(url.slice(1)) as string)]));

describe("an image cached by other encoder code", () => {
  it("is encoded again under new names, with the new code's bytes, without --cold", async () => {
    const source = join(work, "photo.png");
    // Noise, so that the two kernels cannot agree on a single pixel's worth of bytes.
    await sharp({
      create: {
        width: 480,
        height: 320,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toFile(source);
    const cacheDir = join(work, "cache");
    const before = new ImageProcessor({ cacheDir, widths: WIDTHS });
    const first = await before.process(source);
    const again = new ImageProcessor({ cacheDir, widths: WIDTHS });
    expect(await again.process(source)).toEqual(first);
    expect(again.counts).toEqual({ encoded: 0, fromCache: 1 });

    const Changed = await changedEncoder();
    const after = new Changed({ cacheDir, widths: WIDTHS });
    const second = await after.process(source);
    expect(after.counts).toEqual({ encoded: 1, fromCache: 0 });
    const old = bytesOf(before, first);
    const now = bytesOf(after, second);
    expect(old.size).toBe(2);
    for (const url of now.keys()) expect(old.has(url), `${url} was an address of the old code's bytes`).toBe(false);
    const oldBytes = [...old.values()];
    for (const [url, bytes] of now)
      expect(
        oldBytes.some((earlier) => earlier.equals(bytes)),
        `${url} holds the old code's bytes`,
      ).toBe(false);
  }, 120_000);
});
