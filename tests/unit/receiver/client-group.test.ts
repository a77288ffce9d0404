/**
 * The per-client limit counts an IPv4 address or an IPv6 /64 (client-group.ts): a client with a /64 of its own
 * cannot pass the limit by taking another of its addresses for each message.
 */
import { describe, expect, it } from "vitest";
import { clientGroup } from "../../../src/receiver/client-group.ts";
import { harness, MIN } from "./spam-harness.ts";

describe("what counts as one client", () => {
  it("IPv4 as itself, IPv4 written as IPv6 as that IPv4, IPv6 by its /64 however it is written", () => {
    expect(clientGroup("198.51.100.7")).toBe("198.51.100.7");
    expect(clientGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("[2001:db8:1:2:a::b]")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientGroup("unknown")).toBe("unknown");
  });

  it("30 messages from 30 addresses of one IPv6 /64: 10 kept, 20 answered 429; another /64 is another client", async () => {
    const t = harness({ outbox: true, rules: { minFillMs: MIN } });
    const tokens: string[] = [];
    for (let i = 0; i < 31; i += 1) {
      tokens.push(((await t.ticket().then((answer) => answer.json())) as { token: string }).token);
      t.advance(1);
    }
    t.advance(MIN);
    const statuses = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await t.post({ fillToken: tokens[i] }, `2001:db8:1:2::${(i + 1).toString(16)}`)).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect((await t.post({ fillToken: tokens[30] }, "2001:db8:1:3::1")).status).toBe(202);
    expect(t.pending()).toMatchObject({ queued: 11 });
  });
});
