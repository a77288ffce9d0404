import {
  type CampaignFields,
  type ContactValues,
  FIELDS,
  FILL_TOKEN_FIELD,
  HONEYPOT_FIELD,
  campaignOf,
} from "../shared/form/index.ts";
import { PROOF_OF_WORK_FIELD } from "../shared/form/proof-of-work.ts";

/** Fields a body may leave out: read as "". */
const OPTIONAL = [HONEYPOT_FIELD, FILL_TOKEN_FIELD, PROOF_OF_WORK_FIELD, "query"];

/** Bodies above this are refused (413): the longest message the form allows is a fraction of it. */
export const MAX_BODY_BYTES = 16 * 1024;

export interface ContactRequest extends CampaignFields {
  values: ContactValues;
  language: string;
  page: string;
  idempotencyKey: string;
  honeypot: string;
  /** The fill token from GET /api/contact (fill-time.ts); "" when the body had none. */
  fillToken: string;
  /** The solved proof of work (proof-of-work.ts); "" when the body had none. */
  proofOfWork: string;
}

/** A request the receiver refuses before reading what it says: its status and the reason for the log. */
export class Refused extends Error {
  readonly status: number;
  readonly reason: string;
  readonly headers: Record<string, string>;
  // Plain fields, not parameter properties: Node's own type stripping (npm run receiver) cannot run those.
  constructor(status: number, reason: string, headers: Record<string, string> = {}) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.headers = headers;
  }
}

/** Reads at most MAX_BODY_BYTES of the body, whatever Content-Length claims (413 beyond). */
async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new Refused(413, `body of ${declared} bytes`);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Refused(413, `body over ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  // Web streams only (no Buffer): the same code runs on Node, Netlify and Cloudflare.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

// A line break or any other control character would end a header line: never in a one-line field.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these are refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The message is the mail's body: line breaks and tabs belong there, the other control characters do not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these are refused
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const KEY = /^[A-Za-z0-9-]{16,64}$/;

/** What the mail names when the page the form sent is no path of this site. */
export const UNKNOWN_PAGE = "unknown";

/**
 * The page as a path of the site, as a browser would resolve it against the site's origin ("/\evil.example@x"
 * resolves to another host, a query or fragment is dropped, odd characters come percent-encoded), or
 * UNKNOWN_PAGE: the mail's link then never leads elsewhere, and the subject holds nothing but a path.
 */
function pathOnSite(page: string, siteOrigin: string): string {
  let url: URL;
  try {
    url = new URL(page, `${siteOrigin}/`);
  } catch {
    return UNKNOWN_PAGE;
  }
  if (url.origin !== siteOrigin || page.includes("\\") || page.includes("@")) return UNKNOWN_PAGE;
  return url.pathname;
}

/**
 * The checks before the form's own rules: method, origin, media type, size, and a JSON object of strings in
 * the form's shape (400 for anything the form itself never sends).
 */
export async function readContactRequest(
  request: Request,
  siteOrigin: string,
  languages: readonly string[],
): Promise<ContactRequest> {
  if (request.method !== "POST") throw new Refused(405, `method ${request.method}`, { Allow: "GET, POST" });
  const origin = request.headers.get("origin");
  if (origin !== siteOrigin) throw new Refused(403, `origin ${origin ?? "(none)"}`);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new Refused(415, `content type ${type || "(none)"}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readLimited(request));
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(400, "not JSON in UTF-8");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Refused(400, "not an object");
  const body = parsed as Record<string, unknown>;
  const text = (name: string) => {
    const value = body[name] ?? (OPTIONAL.includes(name) ? "" : undefined);
    if (typeof value !== "string") throw new Refused(400, `${name} missing or not text`);
    if (name === "message" ? CONTROL_IN_TEXT.test(value) : CONTROL.test(value))
      throw new Refused(400, `${name} holds a line break or control character`);
    return value;
  };
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(field)])) as ContactValues;
  const language = text("language");
  if (!languages.includes(language)) throw new Refused(400, `language ${language.slice(0, 20)}`);
  const page = text("page");
  if (!page.startsWith("/") || page.startsWith("//") || page.length > 2000) throw new Refused(400, "page not a path");
  const sitePath = pathOnSite(page, siteOrigin);
  const idempotencyKey = text("idempotencyKey");
  if (!KEY.test(idempotencyKey)) throw new Refused(400, "idempotencyKey not 16 to 64 letters, digits or -");
  const fillToken = text(FILL_TOKEN_FIELD);
  if (fillToken.length > 200) throw new Refused(400, `${FILL_TOKEN_FIELD} over 200 characters`);
  const proofOfWork = text(PROOF_OF_WORK_FIELD);
  if (proofOfWork.length > 1000) throw new Refused(400, `${PROOF_OF_WORK_FIELD} over 1000 characters`);
  // The form page's query, as the browser has it: a landing page's campaign (shared/form/campaign.ts), if any. An
  // address edited by hand only loses its campaign, never the message.
  const query = text("query");
  const { campaign, landingPage } = query.length <= 2000 ? campaignOf(query) : {};
  return {
    values,
    language,
    page: sitePath,
    idempotencyKey,
    honeypot: text(HONEYPOT_FIELD),
    fillToken,
    proofOfWork,
    ...(campaign ? { campaign, landingPage: landingPage ? pathOnSite(landingPage, siteOrigin) : UNKNOWN_PAGE } : {}),
  };
}
