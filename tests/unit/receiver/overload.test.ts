import { connect } from "node:net";
import { afterEach, expect, it, vi } from "vitest";
import type { ReceiverEvent } from "../../../src/receiver/handler.ts";
import { CONTACT_PATH, SHED_FLOOR, startReceiverServer } from "../../../src/receiver/node-server.ts";

// Shedding by the server's state, not only by a count (issue 56, "Shed at once, answer always"): a message that
// would wait past the bound is refused before its body is read, and the 503 is logged once with its reason.
let server: Awaited<ReturnType<typeof startReceiverServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Sends a POST's headers and none of its body; resolves with the first line of the answer. */
function headersOnly(port: number, sent: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${CONTACT_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
        sent,
      );
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n")) {
        resolve(answer.split("\r\n")[0] ?? "");
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}

it("a message that arrives while the event loop is held up, with messages in progress, gets 503 before its body is read, logged once with the reason", async () => {
  const events: ReceiverEvent[] = [];
  let received = 0;
  let letGo: () => void = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const maxWaitMs = 50;
  server = await startReceiverServer(
    async () => {
      received += 1;
      await held;
      return new Response(null, { status: 202 });
    },
    // The old code waited for the body (which never comes here) and answered 408 after this deadline.
    { port: 0, maxWaitMs, bodyDeadlineMs: 2_000, log: (event) => events.push(event) },
  );
  const url = server.url ?? "";
  const port = Number(new URL(url).port);
  // As many messages in progress as the bound needs before it sheds (below it the receiver is not flooded).
  const inProgress = Array.from({ length: SHED_FLOOR }, () =>
    fetch(new URL(CONTACT_PATH, url), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
  );
  await vi.waitFor(() => expect(server?.active()).toBe(SHED_FLOOR));
  const answered = headersOnly(port, () => {
    // The event loop held busy (as by a burst of work) well past the bound, once the headers are on their way.
    const until = performance.now() + maxWaitMs * 4;
    while (performance.now() < until);
  });
  expect(await answered).toMatch(/^HTTP\/1.1 503\b/);
  expect(received).toBe(SHED_FLOOR);
  const shed = events.filter((event) => event.event === "shed");
  expect(shed).toHaveLength(1);
  expect(shed[0]).toMatchObject({ status: 503 });
  expect(shed[0]?.reason).toMatch(
    /^overloaded \((the event loop \d+ ms late|a message in progress for \d+ ms)\): not kept$/,
  );
  letGo();
  expect((await Promise.all(inProgress)).map((answer) => answer.status)).toEqual(Array(SHED_FLOOR).fill(202));
});
