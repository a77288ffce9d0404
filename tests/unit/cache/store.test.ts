import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
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

describe("CacheEntry.vouch", () => {
  // A file untouched since its stamp is vouched for without being read; any write to it is seen. The stamp's age is
  // set by moving the file's modification time back (as if it were written an hour ago), never by waiting.
  const anHourAgo = () => new Date(Date.now() - 3_600_000);

  it("gives a kept file's digest, and reads it whole again once it is touched", () => {
    const store = new CacheStore(fresh(), CODE);
    const entry = store.entry("card", "title");
    entry.write({ "card.png": "pixels" });
    const digest = entry.vouch("card.png");
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const file = entry.path("card.png");
    utimesSync(file, anHourAgo(), anHourAgo());
    // Touched (its time moved): read whole, still the same bytes, and stamped again.
    expect(entry.vouch("card.png")).toBe(digest);
    // Rewritten in place with bytes of the same length: its time changes, so it is read and the damage is seen.
    writeFileSync(file, "PIXELS");
    expect(entry.vouch("card.png")).toBeUndefined();
    expect(store.damaged).toEqual([expect.stringMatching(/has card.png changed since it was made/)]);
    expect(entry.vouch("card.png")).toBeUndefined();
  });

  it("trusts the stamp of an untouched file without reading it (its one documented blind spot shows that)", () => {
    const store = new CacheStore(fresh(), CODE);
    const entry = store.entry("card", "title");
    entry.write({ "card.png": "pixels" });
    const file = entry.path("card.png");
    utimesSync(file, anHourAgo(), anHourAgo());
    const digest = entry.vouch("card.png");
    const { atime, mtime } = statSync(file);
    // Other bytes of the same length, and the old time set back: only a reading vouch would see this.
    writeFileSync(file, "PIXELS");
    utimesSync(file, atime, mtime);
    expect(entry.vouch("card.png")).toBe(digest);
    expect(entry.read()).toBeUndefined();
  });

  it("is a miss for an entry never written or a file it does not hold", () => {
    const store = new CacheStore(fresh(), CODE);
    expect(store.entry("card", "none").vouch("card.png")).toBeUndefined();
    const entry = store.entry("card", "title");
    entry.write({ "card.png": "pixels" });
    expect(entry.vouch("other.png")).toBeUndefined();
    expect(store.damaged).toEqual([]);
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
