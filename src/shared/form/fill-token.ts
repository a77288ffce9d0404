/**
 * Solves a proof-of-work challenge (proof-of-work.ts's solveChallenge, which the island fetches as its own file
 * only when a challenge comes); undefined when it cannot (not a challenge the form takes, the file did not load).
 */
export type PowSolver = (challenge: unknown) => Promise<string | undefined>;

/** The body field that carries the fill token back to the site's own receiver. */
export const FILL_TOKEN_FIELD = "fillToken";

/** What `GET /api/contact` answers (src/receiver/fill-time.ts): a signed, dated token and the receiver's limits. */
export interface FillTicket {
  token: string;
  /** The receiver drops a message whose token is younger than this (0: no check). */
  minFillMs: number;
  /** The receiver drops a message whose token is older than this. */
  maxAgeMs: number;
}

/** Only the site's own receiver (a path on this origin) hands out tokens; another back-end is never asked. */
export const asksForFillToken = (delivery: string): boolean => delivery.startsWith("/") && !delivery.startsWith("//");

/** The receiver's answer, or undefined for anything else (a receiver without tokens answers 405). */
export function ticketOf(body: unknown): FillTicket | undefined {
  const ticket = body as Partial<Record<keyof FillTicket, unknown>> | null;
  if (typeof ticket?.token !== "string" || ticket.token.length > 200) return undefined;
  const { minFillMs, maxAgeMs } = ticket;
  if (typeof minFillMs !== "number" || !(minFillMs >= 0 && minFillMs <= 60_000)) return undefined;
  if (typeof maxAgeMs !== "number" || !(maxAgeMs > 0)) return undefined;
  return { token: ticket.token, minFillMs, maxAgeMs };
}

/** The solved challenge (ALTCHA's payload), once solving ends; none without a challenge. */
type Held = { ticket: FillTicket; receivedAt: number; solved?: Promise<string | undefined> } | undefined;

/**
 * The form's fill token for the life of the page: asked for once, when the visitor first touches the form, and
 * sent with every message and every retry. At sending, the form waits out whatever is left of the receiver's
 * minimum since the token arrived (an autofilled form sent at once), so a person's message is never taken for
 * a bot's; a token half its life old is replaced (a tab left open overnight). With a proof-of-work challenge in
 * the answer, solving starts as soon as it arrives (the first touch), so it is done before a person has typed.
 */
export class FillTokens {
  private held: Promise<Held> | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: () => number;
  private readonly solver: PowSolver | undefined;

  // Plain fields, not parameter properties: Node's own type stripping cannot run those.
  constructor(
    fetchImpl: typeof fetch = (...args) => fetch(...args),
    clock: () => number = Date.now,
    // The island passes its own file's loader (ContactForm); none by default, so no bundle inlines the solver.
    solver?: PowSolver,
  ) {
    this.fetchImpl = fetchImpl;
    this.clock = clock;
    this.solver = solver;
  }

  /** Asks the receiver at `endpoint` for a token, unless one is held or on its way; settles once it is here. */
  async request(endpoint: string, timeoutMs = 10_000): Promise<void> {
    if (!this.held) this.held = this.ask(endpoint, timeoutMs);
    await this.held;
  }

  /**
   * A message was kept: a fill token and a challenge are good for one message only (the receiver drops a second
   * message with them), so the next ones are asked for now, and solved, while the visitor types again.
   */
  spent(endpoint: string, timeoutMs: number): void {
    this.held = this.held?.then((held) => (held ? this.ask(endpoint, timeoutMs) : held));
  }

  /** The token to send, its solved challenge, and how long to wait before sending; nothing when the receiver gave none. */
  async forSending(
    endpoint: string,
    timeoutMs = 10_000,
  ): Promise<{ token?: string; proofOfWork?: string; waitMs: number }> {
    let held = await this.held;
    if (!held || this.clock() - held.receivedAt > held.ticket.maxAgeMs / 2) {
      this.held = this.ask(endpoint, timeoutMs);
      held = await this.held;
    }
    if (!held) return { waitMs: 0 };
    const proofOfWork = await held.solved;
    const waitMs = Math.max(0, held.ticket.minFillMs - (this.clock() - held.receivedAt));
    // An undefined proofOfWork is left out of the JSON body.
    return { token: held.ticket.token, waitMs, proofOfWork };
  }

  private async ask(endpoint: string, timeoutMs: number): Promise<Held> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await this.fetchImpl(endpoint, {
        headers: { Accept: "application/json" },
        credentials: "omit",
        cache: "no-store",
        signal: controller.signal,
      });
      const body = response.ok ? await response.json() : undefined;
      const ticket = ticketOf(body);
      // Timed from its arrival: the receiver dated it earlier, so the receiver's count is never the shorter.
      if (ticket)
        return {
          ticket,
          receivedAt: this.clock(),
          // With form.proofOfWork on, the answer's challenge (bound to this token), solved from now on; undefined
          // when it is not one the form takes, or its solver did not load: sent without.
          solved: body.challenge ? this.solver?.(body.challenge) : undefined,
        };
    } catch {
      // No token: asked again at sending.
    } finally {
      clearTimeout(timer);
    }
    this.held = undefined;
    return undefined;
  }
}
