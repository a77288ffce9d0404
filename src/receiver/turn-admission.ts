/**
 * Admission by the turn of the event loop (issue 56): how many new messages the Node server takes in now.
 *
 * Why turns: Node reads every request that is ready in one pass over the sockets (a turn), and on this server a
 * message runs from its headers to its 202 in that pass (the hashes and SQLite are synchronous). So a request
 * that arrives while a turn runs waits, in the kernel, for that turn to end, and the next turn is as long as the
 * work that arrived meanwhile. Counting messages in progress sees nothing (they are never more than a few);
 * the queue is the kernel's, and its only trace in the process is how long the turns are. When the turns stay
 * long, the work arriving is more than a core does: then a turn takes in new messages only until it has run
 * `budgetMs`, and answers the rest of its requests 503 at once, before their bodies are read. Turns stay short,
 * so every request is read soon after it arrived and each 503 is fast; what is taken in is what fits.
 *
 * Why not at once: a single long turn (a pause of the garbage collector, a burst of 50 from one visitor's
 * office, a moment without a core on a shared machine) is followed by short ones by itself, and shedding it
 * would refuse visitors for nothing. Shedding starts only after `floor` new messages were taken in by turns
 * that each ran longer than `lateMs` in a row, and stops at the first turn whose new messages all fitted.
 */
export interface TurnLimits {
  /** A turn longer than this (from its first new message to its end) is a late one. */
  lateMs: number;
  /** While shedding, a turn takes in new messages until it has run this long. */
  budgetMs: number;
  /** New messages taken in by late turns in a row before shedding starts. */
  floor: number;
}

export function turnAdmission({ lateMs, budgetMs, floor }: TurnLimits, now: () => number = () => performance.now()) {
  // The turn now running: when its first new message came, and whether it refused any; undefined between turns.
  let turn: { start: number; refused: boolean } | undefined;
  // New messages taken in by the late turns in a row so far, and whether the server is shedding.
  let lateRun = 0;
  let shedding = false;
  let takenThisTurn = 0;
  const endTurn = () => {
    if (!turn) return;
    const length = now() - turn.start;
    if (shedding) {
      // Every new message of this turn fitted: the work arriving is within a core again.
      if (!turn.refused) [shedding, lateRun] = [false, 0];
    } else if (length > lateMs) {
      lateRun += takenThisTurn;
      if (lateRun >= floor) shedding = true;
    } else lateRun = 0;
    turn = undefined;
    takenThisTurn = 0;
  };
  return {
    /** Why a new message is not taken in now (503 before its body is read), or undefined: it is. */
    admit(): string | undefined {
      const time = now();
      if (!turn) {
        turn = { start: time, refused: false };
        // Runs after this pass over the sockets (the loop's check phase): the turn's end.
        setImmediate(endTurn);
      }
      const spent = time - turn.start;
      if (shedding && spent > budgetMs) {
        turn.refused = true;
        return `overloaded (this turn of the event loop ${Math.round(spent)} ms long)`;
      }
      takenThisTurn += 1;
      return undefined;
    },
    shedding: () => shedding,
  };
}
