import { lstatSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { digestOf } from "../../../src/cache/digest.ts";
import { StampedDigests } from "../../../src/cache/stamps.ts";

// Issue 55: a build that finds nothing changed reads no file untouched since the last build read it (git's index):
// the code's and the content's digests come from their stamps. Time is the files' own: each case sets the times it
// needs with utimes, so no case waits on the clock.
const work = mkdtempSync(join(tmpdir(), "stamps-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let cases = 0;

/** A file with `text`, last modified `age` seconds before the stamps were kept, and the stamps kept once. */
function kept(text: string, age = 60) {
  const dir = join(work, String(cases++));
  const record = join(`${dir}-stamps`, "stamps.json");
  const file = join(work, `${cases}.md`);
  writeFileSync(file, text);
  const now = Date.now() / 1000;
  utimesSync(file, now - age, now - age);
  const first = new StampedDigests(record);
  first.digest(file, lstatSync(file, { bigint: true }), () => Buffer.from(text));
  first.save();
  utimesSync(record, now, now);
  let reads = 0;
  const digest = () => {
    const stamps = new StampedDigests(record);
    const found = stamps.digest(file, lstatSync(file, { bigint: true }), () => {
      reads += 1;
      return readFileSync(file);
    });
    stamps.save();
    return found;
  };
  return { file, record, digest, reads: () => reads, now };
}

describe("StampedDigests", () => {
  it("takes the kept digest of a file untouched since, without reading it", () => {
    const { digest, reads } = kept("# A page\n");
    expect(digest()).toBe(digestOf("# A page\n"));
    expect(reads()).toBe(0);
  });

  it("reads a file rewritten since, even with bytes of the same length", () => {
    const { file, digest, reads } = kept("# A page\n");
    writeFileSync(file, "# B page\n");
    expect(digest()).toBe(digestOf("# B page\n"));
    expect(reads()).toBe(1);
  });

  it("reads a file modified within a second of its stamp being kept (racily clean), until it settles", () => {
    const { file, record, digest, reads, now } = kept("# A page\n", 0.5);
    expect(digest()).toBe(digestOf("# A page\n"));
    expect(reads()).toBe(1);
    // Kept again by that run, now long after the file's time: trusted from then on.
    utimesSync(record, now + 10, now + 10);
    expect(digest()).toBe(digestOf("# A page\n"));
    expect(reads()).toBe(1);
    utimesSync(file, now + 10, now + 10);
    expect(digest()).toBe(digestOf("# A page\n"));
    expect(reads()).toBe(2);
  });

  it("reads every file when nothing was kept, and still answers when its record cannot be written", () => {
    const file = join(work, "alone.md");
    writeFileSync(file, "text");
    // A record below a file: no folder can be made there.
    const stamps = new StampedDigests(join(file, "stamps.json"));
    let reads = 0;
    const digest = stamps.digest(file, lstatSync(file, { bigint: true }), () => {
      reads += 1;
      return Buffer.from("text");
    });
    expect(() => stamps.save()).not.toThrow();
    expect([digest, reads]).toEqual([digestOf("text"), 1]);
  });
});
