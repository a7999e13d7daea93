import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS, runPageRequest } from '@/server/dependency-down';

/**
 * Pages whose render failed because a dependency was down answer 503 with Retry-After instead of Next's 500.
 * Each page request runs in a state the page code can mark (src/server/dependency-down.ts marks it from Next's
 * onRequestError, src/instrumentation.ts); when Next then writes a 500, the mark turns it into a 503.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Runs `handle(req, res)` in a fresh page-request state and rewrites a marked 500 to 503 as the head goes out. */
export function withDependencyStatus(handle: Handler): Handler {
  return (req, res) => {
    const state = { dependencyDown: false };
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function markedWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
      const code = typeof status === 'number' ? status : res.statusCode;
      if (code === 500 && state.dependencyDown) {
        res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
        res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        // A reason phrase Next passed would be the 500's.
        return writeHead.call(this, 503, ...(typeof rest[0] === 'string' ? rest.slice(1) : rest));
      }
      return writeHead.call(this, status, ...rest);
    } as ServerResponse['writeHead'];
    runPageRequest(state, () => handle(req, res));
  };
}
