import { performance as nodePerformance } from "node:perf_hooks";

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
 * so every request is read soon after it arrived and each 503 is fast; what is taken in is what fits. A turn is
 * measured from the end of the one before, less the loop's waits for I/O, so the sender's work and the timers' in
 * it count as well (measured from its first new message alone, a loop busy with the sender looked idle, took in
 * everything and let the kernel's queue grow past 30 s: the first try of this). The waits for a core on a shared
 * machine and for the disk count too: measured in the thread's CPU time (the second try), a receiver that got a
 * fifth of a core at load 9 took in everything while the kernel's accept queue stood full at 4,096.
 *
 * Why not at once: a single long turn (a pause of the garbage collector, a burst of 50 from one visitor's
 * office, a moment without a core on a shared machine) is followed by short ones by itself, and shedding it
 * would refuse visitors for nothing. Shedding starts only after `floor` new messages were taken in by turns
 * that each ran longer than `lateMs` in a row, and stops once as many fitted in turns that refused none.
 */
export interface TurnLimits {
  /** A turn longer than this (its work and its waits for a core, not for I/O) is a late one. */
  lateMs: number;
  /** While shedding, a turn takes in new messages until it has run this long. */
  budgetMs: number;
  /** New messages taken in by late turns in a row before shedding starts, and by turns that refused none before it stops. */
  floor: number;
}

/**
 * The event loop's time so far, less what it spent waiting for I/O (Node's idle time), in ms: its work, and its
 * waits for a core or a disk in the middle of it.
 */
const loopBusy = () => performance.now() - nodePerformance.eventLoopUtilization().idle;

export function turnAdmission({ lateMs, budgetMs, floor }: TurnLimits, busy: () => number = loopBusy) {
  // Where the turn now running is measured from: the end of the turn before (while turns follow each other under
  // load), else its first new message.
  let mark = busy();
  let armed = false;
  // New messages this turn took in and refused; new messages taken in by late turns in a row (or, while
  // shedding, by turns that refused none, in a row); shedding or not.
  let taken = 0;
  let refused = 0;
  let run = 0;
  let shedding = false;
  // Runs after the turn's pass over the sockets (the loop's check phase): the turn's end.
  const endTurn = () => {
    const length = busy() - mark;
    if (taken + refused === 0) {
      // A turn without new messages (the sender's, the timers'): no measure of the load, and no next one armed,
      // so an idle loop is left to wait.
      armed = false;
      return;
    }
    if (shedding) {
      // As many new messages as the floor fitted in their turns: the work arriving is within a core again.
      run = refused === 0 ? run + taken : 0;
      if (run >= floor) [shedding, run] = [false, 0];
    } else if (length > lateMs) {
      run += taken;
      if (run >= floor) [shedding, run] = [true, 0];
    } else run = 0;
    [taken, refused] = [0, 0];
    mark = busy();
    setImmediate(endTurn);
  };
  return {
    /** Why a new message is not taken in now (503 before its body is read), or undefined: it is. */
    admit(): string | undefined {
      if (!armed) {
        armed = true;
        mark = busy();
        setImmediate(endTurn);
      }
      const spent = busy() - mark;
      if (shedding && spent > budgetMs) {
        refused += 1;
        return `overloaded (this turn of the event loop ${Math.round(spent)} ms long)`;
      }
      taken += 1;
      return undefined;
    },
    shedding: () => shedding,
  };
}
