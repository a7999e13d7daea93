import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { env } from '@/env';
import { logEvent, shouldLog } from '@/server/log';

/** How an answer was made: from memory (a kept page, build file or API read), by Next, or by the API. */
export type Served = 'kept' | 'rendered' | 'api';

/**
 * The one JSON line of each request the production server answers, pages and build files included
 * (docs/decisions/063-logs-and-metrics.md): what was asked, the status, how long from the request's arrival
 * (arrival.ts) to the answer's end, the bytes written and how it was served, and the visitor's address as the
 * server trusts it.
 */
export function logAnswered(line: {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  bytes: number;
  served: Served;
  client: string;
  requestId?: string;
}): void {
  if (!shouldLog('info')) return;
  logEvent('info', 'request', { ...line, durationMs: Math.round(line.durationMs * 10) / 10 });
}

/**
 * The visitor's address: the connection's own, or behind the operator's proxy (TRUST_PROXY) the last
 * X-Forwarded-For entry, the one that proxy appended (as src/server/auth/sessions.ts reads it for the limits).
 */
export function clientOf(
  headers: { readonly [name: string]: string | string[] | undefined },
  peer: string | undefined,
): string {
  if (!env().TRUST_PROXY) return peer || 'local';
  const forwarded = [headers['x-forwarded-for']].flat().join(',').split(',').at(-1)?.trim();
  const real = [headers['x-real-ip']].flat()[0]?.trim();
  return forwarded || real || peer || 'local';
}

/**
 * Writes the line of a request Node's HTTP server took, once its answer is finished: `how` says, then, how it was
 * served and whom else to tell (the metrics). `arrivedAt` is arrival.ts's reading for it.
 */
export function logWhenAnswered(
  req: IncomingMessage,
  res: ServerResponse,
  arrivedAt: number,
  how: () => { served: Served; answered?: (status: number, ms: number) => void },
): void {
  const path = req.url || '/';
  const sentBefore = req.socket.bytesWritten;
  res.once('finish', () => {
    const ms = performance.now() - arrivedAt;
    const { served, answered } = how();
    answered?.(res.statusCode, ms);
    const requestId = res.getHeader('x-request-id');
    logAnswered({
      method: req.method ?? 'GET',
      path,
      status: res.statusCode,
      durationMs: ms,
      bytes: req.socket.bytesWritten - sentBefore,
      served,
      client: clientOf(req.headers, req.socket.remoteAddress),
      ...(requestId === undefined ? {} : { requestId: String(requestId) }),
    });
  });
}
