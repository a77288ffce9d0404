import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contentWith, page } from "../../../support/build.ts";

// Issue 46: the output checks read _redirects and nginx's redirect include back as the hosts read them. Each case
// replaces the writer by a mutant that writes what an earlier build let through (an alias nginx refuses, a rule
// Netlify reads as a pattern); the real build must then fail, naming the host file and the page of the alias.
const content = contentWith({
  "en/pages/probe.md": page({ title: "Probe", description: "A probe.", aliases: "[/old-probe]" }),
});
afterAll(() => content.cleanup());
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.doUnmock("../../../../src/pipeline/host-files/redirects.ts");
  // The build imported with the mutant goes too: the next file in this worker imports its own (vitest.config.ts).
  vi.resetModules();
});

/** The build's messages, the build loaded afresh so that the mutant in place is the writer it calls. */
const failureOf = async (...args: Parameters<typeof import("../../../support/build.ts").failureOf>) =>
  (await import("../../../support/build.ts")).failureOf(...args);

type Writers = typeof import("../../../../src/pipeline/host-files/redirects.ts");
const mutant = (change: (real: Writers) => Partial<Writers>) =>
  vi.doMock("../../../../src/pipeline/host-files/redirects.ts", async (original) => {
    const real = await original<Writers>();
    return { ...real, ...change(real) };
  });

describe("host files read back as the hosts read them", () => {
  it("builds as it is (the mutants below are what fails)", async () => {
    expect(await failureOf(content)).toEqual([]);
  });

  it("an nginx include with a duplicate location fails the build, naming the file and the alias's page", async () => {
    mutant((real) => ({ nginxRedirects: (aliases) => real.nginxRedirects([...aliases, ...aliases]) }));
    expect((await failureOf(content)).join("\n")).toMatch(
      /^content\/en\/pages\/probe\.md:4: .*_nginx-redirects\.conf: location = \/old-probe is there twice: nginx refuses the configuration/m,
    );
  });

  it("an nginx include whose path holds a ; or { fails the build", async () => {
    for (const bad of ["/old;probe", "/old{probe"]) {
      mutant((real) => ({
        nginxRedirects: (aliases) => real.nginxRedirects(aliases.map((a) => ({ ...a, from: bad }))),
      }));
      expect((await failureOf(content)).join("\n"), bad).toMatch(
        /_nginx-redirects\.conf: .*(not an exact location|nginx cannot read it)/,
      );
      vi.resetModules();
    }
  });

  it("a _redirects rule that Netlify or Cloudflare would read as a pattern fails the build", async () => {
    for (const [from, meaning] of <[string, string][]>[
      ["/de/*", "`*` means 'any address'"],
      ["/blog/:slug", "`:slug` is a placeholder"],
    ]) {
      mutant((real) => ({
        redirectsFile: (aliases = []) => real.redirectsFile(aliases.map((a) => ({ ...a, from }))),
      }));
      expect((await failureOf(content)).join("\n"), from).toMatch(
        new RegExp(`_redirects: line \\d+: "${from.replace("*", "\\*")}" .*${meaning.replace("*", "\\*")}`),
      );
      vi.resetModules();
    }
  });
});
