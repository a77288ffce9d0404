import { withApiHeaders as secured } from "../api-headers.ts";
import { ConfigError } from "../config.ts";
import { formatEvent } from "../log.ts";
import type { ClientInfo, createReceiver } from "../handler.ts";

type Receive = ReturnType<typeof createReceiver>;

/**
 * A serverless host's receiver, made on the first request (the environment is only there then) and kept for
 * the instance's life. A missing setting answers 503 and says in the host's log which one. Every answer carries
 * the security headers (host/policy.ts, apiHeaders).
 */
export function lazyReceiver(make: () => Receive) {
  let receive: Receive | undefined;
  return async (request: Request, client: ClientInfo): Promise<Response> => {
    try {
      receive ??= make();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`contact receiver not configured: ${error.message.replaceAll("\n", "; ")}`);
      return secured(
        new Response('{"error":"unavailable"}', {
          status: 503,
          headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "300" },
        }),
      );
    }
    return secured(await receive(request, client));
  };
}

export const logToConsole = (event: Parameters<typeof formatEvent>[0]) => console.log(formatEvent(event, new Date()));
