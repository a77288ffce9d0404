import { type IncomingMessage, request as httpRequest, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";

/**
 * What nginx's `location = /api/contact { proxy_pass … }` does (docs/receiver.md), for npm start and npm run
 * serve with --receiver URL and for the browser tests: the request goes on to the receiver with the client's
 * address in X-Forwarded-For, its answer comes back as it is, and a receiver that is not there is a 502.
 */
export function forwardTo(receiverUrl: string) {
  const target = new URL(receiverUrl);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return (incoming: IncomingMessage, response: ServerResponse) => {
    const forwarded = send({
      protocol: target.protocol,
      host: target.hostname,
      port: target.port,
      path: `${target.pathname.replace(/\/$/, "")}${incoming.url ?? "/"}`,
      method: incoming.method,
      headers: { ...incoming.headers, host: target.host, "x-forwarded-for": incoming.socket.remoteAddress ?? "" },
    });
    forwarded.on("response", (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on("error", () => {
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      response.end("The contact receiver is not reachable.");
    });
    incoming.pipe(forwarded);
  };
}
