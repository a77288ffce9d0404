import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../../src/cache/atomic.ts";
import { CacheStore } from "../../../src/cache/store.ts";

// Issue 53: one cache store. An entry's key holds the code that fills it; a read holds every file to its digest and
// reports a damaged entry once; a write puts a whole entry in place or none.
const work = mkdtempSync(join(tmpdir(), "cache-store-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let stores = 0;
const fresh = () => join(work, String(stores++));
const CODE = { values: ["the code"] };

describe("CacheStore", () => {
  it("keys each entry by the code that fills it as well as by its input", () => {
    const dir = fresh();
    const entry = new CacheStore(dir, CODE).entry("card", "input");
    entry.write({ "card.png": "pixels" });
    expect(new CacheStore(dir, CODE).entry("card", "input").read()?.get("card.png")?.toString()).toBe("pixels");
    const otherCode = new CacheStore(dir, { values: ["other code"] }).entry("card", "input");
    expect(otherCode.key).not.toBe(entry.key);
    expect(otherCode.read()).toBeUndefined();
    expect(new CacheStore(dir, CODE).entry("card", "other input").read()).toBeUndefined();
  });

  it("never returns a file changed since it was written, and says so once", () => {
    const dir = fresh();
    const store = new CacheStore(dir, CODE);
    store.entry("image", "photo", "photo.png").write({ "480.avif": "bytes", "480.webp": "more bytes" });
    writeFileSync(store.entry("image", "photo").path("480.webp"), "other bytes");
    expect(store.entry("image", "photo", "photo.png").read()).toBeUndefined();
    expect(store.entry("image", "photo", "photo.png").read()).toBeUndefined();
    expect(store.damaged).toEqual(["the entry of photo.png has 480.webp changed since it was made"]);
    store.entry("image", "photo", "photo.png").write({ "480.avif": "bytes" });
    rmSync(store.entry("image", "photo").path("480.avif"));
    const again = store.entry("image", "photo", "photo.png");
    expect(again.read()).toBeUndefined();
    expect(new CacheStore(dir, CODE).entry("image", "photo").read()).toBeUndefined();
    expect(store.damaged).toEqual([
      "the entry of photo.png has 480.webp changed since it was made",
      "the entry of photo.png lacks 480.avif",
    ]);
  });

  it("reports flipped bytes and leaves nothing but whole entries in its folder", () => {
    const dir = fresh();
    const store = new CacheStore(dir, CODE);
    const entry = store.entry("site-editor");
    entry.writeJson({ pages: 3 });
    expect(entry.readJson()).toEqual({ pages: 3 });
    const file = entry.path("value.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("3", "4"));
    expect(entry.readJson()).toBeUndefined();
    expect(store.damaged).toEqual([
      expect.stringMatching(/^the entry site-editor-[0-9a-f]{32} has value.json changed/),
    ]);
    // A second build finishing the same entry keeps the first one's, and leaves no scratch folder.
    entry.write({ "site-editor.js": "first" });
    entry.write({ "site-editor.js": "second" });
    expect(entry.read()?.get("site-editor.js")?.toString()).toBe("first");
    expect(readdirSync(dir)).toEqual([entry.dir.slice(dir.length + 1)]);
  });
});

describe("writeFileAtomic", () => {
  it("replaces a file whole and leaves no scratch file beside it", () => {
    const dir = fresh();
    const file = join(dir, "content", "published.yaml");
    writeFileAtomic(file, "a\n");
    writeFileAtomic(file, "b\n");
    expect(readFileSync(file, "utf8")).toBe("b\n");
    expect(readdirSync(join(dir, "content"))).toEqual(["published.yaml"]);
  });
});
