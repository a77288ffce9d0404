import { describe, expect, it } from "vitest";
import { sanitize, sanitizeContact } from "../../../../src/shared/form/index.js";

describe("sanitize removes markup and script vectors", () => {
  it.each([
    // script blocks, with their content
    ["<script>alert(1)</script>", ""],
    ["Hi <script>alert(1)</script> there", "Hi  there"],
    ["<SCRIPT>alert(1)</SCRIPT>ok", "ok"],
    ["<ScRiPt type='text/javascript' src=\"x.js\">steal()</sCrIpT >ok", "ok"],
    ["a<script>x</script>b<script>y</script>c", "abc"],
    ["before <script src=x", "before"],
    ["before <script>alert(1)", "before"],
    ["before <script>alert(1)</script", "before"],
    // nesting that would reassemble a tag after one removal
    ["<scr<script>ipt>alert(1)</script>", ""],
    // "<scr<b>" is itself one tag, as a browser would read it
    ["<scr<b>ipt>alert(1)</scr</b>ipt>", "ipt>alert(1)ipt>"],
    ["<<b>script>alert(1)<</b>/script>", "alert(1)"],
    ["<<<b>i>u>text", "text"],
    // ordinary tags, comments, processing instructions, unterminated tags
    ["<b>bold</b> and <i>italic</i>", "bold and italic"],
    ["<img src=x onerror=alert(1)>", ""],
    ["<svg/onload=alert(1)>", ""],
    ['<a href="javascript:alert(1)">click</a>', "click"],
    ["<!-- hidden -->visible", "visible"],
    ["<?xml version='1.0'?>text", "text"],
    ["text <b", "text"],
    ["text <img src=x onerror=alert(1)", "text"],
    ["</b>text", "text"],
    // javascript: schemes
    ["javascript:alert(1)", "alert(1)"],
    ["JaVaScRiPt:alert(1)", "alert(1)"],
    ["javascript :alert(1)", "alert(1)"],
    ["javascript\t:alert(1)", "alert(1)"],
    ["java\tscript:alert(1)", "alert(1)"],
    ["java\nscript:alert(1)", "alert(1)"],
    ["javajavascript:script:alert(1)", "alert(1)"],
    // inline event handlers
    ['onclick = "x"', '"x"'],
    ["onerror=alert(1)", "alert(1)"],
    ["ONMOUSEOVER =alert(1)", "alert(1)"],
    ['x"onfocus=alert(1)', 'x"alert(1)'],
    // trimming
    ["  hello  ", "hello"],
    ["\n\thello world\r\n", "hello world"],
    ["   <b></b>   ", ""],
  ])("%j → %j", (input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it.each([
    "a < b and c > d",
    "2 < 3",
    "x -> y",
    "Python=3, Clone = 2",
    "one = two",
    "Reason: something",
    "A description of the transcript",
    "Zoë & Jürgen's café",
    "李小龍 👩‍💻",
  ])("leaves plain text %j unchanged", (text) => {
    expect(sanitize(text)).toBe(text);
  });

  it("does not leave a script opener behind in nested input", () => {
    expect(sanitize("<<script>script>alert(1)</script>").toLowerCase()).not.toContain("<script");
  });
});

describe("sanitizeContact", () => {
  it("sanitizes every field", () => {
    expect(
      sanitizeContact({
        name: " <b>Ada</b> ",
        email: "ada@example.com<script>x</script>",
        company: "javascript:Acme",
        message: "Hello <img src=x onerror=alert(1)>world",
      }),
    ).toEqual({ name: "Ada", email: "ada@example.com", company: "Acme", message: "Hello world" });
  });
});

describe("sanitize stays fast on pathological input", () => {
  const nestedScheme = `${"java".repeat(200)}javascript:${"script:".repeat(200)}`;
  it.each([
    ["nested angle brackets", "<".repeat(1000) + ">".repeat(1000)],
    ["unclosed script openers", "<script".repeat(300)],
    ["unclosed script closers", "</script".repeat(300)],
    ["unterminated tags", "<a".repeat(1000)],
    ["brackets before a tag", "<".repeat(1000) + "a>".repeat(500)],
    ["nested reassembling tags", "<".repeat(700) + "b>i>".repeat(700)],
    ["nested javascript: schemes", nestedScheme],
    ["many script blocks", "<script>x</script>".repeat(200)],
    ["many handlers", " onclick=".repeat(250)],
    ["tabs in schemes", `${"j\t".repeat(1000)}:`],
  ])("%s", (_label, input) => {
    expect(input.length).toBeGreaterThanOrEqual(2000);
    const started = performance.now();
    const output = sanitize(input);
    // Generous bound: it only has to catch exponential or cubic behaviour.
    expect(performance.now() - started).toBeLessThan(200);
    expect(sanitize(output)).toBe(output);
  });

  it("fully unwraps nested javascript: schemes", () => {
    expect(sanitize(`${"java".repeat(200)}javascript:${"script:".repeat(200)}`)).toBe("");
  });
});
