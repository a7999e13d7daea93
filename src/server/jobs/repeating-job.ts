import 'server-only';
import { logEvent } from '../log';
import { noteDatabaseError } from '../outage';

export type RepeatingJob = {
  /**
   * Stops repeating and waits for a run in progress, which sees `stopping()` turn true and gives back the work it
   * claimed but has not begun (a lease released, docs/decisions/061-stopping-and-readiness.md).
   */
  stop(): Promise<void>;
  /** Runs now instead of at the next tick (after a commit that gave it work). */
  kick(): void;
};

/**
 * Runs `run` at start and then every `intervalMs`, never two runs at once, with timers that never keep a process
 * alive. A run returns true when more work may be due right away (a full batch): it then runs again at once. A
 * failure (the database down) is logged and the next tick tries again: the work is in the database, nothing in
 * memory, so a restart or several instances lose nothing. Used by every background job of the site.
 */
export function startRepeatingJob(
  name: string,
  run: (stopping: () => boolean) => Promise<boolean>,
  options: { intervalMs: number },
): RepeatingJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const stopping = () => stopped;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while (!stopped && (await run(stopping))) {
          // A full batch: keep going until the backlog is gone.
        }
      } catch (error) {
        // The database away is one outage, logged once by src/server/outage.ts, not a line per run.
        if (!noteDatabaseError(error, name)) {
          logEvent('error', `${name} failed`, { error: error instanceof Error ? error.message : String(error) });
        }
      }
    })().finally(() => {
      running = undefined;
      if (stopped) return;
      const soon = again;
      again = false;
      schedule(soon ? 0 : options.intervalMs);
    });
  }
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    kick() {
      if (stopped) return;
      // A kick during a run asks for another right after it: the run may have read the outbox before the commit.
      if (running) again = true;
      else schedule(0);
    },
  };
}
