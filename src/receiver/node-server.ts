import { serve } from "srvx";
import type { createReceiver } from "./handler.ts";

// Where the receiver answers; everything else is 404 (nginx sends it only this path).
import { CONTACT_PATH } from "../host/addresses.ts";

export { CONTACT_PATH };

/** Requests handled at once at most; past it 503 at once, nothing kept (the answer comes within milliseconds). */
export const MAX_ACTIVE_REQUESTS = 256;

const notKept = (reason: string, retryAfter: number) =>
  new Response(JSON.stringify({ error: "unavailable", reason }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfter),
    },
  });

/**
 * The receiver as a Node server (srvx adapts Node's HTTP to Request and Response). It listens on 127.0.0.1
 * unless told otherwise: nginx in front forwards /api/contact and sets X-Forwarded-For, which is trusted only
 * from a proxy on this machine, so each visitor keeps a limit of their own. stop() refuses what arrives from
 * then on (503, not kept), answers every request already in, and closes the listener.
 */
export async function startReceiverServer(
  receive: ReturnType<typeof createReceiver>,
  {
    port,
    hostname = "127.0.0.1",
    maxActive = MAX_ACTIVE_REQUESTS,
  }: { port: number; hostname?: string; maxActive?: number },
) {
  let active = 0;
  let stopping = false;
  let drained: (() => void) | undefined;
  const server = serve({
    port,
    hostname,
    silent: true,
    trustProxy: "loopback",
    // src/cli/receiver.ts stops in its own order: the requests, then the sender, then the store.
    gracefulShutdown: false,
    async fetch(request) {
      if (new URL(request.url).pathname !== CONTACT_PATH) return new Response("Not found", { status: 404 });
      if (stopping) return notKept("restarting", 5);
      if (active >= maxActive) return notKept("busy", 5);
      active += 1;
      try {
        return await receive(request, { address: request.ip ?? "unknown", waitUntil: request.waitUntil });
      } finally {
        active -= 1;
        if (active === 0) drained?.();
      }
    },
  });
  await server.ready();
  return Object.assign(server, {
    active: () => active,
    /** Stops taking requests, waits for the ones in flight to be answered, closes the listener. */
    async stop(): Promise<void> {
      stopping = true;
      const closing = server.close();
      if (active > 0) await new Promise<void>((resolve) => (drained = resolve));
      // Idle keep-alive connections would hold close() open; the requests are answered, so they may go.
      (server.node?.server as { closeIdleConnections?: () => void } | undefined)?.closeIdleConnections?.();
      await closing;
    },
  });
}
