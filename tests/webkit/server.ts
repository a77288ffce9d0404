/**
 * The built dist/ served by the same server as npm start, with one addition for the tests: every
 * Content-Security-Policy also names a report-uri on this server. The automation session does not pass the
 * browser's console on, and a page's own listeners come too late for what happens while it loads; WebKit
 * posts a report for every violation, at load or later, and the tests read them here. report-uri allows
 * nothing the policy refuses.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { startStaticServer } from "../../src/server/static-server.ts";

export const REPORTS_PATH = "/__webkit-tests/csp-reports";

/** What WebKit posts (application/csp-report), the fields the tests print. */
export interface CspReport {
  "document-uri": string;
  "violated-directive": string;
  "blocked-uri": string;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

/**
 * Serves dir on a port the OS hands out. POST REPORTS_PATH collects a report; GET REPORTS_PATH?until=<blocked URI>
 * answers with every report so far, in order, once a report for that URI has arrived (at once if it has).
 */
export function startReportingServer(dir: string): Promise<Server> {
  const reports: CspReport[] = [];
  const waiting: { until: string; response: ServerResponse }[] = [];
  const answer = (response: ServerResponse) =>
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(reports));
  const arrived = (until: string) => reports.some((report) => report["blocked-uri"] === until);
  const before = (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    if (path === REPORTS_PATH && request.method === "POST") {
      void readBody(request).then((body) => {
        reports.push((JSON.parse(body) as { "csp-report": CspReport })["csp-report"]);
        response.writeHead(204).end();
        for (const waiter of waiting.filter((candidate) => arrived(candidate.until))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          answer(waiter.response);
        }
      });
      return true;
    }
    if (path === REPORTS_PATH) {
      const until = new URL(request.url ?? "", "http://localhost").searchParams.get("until") ?? "";
      if (until === "" || arrived(until)) answer(response);
      else waiting.push({ until, response });
      return true;
    }
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name, value) =>
      setHeader(name, /^content-security-policy$/i.test(name) ? `${value}; report-uri ${REPORTS_PATH}` : value);
    return false;
  };
  return startStaticServer({ dir, port: 0, before });
}
