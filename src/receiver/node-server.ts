import { Server as NetServer } from "node:net";
import { type ServerRequest, serve } from "srvx";
import { withApiHeaders } from "./api-headers.ts";
import type { createReceiver, ReceiverEvent } from "./handler.ts";
import { MAX_BODY_BYTES } from "./request.ts";
import { type TurnLimits, turnAdmission } from "./turn-admission.ts";

// Where the receiver answers; everything else is 404 (nginx sends it only this path).
import { CONTACT_PATH } from "../host/addresses.ts";

export { CONTACT_PATH };
/** For monitors: what is wrong now, never a message's text (200 when nothing, 503 otherwise). */
export const HEALTH_PATH = `${CONTACT_PATH}/health`;

/** Messages handled at once at most (bodies read, being checked and kept); past it 503 before the body is read. */
export const MAX_ACTIVE_REQUESTS = 256;
/**
 * Bodies being read at once at most: a bound of its own, so slow clients (a body trickling in) never take the
 * places of messages that have arrived. Past it 503 before the body is read.
 */
export const MAX_READING = 1_024;
/**
 * A new message is refused (503 before its body is read) when the server would make it wait longer than this:
 * when a message whose body has arrived has been in progress this long (the messages before it are not done,
 * so a new one would wait at least as long), or when the event loop is this late (it is held up: everything
 * already waiting in it comes first). A count alone (MAX_ACTIVE_REQUESTS) admits 256 messages whatever each costs
 * on this machine now; this bound admits what is served within it, and sheds the rest while shedding is cheap.
 * 250 ms, not less: a visitor does not notice it, and a machine that is merely slow (other work on its cores, a
 * pause of the garbage collector) stays under it while it serves a handful of messages.
 */
export const MAX_WAIT_MS = 250;
/**
 * The wait bound applies only with this many messages in progress: below it the receiver is not flooded, whatever
 * the loop's delay says (a slow machine, not too many visitors), and those few are served within moments.
 */
export const SHED_FLOOR = 32;
/**
 * Admission by the turn of the event loop (turn-admission.ts), by its length less its waits for I/O: a turn longer
 * than `lateMs` is late; once `floor` new messages came in late turns in a row, each turn takes in new
 * messages until it has run `budgetMs` and answers the rest 503 at once, until `floor` new messages fitted in
 * turns that refused none. A request then waits about two turns for its answer, so 503s come within tens of
 * milliseconds however many arrive. The floor is above a burst (50 at once from one office) and above what a
 * pause of a few tens of milliseconds leaves at 800/s, which this server keeps in full on a quiet machine.
 */
export const TURN_LIMITS: TurnLimits = { lateMs: 20, budgetMs: 10, floor: 128 };
/** How often the event loop's delay is looked at (an unref'd timer: the lateness of each of its ticks). */
const LOOP_TICK_MS = 10;
/** Open connections at most; Node refuses the ones beyond at once. */
export const MAX_CONNECTIONS = 4_096;
/**
 * Connections the kernel holds for the receiver before it accepts them (listen's backlog; Linux caps it at
 * net.core.somaxconn, 4,096 since 5.4). Node's default of 511 overflows when a burst meets an event loop that
 * is busy for a moment: the kernel then drops the connection's handshake and the client tries again after 1 s,
 * 3 s, 7 s..., an answer that comes seconds late or not in 30 s. With room for as many as may be open, every
 * one is accepted and answered, 503 at once past the bounds.
 */
export const LISTEN_BACKLOG = MAX_CONNECTIONS;
/**
 * A body gets this long in all: the largest one (16 KB) then needs 3.3 KB/s, a phone on a poor line sends a
 * form's 2 KB within a second. Past it 408 and the connection closes.
 */
export const BODY_DEADLINE_MS = 5_000;
/** Headers get this long (Node's headersTimeout), the whole request this long (requestTimeout). */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;

const notKept = (reason: string, retryAfter: number, close = false) =>
  new Response(JSON.stringify({ error: "unavailable", reason }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfter),
      ...(close ? { Connection: "close" } : {}),
    },
  });

class SlowBody extends Error {}

