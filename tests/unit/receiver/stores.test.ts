import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../../src/receiver/stores/memory.ts";
import { netlifyBlobsStore } from "../../../src/receiver/stores/netlify-blobs.ts";
import { sqliteStore } from "../../../src/receiver/stores/sqlite.ts";
import { type Clock, type ExpiringStore, SWEEP_EVERY_MS } from "../../../src/receiver/stores/store.ts";

// Every store the receiver ships that can run here, against one contract, with a clock the test moves.
const work = mkdtempSync(join(tmpdir(), "receiver-stores-"));
let blobs: BlobsServer;
let blobsPort = 0;
let stores = 0;

beforeAll(async () => {
  // Netlify's own local Blobs server (what `netlify dev` runs), on 127.0.0.1, keeping its files in a temp folder.
  blobs = new BlobsServer({ directory: join(work, "blobs"), token: "test-token", logger: () => {} });
  blobsPort = (await blobs.start()).port;
});
afterAll(async () => {
  await blobs.stop();
  rmSync(work, { recursive: true, force: true });
});

const kinds: [string, (now: Clock) => ExpiringStore][] = [
  ["memory", (now) => memoryStore(now)],
  ["SQLite", (now) => sqliteStore(join(work, `store-${++stores}.sqlite`), now)],
  [
    "Netlify Blobs",
    (now) =>
      netlifyBlobsStore(
        getStore({
          name: `contact-${++stores}`,
          siteID: "test-site",
          token: "test-token",
          apiURL: `http://127.0.0.1:${blobsPort}`,
          edgeURL: `http://127.0.0.1:${blobsPort}`,
          uncachedEdgeURL: `http://127.0.0.1:${blobsPort}`,
          consistency: "strong",
        }),
        now,
      ),
  ],
];

describe.each(kinds)("%s", (name, make) => {
  const T = Date.UTC(2026, 0, 5, 9);

  it("keeps a value until its time, then has nothing", async () => {
    let now = T;
    const store = make(() => now);
    expect(await store.get("key:a")).toBeUndefined();
    expect(await store.put("key:a", "delivered", T + 1000)).toBe(true);
    now = T + 999;
    expect(await store.get("key:a")).toBe("delivered");
    now = T + 1000;
    expect(await store.get("key:a")).toBeUndefined();
  });

  it("a claim (onlyIfFree) succeeds once while the key holds something, again once it has expired", async () => {
    let now = T;
    const store = make(() => now);
    expect(await store.put("key:b", "sending", T + 500, true)).toBe(true);
    expect(await store.put("key:b", "sending", T + 500, true)).toBe(false);
    expect(await store.get("key:b")).toBe("sending");
    now = T + 500;
    expect(await store.put("key:b", "sending", T + 1500, true)).toBe(true);
    // An unconditional write replaces whatever is there.
    expect(await store.put("key:b", "delivered", T + 9000)).toBe(true);
    expect(await store.get("key:b")).toBe("delivered");
  });

  it("delete frees a key at once; two claims at the same moment: exactly one wins", async () => {
    const store = make(() => T);
    await store.put("key:c", "sending", T + 500, true);
    await store.delete("key:c");
    expect(await store.get("key:c")).toBeUndefined();
    const claims = await Promise.all([1, 2, 3].map(() => store.put("key:d", "sending", T + 500, true)));
    // Netlify's local Blobs server checks If-None-Match and then writes, two steps, so concurrent claims can all
    // win there; Netlify's service makes the conditional write atomic. One at a time, it refuses the second.
    if (name === "Netlify Blobs") expect(await store.put("key:d", "sending", T + 500, true)).toBe(false);
    else expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("a sweep comes exactly a minute after the last one, and takes what expires that very moment", async () => {
    let now = T;
    const store = make(() => now);
    await store.put("client:first", "1", T + 120_000);
    await store.put("client:x", "1", T + SWEEP_EVERY_MS);
    now = T + SWEEP_EVERY_MS;
    await store.put("client:y", "1", now + 1000);
    now = T;
    // Moving the clock back would show an entry that was merely hidden; a swept one is gone.
    expect(await store.get("client:x")).toBeUndefined();
    expect(await store.get("client:first")).toBe("1");
  });

  it("what has expired is swept out, not only hidden", async () => {
    let now = T;
    const store = make(() => now);
    await store.put("client:x", "1", T + 1000);
    now = T + 120_000;
    await store.put("client:y", "1", now + 1000);
    now = T;
    // Moving the clock back would show an entry that was merely hidden; a swept one is gone.
    expect(await store.get("client:x")).toBeUndefined();
  });
});
