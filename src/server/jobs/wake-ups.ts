import 'server-only';
import pg from 'pg';
import { logEvent } from '../log';
import { noteDatabaseError } from '../outage';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

export type WakeUps = { stop(): Promise<void> };

/**
 * A connection of its own that LISTENs on `channels` and calls `onMessage` for each notification, reconnecting
 * with backoff while the database is away; every (re)connection calls `onConnected`, since notifications sent
 * while it was away are lost (the jobs then look at the outboxes at once). Used by the process that runs the
 * background jobs (src/server/jobs/background.ts); the caches' listener is src/server/changes/listener.ts.
 */
export function listenForWakeUps(options: {
  url: string;
  channels: readonly string[];
  onMessage: (channel: string, payload: string) => void;
  onConnected: () => void;
}): WakeUps {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  function lost(lostClient: pg.Client, error?: Error): void {
    if (client !== lostClient) return;
    client = undefined;
    lostClient.end().catch(() => {});
    if (stopped) return;
    noteDatabaseError(error ?? new Error('Connection terminated'), 'background jobs listener');
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: process.env.CIRRUS_APPLICATION_NAME ?? 'cirrus',
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => options.onMessage(message.channel, message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (!noteDatabaseError(error, 'background jobs listener')) {
        logEvent('warn', 'background jobs listener cannot connect; retrying', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    options.onConnected();
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