/** The body, at most MAX_BODY_BYTES + 1 bytes of it (request.ts answers 413 beyond), within the deadline. */
async function readBody(request: Request, deadlineMs: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlowBody()), deadlineMs);
  });
  try {
    while (size <= MAX_BODY_BYTES) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export interface ReceiverServerOptions {
  port: number;
  hostname?: string;
  maxActive?: number;
  maxReading?: number;
  /** MAX_WAIT_MS unless told: the longest a new message may expect to wait before it is refused. */
  maxWaitMs?: number;
  /** TURN_LIMITS unless told. */
  turnLimits?: TurnLimits;
  bodyDeadlineMs?: number;
  log?: (event: ReceiverEvent) => void;
  /** Why a new message cannot be kept now (the outbox's file, its bound): 503 before its body is read. */
  refusal?: () => string | undefined;
  /** What GET /api/contact/health answers: the problems, one line each, and counts without any text. */
  health?: () => { problems: string[] } & Record<string, unknown>;
}

/**
 * The receiver as a Node server (srvx adapts Node's HTTP to Request and Response). It listens on 127.0.0.1
 * unless told otherwise: nginx in front forwards /api/contact and sets X-Forwarded-For, which is trusted only
 * from a proxy on this machine, so each visitor keeps a limit of their own. Every 503 comes before the body
 * is read and is logged once with its reason. stop() answers every request that reaches it (503 from then on,
 * never a reset) and closes the listener.
 */
export async function startReceiverServer(
  receive: ReturnType<typeof createReceiver>,
  {
    port,
    hostname = "127.0.0.1",
    maxActive = MAX_ACTIVE_REQUESTS,
    maxReading = MAX_READING,
    maxWaitMs = MAX_WAIT_MS,
    turnLimits = TURN_LIMITS,
    bodyDeadlineMs = BODY_DEADLINE_MS,
    log = () => {},
    refusal = () => undefined,
    health,
  }: ReceiverServerOptions,
) {
  let active = 0;
  let reading = 0;
  let stopping = false;
  let drained: (() => void) | undefined;
  const turns = turnAdmission(turnLimits);
  // When each message in progress (body read) began, in the order they began: the first is the oldest.
  const begun = new Map<object, number>();
  const oldestWait = (time: number) => {
    const first = begun.values().next();
    return first.done ? 0 : time - first.value;
  };
  // The event loop's delay: how late its last tick ran, or, while it has not run since, how late it is now.
  let tickAt = performance.now();
  let lastLate = 0;
  const ticks = setInterval(() => {
    const time = performance.now();
    lastLate = time - tickAt - LOOP_TICK_MS;
    tickAt = time;
  }, LOOP_TICK_MS);
  ticks.unref();
  const loopDelay = (time: number) => Math.max(lastLate, time - tickAt - LOOP_TICK_MS);
  /** Why a new message would wait longer than maxWaitMs now; undefined when it would not. */
  const overloaded = (): string | undefined => {
    if (active < SHED_FLOOR) return undefined;
    const time = performance.now();
    const delay = loopDelay(time);
    if (delay > maxWaitMs) return `overloaded (the event loop ${Math.round(delay)} ms late)`;
    const waited = oldestWait(time);
    if (waited > maxWaitMs) return `overloaded (a message in progress for ${Math.round(waited)} ms)`;
    return undefined;
  };
  const shed = (reason: string, retryAfter: number, close = false) => {
    log({ event: "shed", status: 503, reason: `${reason}: not kept` });
    return notKept(reason, retryAfter, close);
  };
  const server = serve({
    port,
    hostname,
    silent: true,
    trustProxy: "loopback",
    // src/cli/receiver.ts stops in its own order: the requests, then the sender, then the store.
    gracefulShutdown: false,
    node: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      // How often Node looks for requests past those timeouts (30 s unless told).
      connectionsCheckingInterval: 1_000,
      backlog: LISTEN_BACKLOG,
    },
    // Every answer with the same headers as on the serverless hosts (api-headers.ts), nginx or not in front.
    fetch: async (request) => withApiHeaders(await answer(request)),
  });
  async function answer(request: ServerRequest): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === HEALTH_PATH && health && request.method === "GET") {
      const report = health();
      return new Response(JSON.stringify({ status: report.problems.length === 0 ? "ok" : "alert", ...report }), {
        status: report.problems.length === 0 ? 200 : 503,
        headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    if (path !== CONTACT_PATH) return new Response("Not found", { status: 404 });
    if (stopping) return shed("restarting", 5, true);
    const address = request.ip ?? "unknown";
    if (request.method !== "POST") return receive(request, { address, waitUntil: request.waitUntil });
    const refused = refusal();
    if (refused) return shed(refused, 60);
    if (active >= maxActive) return shed("busy", 5);
    if (reading >= maxReading) return shed("too many bodies arriving", 5);
    const late = overloaded() ?? turns.admit();
    if (late) return shed(late, 5);
    let body: Uint8Array<ArrayBuffer> | undefined;
    reading += 1;
    try {
      body = await readBody(request, bodyDeadlineMs);
    } catch (error) {
      if (!(error instanceof SlowBody)) throw error;
      log({ event: "refused", status: 408, reason: `body not complete within ${bodyDeadlineMs} ms` });
      return new Response(JSON.stringify({ error: "timeout" }), {
        status: 408,
        headers: { "Content-Type": "application/json; charset=utf-8", Connection: "close" },
      });
    } finally {
      reading -= 1;
      if (active + reading === 0) drained?.();
    }
    if (active >= maxActive) return shed("busy", 5);
    active += 1;
    const token = {};
    begun.set(token, performance.now());
    try {
      const read = new Request(request.url, { method: "POST", headers: request.headers, body });
      return await receive(read, { address, waitUntil: request.waitUntil });
    } finally {
      begun.delete(token);
      active -= 1;
      if (active + reading === 0) drained?.();
    }
  }
  await server.ready();
  const node = server.node?.server as
    | (NetServer & { closeIdleConnections?: () => void; closeAllConnections?: () => void; maxConnections: number })
    | undefined;
  if (node) node.maxConnections = MAX_CONNECTIONS;
  return Object.assign(server, {
    active: () => active,
    reading: () => reading,
    /**
     * Stops taking connections, answers every request that still arrives on an open one (503, "restarting",
     * and the connection closes), waits for the ones in flight, then closes the idle connections. Node's own
     * close() would drop connections whose request had not arrived yet (a reset for that visitor).
     */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(ticks);
      if (!node) return void (await server.close());
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(node, () => resolve()));
      if (active + reading > 0) await new Promise<void>((resolve) => (drained = resolve));
      // A connection opened just before gets its request answered; one that sends none is closed after this.
      await new Promise((resolve) => setTimeout(resolve, 200));
      node.closeIdleConnections?.();
      const grace = setTimeout(() => node.closeAllConnections?.(), HEADERS_TIMEOUT_MS);
      await closed;
      clearTimeout(grace);
    },
  });
}
