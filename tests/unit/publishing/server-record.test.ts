import { describe, expect, it } from "vitest";
import { publishedText } from "../../../src/content/rules/published.ts";
import { additionsOf, withAdditions } from "../../../src/publish/server-record.ts";

// What npm run publish keeps of the server's content/published.yaml across a pull (src/publish/pull.ts): the lines
// its builds added, merged into whatever the pull brought, without undoing what the pull changed.
const list = (entries: Record<string, string>) =>
  publishedText(Object.entries(entries).map(([address, file]) => ({ address, file })));

const committed = list({ "/": "en/home.yaml", "/old": "en/pages/old.md" });
const onServer = list({ "/": "en/home.yaml", "/old": "en/pages/old.md", "/new": "en/pages/new.md" });

describe("the server's own additions to published.yaml", () => {
  it("are the lines its builds added to the checked-out commit's list", () => {
    expect([...additionsOf(committed, onServer)]).toEqual([["/new", "en/pages/new.md"]]);
    expect([...additionsOf(committed, committed)]).toEqual([]);
    // No list committed yet: every line is the server's.
    expect(additionsOf("", onServer).size).toBe(3);
  });

  it("leave the pulled list byte for byte as it is when it has them (the daily workflow committed them)", () => {
    const pulled = onServer;
    expect(withAdditions(pulled, additionsOf(committed, onServer))).toBe(pulled);
  });

  it("are added to a pulled list that lacks them, which keeps its own lines and removals", () => {
    // The pull removed /old (the page is gone for good) and added /other.
    const pulled = list({ "/": "en/home.yaml", "/other": "en/pages/other.md" });
    expect(withAdditions(pulled, additionsOf(committed, onServer))).toBe(
      list({ "/": "en/home.yaml", "/new": "en/pages/new.md", "/other": "en/pages/other.md" }),
    );
  });

  it("give way to the pulled list's own line for the same address", () => {
    const pulled = list({ "/": "en/home.yaml", "/new": "en/pages/renamed.md" });
    expect(withAdditions(pulled, additionsOf(committed, onServer))).toBe(pulled);
  });

  it("stop the publish with the file's name when the list is not a list", () => {
    expect(() => additionsOf(committed, "- a\n- b\n")).toThrow("published.yaml must list addresses, one a line");
    expect(() => additionsOf(committed, "/a: [\n")).toThrow("published.yaml cannot be read");
  });
});
