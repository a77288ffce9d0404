import type { ReceiverEvent } from "../handler.ts";

/**
 * What the Node receiver knows is wrong right now, by channel that does not depend on the one that failed: the
 * log (one line when a problem starts or ends), GET /api/contact/health for monitors, and the holder file that
 * --status reads (outbox-lock.ts). Each problem is one line for an operator; never a message's text.
 *
 * - `unwritable`: the outbox file takes no write (a full disk): new messages 503, the sender waits; cleared by
 *   the sender's probe once a write succeeds again.
 * - `lost`: the file at the outbox's path was deleted or replaced: new messages 503 until a restart; the
 *   sender goes on delivering what the open file holds.
 * - `mail`: the mail server refuses the receiver's configuration (login, TLS, 530): messages are kept and
 *   retried; cleared by the next delivery.
 */
export type ProblemKind = "unwritable" | "lost" | "mail";

export function createHealth(log: (event: ReceiverEvent) => void, onChange: (problems: string[]) => void = () => {}) {
  const problems = new Map<ProblemKind, string>();
  const changed = () => onChange([...problems.values()]);
  return {
    /** Said once when it starts (a later reason of the same kind is the same problem still). */
    set(kind: ProblemKind, reason: string) {
      if (problems.has(kind)) return;
      problems.set(kind, reason);
      log({ event: kind === "mail" ? "misconfigured" : "storage", reason });
      changed();
    },
    clear(kind: ProblemKind, reason: string) {
      if (!problems.delete(kind)) return;
      log({ event: "recovered", reason });
      changed();
    },
    has: (kind: ProblemKind) => problems.has(kind),
    /** Why a new message cannot be kept now; undefined when it can. */
    refusal(): string | undefined {
      return problems.get("lost") ?? problems.get("unwritable");
    },
    problems: () => [...problems.values()],
  };
}

export type Health = ReturnType<typeof createHealth>;
