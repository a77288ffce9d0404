/** A build's stopwatch: each lap is the time since the last one (or the start). */
export function stopwatch(): { lap: () => number; total: () => number } {
  const started = performance.now();
  let last = started;
  return {
    lap: () => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      return elapsed;
    },
    total: () => performance.now() - started,
  };
}

/** What the build is doing, for the message of an error nobody foresaw. */
export interface Doing {
  step: string;
  file?: string;
}
