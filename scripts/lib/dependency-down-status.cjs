/**
 * Pages whose render failed because a dependency was down answer 503 with Retry-After instead of Next's 500.
 * Each page request runs in an async context the page code can mark (src/server/dependency-down.ts marks it from
 * Next's onRequestError, src/instrumentation.ts); when Next then writes a 500, the mark turns it into a 503.
 * The store lives on globalThis under a registered symbol, so the copy of that module inside Next's bundle finds
 * the one created here.
 */
const { AsyncLocalStorage } = require('node:async_hooks');

const STATES = Symbol.for('cirrus.page-request-state');
const RETRY_AFTER_SECONDS = '5';

function pageRequestStates() {
  globalThis[STATES] ??= new AsyncLocalStorage();
  return globalThis[STATES];
}

/** Runs `handle(req, res)` in a fresh page-request state and rewrites a marked 500 to 503 as the head goes out. */
function withDependencyStatus(handle) {
  const states = pageRequestStates();
  return (req, res) => {
    const state = { dependencyDown: false };
    const { writeHead } = res;
    res.writeHead = function markedWriteHead(status, ...rest) {
      const code = typeof status === 'number' ? status : res.statusCode;
      if (code === 500 && state.dependencyDown) {
        res.setHeader('retry-after', RETRY_AFTER_SECONDS);
        res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        // A reason phrase Next passed would be the 500's.
        return writeHead.call(this, 503, ...(typeof rest[0] === 'string' ? rest.slice(1) : rest));
      }
      return writeHead.call(this, status, ...rest);
    };
    states.run(state, () => handle(req, res));
  };
}

module.exports = { withDependencyStatus, RETRY_AFTER_SECONDS };
