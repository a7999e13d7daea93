import 'server-only';

/**
 * Stopping the whole instance from any of its processes (docs/decisions/061-stopping-and-readiness.md): SIGTERM or
 * SIGINT to `npm start`, to the server's primary or to one of its workers stops them all, each draining first.
 * The same stop often reaches a process several times (a terminal signals the whole process group, and each parent
 * passes the signal on to its children): only the first counts.
 */
export function onStopSignal(stop: (reason: string) => void): void {
  let heard = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (heard) return;
      heard = true;
      stop(signal);
    });
  }
}

/** What a worker sends its primary when it was signalled itself: the primary then stops every worker. */
const STOP_TAG = 'cirrus:stop';

export function stopMessage(reason: string): { tag: typeof STOP_TAG; reason: string } {
  return { tag: STOP_TAG, reason };
}

export function isStopMessage(value: unknown): value is { tag: typeof STOP_TAG; reason: string } {
  return typeof value === 'object' && value !== null && (value as { tag?: unknown }).tag === STOP_TAG;
}

/** Past the grace, how long a parent waits for its children before it ends them: their own cleanup after the drain. */
export const STOP_MARGIN_MS = 5_000;
