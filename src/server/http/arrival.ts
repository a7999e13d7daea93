import 'server-only';

/**
 * When a request arrived, as closely as a process can tell (docs/decisions/063-logs-and-metrics.md). Node reads a
 * socket only when its event loop polls: at saturation, requests wait in the kernel while the loop answers the ones
 * read before them, and a duration taken from the request's own callback leaves that wait out (a kept page was
 * 0.5 ms in Prometheus while a load generator saw hundreds). Every request read in one turn of the loop was
 * already there when the turn's first read ran, so its arrival is taken as that moment: the time spent on the
 * requests read before it in the same turn counts in its duration. What the loop spent before the turn's first read
 * (timers, another turn) is still left out: the figure is a lower bound, exact for an idle server.
 */
let turnStartedAt = 0;
let inTurn = false;

function turnEnded(): void {
  inTurn = false;
}

/** The arrival of a request read now (performance.now() milliseconds): the start of this turn's reads. */
export function arrivalTime(): number {
  if (!inTurn) {
    inTurn = true;
    turnStartedAt = performance.now();
    // Immediate callbacks run right after the loop's poll phase, where every socket read of a turn happens.
    setImmediate(turnEnded);
  }
  return turnStartedAt;
}
