import { connect, type Socket } from "node:net";
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

/** The CPU time of this thread, in ms: a message's cost that no wait for a core can shorten. */
const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1_000;
};

/** Raw connections to the server, opened and accepted before any request is sent on them. */
async function openConnections(port: number, count: number) {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, "127.0.0.1", () => resolve(socket));
          socket.on("error", reject);
        }),
    ),
  );
  const listener = server?.node?.server;
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) =>
        listener?.getConnections((_, open) => (open === count ? resolve() : reject(new Error(`${open} open`)))),
      ),
  );
  return sockets;
}

/**
 * One request on each socket, every one of them written in one go, so that the server reads them all in one turn
 * of its event loop; resolves with each answer's status.
 */
function oneTurn(sockets: Socket[]): Promise<number[]> {
  const body = "{}";
  const answers = sockets.map(
    (socket) =>
      new Promise<number>((resolve) => {
        let answer = "";
        const onData = (chunk: Buffer) => {
          answer += chunk.toString("latin1");
          if (!answer.includes("\r\n\r\n")) return;
          socket.off("data", onData);
          resolve(Number(/^HTTP\/1.1 (\d{3})/.exec(answer)?.[1]));
        };
        socket.on("data", onData);
      }),
  );
  for (const socket of sockets)
    socket.write(
      `POST ${CONTACT_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
  return Promise.all(answers);
}

it("once turns of the event loop stay long, a turn takes in new messages for its budget and answers the rest 503 before their bodies are read, until the work fits again", async () => {
  const events: ReceiverEvent[] = [];
  let received = 0;
  // Each message costs the event loop's thread more CPU than a turn's budget.
  const budgetMs = 20;
  server = await startReceiverServer(
    async () => {
      received += 1;
      const until = cpuMs() + budgetMs * 1.5;
      while (cpuMs() < until);
      return new Response(null, { status: 202 });
    },
    { port: 0, turnLimits: { lateMs: budgetMs, budgetMs, floor: 4 }, log: (event) => events.push(event) },
  );
  const port = Number(new URL(server.url ?? "").port);
  const sockets = await openConnections(port, 4);
  // A turn of 4 messages (longer than lateMs, and as many as the floor): all kept; from now on the server sheds.
  expect(await oneTurn(sockets)).toEqual([202, 202, 202, 202]);
  expect(received).toBe(4);
  // The next turn: its first message is taken in, and once it has spent the budget the rest get 503, unread.
  const statuses = await oneTurn(sockets);
  expect(statuses.filter((status) => status === 202)).toHaveLength(1);
  expect(statuses.filter((status) => status === 503)).toHaveLength(3);
  expect(received).toBe(5);
  const shed = events.filter((event) => event.event === "shed");
  expect(shed).toHaveLength(3);
  for (const event of shed)
    expect(event.reason).toMatch(/^overloaded \(this turn of the event loop \d+ ms long\): not kept$/);
  // As many messages as the floor, each fitting in its turn, end the shedding: a turn of two is kept whole again.
  for (let turn = 0; turn < 4; turn += 1) expect(await oneTurn(sockets.slice(0, 1))).toEqual([202]);
  expect(await oneTurn(sockets.slice(0, 2))).toEqual([202, 202]);
  expect(received).toBe(11);
  for (const socket of sockets) socket.destroy();
});
