import { serve } from "srvx";
import type { createReceiver } from "./handler.ts";

/** Where the receiver answers; everything else is 404 (nginx sends it only this path). */
export const CONTACT_PATH = "/api/contact";

/**
 * The receiver as a Node server (srvx adapts Node's HTTP to Request and Response). It listens on 127.0.0.1
 * unless told otherwise: nginx in front forwards /api/contact and sets X-Forwarded-For, which is trusted only
 * from a proxy on this machine, so each visitor keeps a limit of their own.
 */
export async function startReceiverServer(
  receive: ReturnType<typeof createReceiver>,
  { port, hostname = "127.0.0.1" }: { port: number; hostname?: string },
) {
  const server = serve({
    port,
    hostname,
    silent: true,
    trustProxy: "loopback",
    fetch(request) {
      if (new URL(request.url).pathname !== CONTACT_PATH) return new Response("Not found", { status: 404 });
      return receive(request, { address: request.ip ?? "unknown", waitUntil: request.waitUntil });
    },
  });
  await server.ready();
  return server;
}
