import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { toHtml } from "hast-util-to-html";
import { type HtmlElement, HtmlValidate, Parser } from "html-validate";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { Picture } from "../../../../src/components/Picture.tsx";
import { ImageProblem } from "../../../../src/images/problem.ts";
import { ImageProcessor, type ImageSet, pictureHast } from "../../../../src/pipeline/images/processor.ts";
import { validateHtml } from "../../../../src/pipeline/checks/validate.ts";

const work = mkdtempSync(join(tmpdir(), "images-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let folders = 0;
/** A fresh folder with its own image cache, so no test sees another's cache entries. */
function fresh() {
  const dir = join(work, String(folders++));
  mkdirSync(dir);
  return { dir, cacheDir: join(dir, "cache") };
}

/** A diagram-like PNG: flat shapes and text, the kind of image an article carries. */
async function png(file: string, width: number, height: number, { colour = "#4f46e5", alpha = false } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${alpha ? "" : `<rect width="${width}" height="${height}" fill="#fff"/>`}
    <rect x="${width / 10}" y="${height / 4}" width="${width / 3}" height="${height / 2}" rx="12" fill="${colour}"/>
    <circle cx="${(width * 3) / 4}" cy="${height / 2}" r="${height / 4}" fill="#a5b4fc"/>
    <text x="${width / 8}" y="${height / 6}" font-size="${height / 10}">Pipeline</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

const urls = (set: ImageSet) => [...set.avif, ...set.webp, set.fallback].map((variant) => variant.url);

describe("ImageProcessor", () => {
  it("makes AVIF and WebP at each width up to the image's own, and a JPEG fallback at the largest", async () => {
    const { dir, cacheDir } = fresh();
    const source = await png(join(dir, "diagram.png"), 1200, 675);
    const processor = new ImageProcessor({ cacheDir });
    const set = await processor.process(source);

    // 1440 is asked for by default, but the image is 1200 wide: it is offered at 1200, not scaled up.
    expect(set.avif.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    expect(set.webp.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    expect(set).toMatchObject({ width: 1200, height: 675, fallback: { width: 1200, type: "image/jpeg" } });
    for (const url of urls(set)) expect(url).toMatch(/^\/assets\/diagram-[0-9a-f]{8}-\d+\.(avif|webp|jpg)$/);

    const outputs = processor.outputs();
    expect([...outputs.keys()].sort()).toEqual(
      urls(set)
        .map((url) => url.slice(1))
        .sort(),
    );
    const expected = { avif: "heif", webp: "webp", jpg: "jpeg" } as Record<string, string>;
    for (const [output, file] of outputs) {
      expect(isAbsolute(file), file).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format, output).toBe(expected[output.split(".").pop() ?? ""]);
      if (meta.format === "heif") expect(meta.compression, output).toBe("av1");
      expect(`${meta.width}`, output).toBe(/-(\d+)\.\w+$/.exec(output)?.[1]);
      expect(meta.height, output).toBe(Math.round((meta.width * 675) / 1200));
    }
  });

  it("never scales a small image up, and keeps transparency in a PNG fallback", async () => {
    const { dir, cacheDir } = fresh();
    const set = await new ImageProcessor({ cacheDir }).process(
      await png(join(dir, "icon.png"), 300, 200, { alpha: true }),
    );
    expect(set.avif.map((variant) => variant.width)).toEqual([300]);
    expect(set.webp.map((variant) => variant.width)).toEqual([300]);
    expect(set).toMatchObject({ width: 300, height: 200, fallback: { width: 300, type: "image/png" } });
  });

  it("takes the size a camera's orientation tag gives, not the stored one", async () => {
    const { dir, cacheDir } = fresh();
    const photo = join(dir, "portrait.jpg");
    // Stored 400 x 200, tagged "rotate 90°": it is shown 200 x 400.
    await sharp(await png(join(dir, "stored.png"), 400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(photo);
    const set = await new ImageProcessor({ cacheDir }).process(photo);
    expect(set).toMatchObject({ width: 200, height: 400 });
  });

  it("encodes a source once per build, however often and under whatever name it is used", async () => {
    const { dir, cacheDir } = fresh();
    const source = await png(join(dir, "chart.png"), 800, 450);
    copyFileSync(source, join(dir, "chart-copy.png"));
    const processor = new ImageProcessor({ cacheDir });
    const [first, again, copy] = await Promise.all([
      processor.process(source),
      processor.process(join(dir, ".", "chart.png")),
      processor.process(join(dir, "chart-copy.png")),
    ]);
    expect(processor.counts).toEqual({ encoded: 1, fromCache: 0 });
    expect(again).toBe(first);
    // The copy is linked under its own name, from the same cached files.
    expect(copy.fallback.url).toMatch(/^\/assets\/chart-copy-/);
    const outputs = processor.outputs();
    expect(outputs.get(copy.fallback.url.slice(1))).toBe(outputs.get(first.fallback.url.slice(1)));
  });

  it("reuses the cache across builds without encoding again", async () => {
    const { dir, cacheDir } = fresh();
    const source = await png(join(dir, "cached.png"), 1000, 500);
    const cold = new ImageProcessor({ cacheDir });
    const before = await cold.process(source);
    const mtimes = new Map([...cold.outputs()].map(([output, file]) => [output, statSync(file).mtimeMs]));

    const warm = new ImageProcessor({ cacheDir });
    expect(await warm.process(source)).toEqual(before);
    expect(warm.counts).toEqual({ encoded: 0, fromCache: 1 });
    expect(warm.outputs()).toEqual(cold.outputs());
    for (const [output, file] of warm.outputs()) expect(statSync(file).mtimeMs, output).toBe(mtimes.get(output));
  });

  it("gives changed content (or changed widths) new names", async () => {
    const { dir, cacheDir } = fresh();
    const source = join(dir, "flow.png");
    await png(source, 600, 300);
    const before = await new ImageProcessor({ cacheDir }).process(source);
    await png(source, 600, 300, { colour: "#059669" });
    const after = await new ImageProcessor({ cacheDir }).process(source);
    const otherWidths = await new ImageProcessor({ cacheDir, widths: [320, 640] }).process(source);

    const names = [before, after, otherWidths].map((set) => set.fallback.url);
    expect(new Set(names).size).toBe(3);
    expect(otherWidths.avif.map((variant) => variant.width)).toEqual([320, 600]);
  });

  it("publishes an SVG as its allowlist writes it anew, sized by its viewBox", async () => {
    const { dir, cacheDir } = fresh();
    const source = join(dir, "architecture.svg");
    writeFileSync(
      source,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="640" height="360" fill="#eef2ff"/></svg>',
    );
    const processor = new ImageProcessor({ cacheDir });
    const set = await processor.process(source);
    expect(set).toMatchObject({
      width: 640,
      height: 360,
      avif: [],
      webp: [],
      fallback: { width: 640, type: "image/svg+xml" },
    });
    expect(set.fallback.url).toMatch(/^\/assets\/architecture-[0-9a-f]{8}\.svg$/);
    expect(readFileSync(processor.outputs().get(set.fallback.url.slice(1)) ?? "", "utf8")).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><rect width="640" height="360" fill="#eef2ff"></rect></svg>',
    );
  });

  it("refuses an SVG that could run code when opened on its own", async () => {
    const { dir, cacheDir } = fresh();
    const cases = {
      "script.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>',
      "handler.svg":
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect width="10" height="10"/></svg>',
      "link.svg":
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a></svg>',
    };
    for (const [name, svg] of Object.entries(cases)) {
      writeFileSync(join(dir, name), svg);
      await expect(new ImageProcessor({ cacheDir }).process(join(dir, name)), name).rejects.toThrow(
        /^is refused: the (element <script>|event handler the onload attribute|xlink:href attribute of <a>)/,
      );
    }
  });

  it("says what is wrong when the file is missing, not an image, or broken, naming no path (the page that uses it is named by the loader)", async () => {
    const { dir, cacheDir } = fresh();
    const notAnImage = join(dir, "notes.png");
    writeFileSync(notAnImage, "this is text, saved as .png by mistake\n");
    const truncated = join(dir, "truncated.png");
    writeFileSync(
      truncated,
      (
        await sharp(await png(join(dir, "whole.png"), 800, 400))
          .png()
          .toBuffer()
      ).subarray(0, 2000),
    );
    const animated = join(dir, "spinner.webp");
    const frames = await Promise.all(
      ["#f00", "#00f"].map((background) =>
        sharp({ create: { width: 40, height: 20, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    await sharp(frames, { join: { animated: true } })
      .webp()
      .toFile(animated);
    const processor = new ImageProcessor({ cacheDir });

    for (const [file, problem] of [
      [join(dir, "missing.png"), /^is missing$/],
      [notAnImage, /^is not an image that can be read/],
      [truncated, /^could not be processed/],
      [animated, /^is animated \(2 frames\): animated images are not supported$/],
    ] as const) {
      const error = await processor.process(file).catch((caught: unknown) => caught);
      expect(error, file).toBeInstanceOf(ImageProblem);
      expect((error as Error).message).toMatch(problem);
      expect((error as Error).message).not.toContain(dir);
    }
    // A failed image leaves nothing to write and no half-made cache entry.
    expect(processor.outputs().size).toBe(0);
    expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
  });
});

describe("pictureHast and <Picture>", () => {
  const set: ImageSet = {
    width: 1440,
    height: 810,
    avif: [480, 960, 1440].map((width) => ({ url: `/assets/diagram-1a2b3c4d-${width}.avif`, width })),
    webp: [480, 960, 1440].map((width) => ({ url: `/assets/diagram-1a2b3c4d-${width}.webp`, width })),
    fallback: { url: "/assets/diagram-1a2b3c4d-1440.jpg", width: 1440, type: "image/jpeg" },
  };
  const svg: ImageSet = {
    width: 640,
    height: 360,
    avif: [],
    webp: [],
    fallback: { url: "/assets/flow-5e6f7a8b.svg", width: 640, type: "image/svg+xml" },
  };
  const alt = "Datenfluss: CRM → Modell → Bericht";
  const cases = [
    { name: "lazy", image: set, eager: false, sizes: undefined },
    { name: "eager with sizes", image: set, eager: true, sizes: "(min-width: 48rem) 44rem, 100vw" },
    { name: "SVG", image: svg, eager: false, sizes: undefined },
  ];
  // As the Markdown pipeline writes it (src/content/markdown/render.ts).
  const fromHast = ({ image, eager, sizes }: (typeof cases)[number]) =>
    toHtml(pictureHast(image, alt, { eager, sizes }), { closeSelfClosing: true });
  const fromReact = ({ image, eager, sizes }: (typeof cases)[number]) =>
    renderToStaticMarkup(createElement(Picture, { image, alt, eager, sizes }));

  /** The element tree a browser builds: React writes srcSet, hast srcset, and HTML reads attribute names case-blind. */
  const parser = new Parser(new HtmlValidate().getConfigForSync("picture.html"));
  const tree = (html: string) => {
    const walk = (element: HtmlElement): unknown => ({
      tag: element.tagName,
      attributes: Object.fromEntries(element.attributes.map((attribute) => [attribute.key, attribute.value])),
      children: element.childElements.map(walk),
    });
    return parser.parseHtml(html).childElements.map(walk);
  };

  it.each(cases)("render the same element ($name)", (example) => {
    expect(tree(fromReact(example))).toEqual(tree(fromHast(example)));
  });

  it("offers AVIF, then WebP, at every width, and reserves the image's box", () => {
    expect(tree(fromHast(cases[0] as (typeof cases)[number]))).toEqual([
      {
        tag: "picture",
        attributes: {},
        children: [
          {
            tag: "source",
            attributes: {
              type: "image/avif",
              srcset:
                "/assets/diagram-1a2b3c4d-480.avif 480w, /assets/diagram-1a2b3c4d-960.avif 960w, /assets/diagram-1a2b3c4d-1440.avif 1440w",
              sizes: "(min-width: 1440px) 1440px, 100vw",
            },
            children: [],
          },
          {
            tag: "source",
            attributes: {
              type: "image/webp",
              srcset:
                "/assets/diagram-1a2b3c4d-480.webp 480w, /assets/diagram-1a2b3c4d-960.webp 960w, /assets/diagram-1a2b3c4d-1440.webp 1440w",
              sizes: "(min-width: 1440px) 1440px, 100vw",
            },
            children: [],
          },
          {
            tag: "img",
            attributes: {
              src: "/assets/diagram-1a2b3c4d-1440.jpg",
              width: "1440",
              height: "810",
              alt,
              loading: "lazy",
              decoding: "async",
            },
            children: [],
          },
        ],
      },
    ]);
    expect(fromHast(cases[1] as (typeof cases)[number])).toContain('loading="eager"');
    expect(tree(fromHast(cases[2] as (typeof cases)[number]))).toEqual([
      {
        tag: "img",
        attributes: { src: svg.fallback.url, width: "640", height: "360", alt, loading: "lazy", decoding: "async" },
        children: [],
      },
    ]);
  });

  it("passes html-validate with the site's rules, in a paragraph as Markdown puts it", async () => {
    const dir = mkdtempSync(join(work, "html-"));
    const files = cases.flatMap((example) =>
      [fromHast, fromReact].map((render, index) => {
        const file = `${example.name.replaceAll(" ", "-")}-${index}.html`;
        const page = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"/><title>Bilder</title></head><body><main><h1>Bilder</h1><p>${render(example)}</p></main></body></html>`;
        writeFileSync(join(dir, file), page);
        return file;
      }),
    );
    expect(await validateHtml(dir, files)).toEqual([]);
  });
});
