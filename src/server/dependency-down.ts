import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * SQLSTATE classes and codes that mean the database cannot serve the request now, though the request itself is
 * fine: connection exceptions (08), insufficient resources (53: too many connections, disk full), operator
 * intervention (57: shutdown, cannot connect now, statement timeout) and a read-only database or standby (25006).
 */
const UNAVAILABLE_STATES = /^(08|53|57)|^25006$/;

/** Socket errors of the connection to the database. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** What node-postgres throws, without a code, when the connection is lost or never made. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/**
 * Whether an error, or any error it wraps (drizzle wraps the driver's in `cause`, fetch the socket's), says a
 * dependency is down, unreachable, overloaded or read-only: the database above all, also the domain registry or a
 * chat provider. The API then answers 503 with Retry-After instead of 500, and a page the 503 error page.
 */
export function isDependencyDown(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDependencyDown)) return true;
  }
  return false;
}

/** Seconds a client should wait before asking again when a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The digest a page error carries when a dependency was down (see src/server/db/client.ts): the error page
 * shows "temporarily unavailable" instead of a failure of ours, in the visitor's language.
 */
export { DEPENDENCY_DOWN_DIGEST } from '@/lib/dependency-down-digest';

type PageRequestState = { dependencyDown: boolean };
/**
 * Shared with the production server (src/server/http/dependency-down-status.ts), which runs each page request in
 * it: on globalThis under a registered symbol, so the copy of this module inside Next's bundle finds the store the
 * server's copy made.
 */
const STATES = Symbol.for('cirrus.page-request-state');

function pageRequestStates(): AsyncLocalStorage<PageRequestState> {
  const holder = globalThis as { [STATES]?: AsyncLocalStorage<PageRequestState> };
  holder[STATES] ??= new AsyncLocalStorage<PageRequestState>();
  return holder[STATES];
}

/** Runs `handle` as one page request, in `state`, which noteDependencyDown marks (the production server's hook). */
export function runPageRequest(state: PageRequestState, handle: () => void): void {
  pageRequestStates().run(state, handle);
}

/**
 * Marks the page request being rendered as one a dependency failed: the production server then answers 503 with
 * Retry-After where Next would answer 500. Outside a page request (the API, a script) it does nothing.
 */
export function noteDependencyDown(): void {
  const state = pageRequestStates().getStore();
  if (state) state.dependencyDown = true;
}

/**
 * The shell's own data (announcement ticker, footer links, pop-up promotion) is not worth an error page: while
 * the database is down the shell is drawn without it, and the page's own content decides the answer.
 */
export async function orWhenDown<T>(load: Promise<T>, fallback: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!isDependencyDown(error)) throw error;
    return fallback;
  }
}
