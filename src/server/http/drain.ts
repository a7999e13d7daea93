import 'server-only';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * How a server process stops without cutting anyone off (docs/decisions/061-stopping-and-readiness.md):
 *
 * 1. `draining` turns true: readiness answers 503 (`/api/health/ready`), and every answer from now on carries
 *    `Connection: close`, so a client or a balancer that keeps connections open opens its next one elsewhere;
 * 2. after `delayMs` (SHUTDOWN_DELAY_SECONDS, for a balancer that probes readiness before it stops sending) the
 *    port stops taking new connections. Connections already open stay: a request arriving on one is answered,
 *    with `Connection: close`, rather than refused half-sent;
 * 3. after IDLE_CLOSE_MS more, once nothing is in flight, the connections still idle are closed; a request still
 *    running at `graceMs` after the stop began (SHUTDOWN_GRACE_SECONDS) is cut, and how many were is logged.
 *
 * Node's `server.close()` closes the idle keep-alive connections at once, which races a client that is just
 * sending its next request on one (nginx reusing an upstream connection got a 502 for it, and does not send a POST
 * again). So the port is closed the way `net.Server` does it, and an idle connection is closed by the server only
 * once it has been idle longer than a proxy in front keeps idle connections (deploy/nginx.conf: 2 s): every
 * connection used after the stop began closes itself after its answer, so those left are the proxy's to close.
 */
export type Drain = {
  /** True from the moment the stop began. */
  readonly draining: boolean;
  /** Counts a request in flight until its answer ends; while draining, the answer closes its connection. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** Begins the stop (once; later calls get the same promise); resolves when the last connection closed. */
  stop(): Promise<DrainResult>;
};

export type DrainResult = { tookMs: number; cut: number };

/** How long a stopping server leaves idle connections to their client before closing them itself. */
export const IDLE_CLOSE_MS = 3_000;

/** The part of the connection front a stop needs (http-front.ts). */
export type DrainableFront = {
  /** From now on answers close their connection, and new connections are Node's. */
  drain(): void;
  /** Closes the connections the front holds (all idle). */
  closeIdle(): void;
};

export function createDrain(options: {
  server: Server;
  front: DrainableFront | null;
  graceMs: number;
  delayMs: number;
  now?: () => number;
}): Drain {
  const { server, front } = options;
  const now = options.now ?? Date.now;
  let draining = false;
  /** Answers not yet ended: those begun before the stop must close their connection too. */
  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<DrainResult> | undefined;
  /** Called whenever the last request in flight ends while draining. */
  let onQuiet: (() => void) | undefined;

  function ended(this: ServerResponse) {
    inFlight.delete(this);
    if (inFlight.size === 0 && onQuiet) onQuiet();
  }

  return {
    get draining() {
      return draining;
    },
    track(_req, res) {
      inFlight.add(res);
      res.once('close', ended);
      // Node writes `Connection: close` and ends the connection after this answer.
      if (draining) res.shouldKeepAlive = false;
    },
    stop() {
      stopping ??= (async () => {
        const started = now();
        draining = true;
        // An answer whose head is not written yet says `Connection: close`; one already under way (a stream) ends
        // its connection when it ends: a client told keep-alive would reuse the connection as it is closed.
        for (const res of inFlight) {
          if (!res.headersSent) res.shouldKeepAlive = false;
          else {
            const { socket } = res;
            res.once('finish', () => socket?.end());
          }
        }
        front?.drain();
        if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const closed = new Promise<void>((resolve) => {
          // Stops accepting; the callback runs once every open connection has closed.
          net.Server.prototype.close.call(server, () => resolve());
        });
        // The connections idle now are left to their client (a proxy closes its own sooner) for IDLE_CLOSE_MS.
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          closed,
          new Promise<void>((resolve) => {
            waited = setTimeout(resolve, Math.min(IDLE_CLOSE_MS, options.graceMs));
          }),
        ]);
        clearTimeout(waited);
        const closeIdle = () => {
          if (inFlight.size > 0) return;
          server.closeIdleConnections();
          front?.closeIdle();
        };
        onQuiet = closeIdle;
        closeIdle();
        // A request that arrives on an idle connection just before it is closed is answered, and its connection
        // then closes by itself (Connection: close); the sweep catches connections that became idle otherwise.
        const sweep = setInterval(closeIdle, 100);
        const left = Math.max(0, options.graceMs - (now() - started));
        let cut = 0;
        await Promise.race([
          closed,
          new Promise<void>((resolve) =>
            setTimeout(() => {
              cut = inFlight.size;
              server.closeAllConnections();
              front?.closeIdle();
              resolve();
            }, left).unref(),
          ),
        ]);
        clearInterval(sweep);
        return { tookMs: now() - started, cut };
      })();
      return stopping;
    },
  };
}
