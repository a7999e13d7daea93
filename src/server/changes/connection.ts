import 'server-only';
import pg from 'pg';
import { logEvent } from '../log';
import { noteDatabaseError } from '../outage';

/** Waits between reconnection attempts: doubled from the first up to the last while the database stays away. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/** The channels `subscribers` listen to, each once. */
function channelsOf(subscribers: Set<Subscriber>): string[] {
  return [...new Set([...subscribers].map((subscriber) => subscriber.channel))];
}

/** One channel's listener on the process's connection. */
export type Subscriber = {
  channel: string;
  onMessage: (payload: string) => void;
  /**
   * Every (re)connection, once the channel is listened to: notifications sent while the connection was away are
   * lost, so a subscriber looks for itself (the caches drop everything, the jobs look at their outboxes).
   */
  onConnected: () => void;
  /** The connection broke (a reconnection follows). */
  onLost?: () => void;
};

export type ListenConnection = {
  /** Listens to a channel; the function returned stops it (the connection stays until `stop`). */
  subscribe(subscriber: Subscriber): () => Promise<void>;
  /** The connection while it is up, for a statement of a subscriber's own (the publication timer's). */
  client(): pg.Client | undefined;
  stop(): Promise<void>;
};

/**
 * The process's one `LISTEN` connection (docs/decisions/040-changes-reach-every-instance.md,
 * docs/decisions/064-background-jobs.md): a `pg.Client` of its own, not from the pool (`LISTEN` belongs to one
 * session, and a pooled connection is handed on), shared by every channel the process listens to: the change bus
 * in every process that answers requests, the jobs' wake-ups in the process that runs them, both in a process that
 * does both. It reconnects with backoff while the database is away (one outage, logged once by
 * src/server/outage.ts) and listens again to every channel on each connection.
 */
export function startListenConnection(url: string): ListenConnection {
  const subscribers = new Set<Subscriber>();
  let client: pg.Client | undefined;
  let connecting = false;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

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
    for (const subscriber of subscribers) subscriber.onLost?.();
    if (!noteDatabaseError(error ?? new Error('Connection terminated'), 'listener')) {
      logEvent('warn', 'listener disconnected', { error: error?.message ?? 'connection ended' });
    }
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    if (stopped || client || connecting) return;
    connecting = true;
    // keepAlive: a connection silently cut (a NAT, a failover) is noticed and reconnected rather than left deaf.
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: process.env.CIRRUS_APPLICATION_NAME ?? 'cirrus',
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      for (const subscriber of subscribers) {
        if (subscriber.channel === message.channel) subscriber.onMessage(message.payload ?? '');
      }
    });
    try {
      await next.connect();
      // Channels subscribed while this ran are listened to as well, until none is missing.
      const listened = new Set<string>();
      for (let missing = channelsOf(subscribers); missing.length > 0; ) {
        for (const channel of missing) {
          await next.query(`LISTEN ${channel}`);
          listened.add(channel);
        }
        missing = channelsOf(subscribers).filter((channel) => !listened.has(channel));
      }
    } catch (error) {
      connecting = false;
      next.removeAllListeners('end');
      next.end().catch(() => {});
      failures += 1;
      // Another failure than the database away: one line, then every tenth attempt.
      if (!noteDatabaseError(error, 'listener') && (failures === 1 || failures % 10 === 0)) {
        logEvent('warn', 'listener cannot connect; retrying', {
          error: error instanceof Error ? error.message : String(error),
          attempts: failures,
        });
      }
      scheduleReconnect();
      return;
    }
    connecting = false;
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    if (failures > 0) logEvent('info', 'listener connected', { after: failures });
    failures = 0;
    for (const subscriber of subscribers) subscriber.onConnected();
  }

  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  }

  return {
    subscribe(subscriber) {
      const known = [...subscribers].some((s) => s.channel === subscriber.channel);
      subscribers.add(subscriber);
      const current = client;
      if (current && !known) {
        // A channel added to a live connection: listened to now, then the subscriber looks for itself.
        current.query(`LISTEN ${subscriber.channel}`).then(
          () => subscriber.onConnected(),
          (error: Error) => lost(current, error),
        );
      } else if (current) subscriber.onConnected();
      else void connect();
      return async () => {
        subscribers.delete(subscriber);
        if (![...subscribers].some((s) => s.channel === subscriber.channel)) {
          await client?.query(`UNLISTEN ${subscriber.channel}`).catch(() => {});
        }
      };
    },
    client: () => client,
    stop,
  };
}

const RUNNING = Symbol.for('cirrus.listenConnection');

/**
 * The process's one connection, started on first use: kept on the process, since the production server loads the
 * sources through tsx and Next's bundles may hold another copy of this module.
 */
export function listenConnection(url: string): ListenConnection {
  const holder = globalThis as { [RUNNING]?: ListenConnection };
  holder[RUNNING] ??= startListenConnection(url);
  return holder[RUNNING];
}

/** Closes the process's connection, if it has one (a stopping server, src/server/http/main.ts). */
export async function stopListenConnection(): Promise<void> {
  const holder = globalThis as { [RUNNING]?: ListenConnection };
  const running = holder[RUNNING];
  holder[RUNNING] = undefined;
  await running?.stop();
}
