import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildAtomically } from "../../../src/pipeline/swap.ts";

// The swap with a trash (npm run build's incremental builds): the replaced output leaves the output's folder at
// once, and is deleted by the next build while that one works, not at the end of the build that replaced it.
const work = mkdtempSync(join(tmpdir(), "swap-trash-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const out = join(work, "dist");
const trash = join(work, "cache", "trash");
const page = (text: string) => async (temp: string) => writeFileSync(join(temp, "index.html"), text);

describe("an output replaced with a trash", () => {
  it("goes to the trash, and nothing but the new output is left beside it", async () => {
    await buildAtomically(out, page("one"), undefined, { trash });
    // Nothing was replaced.
    expect(existsSync(trash)).toBe(false);
    await buildAtomically(out, page("two"), undefined, { trash });
    expect(readFileSync(join(out, "index.html"), "utf8")).toBe("two");
    expect(readdirSync(work).sort()).toEqual(["cache", "dist"]);
    const [first] = readdirSync(trash);
    expect(readFileSync(join(trash, first ?? "", "index.html"), "utf8")).toBe("one");
  });

  it("is deleted by the next build, which leaves its own replaced output there", async () => {
    const [before] = readdirSync(trash);
    await buildAtomically(out, page("three"), undefined, { trash });
    const after = readdirSync(trash);
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
    expect(readFileSync(join(trash, after[0] ?? "", "index.html"), "utf8")).toBe("two");
  });

  it("is deleted by a build that fails too, which leaves the output as it was", async () => {
    const failing = async () => {
      throw new Error("a content problem");
    };
    await expect(buildAtomically(out, failing, undefined, { trash })).rejects.toThrow("a content problem");
    expect(readdirSync(trash)).toEqual([]);
    expect(readFileSync(join(out, "index.html"), "utf8")).toBe("three");
    expect(readdirSync(work).sort()).toEqual(["cache", "dist"]);
  });

  it("without a trash, is deleted before the build returns", async () => {
    await buildAtomically(out, page("four"), undefined);
    expect(readdirSync(work).sort()).toEqual(["cache", "dist"]);
    expect(existsSync(join(out, "index.html"))).toBe(true);
  });
});
