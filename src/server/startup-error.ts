import 'server-only';

/** What stopped `npm start` (or the tests' setup) from coming up; the tests match on it. */
export type StartupFailure =
  | 'checkout-unreachable'
  | 'postgres-user-missing'
  | 'binaries-missing'
  | 'data-dir-not-writable'
  | 'port-in-use'
  | 'disk-full'
  | 'server-failed'
  | 'database-unreachable'
  | 'cannot-create-database';

/**
 * A first-run failure someone can fix without reading code: the message says the cause and the fix. The
 * scripts print it as it is; a stack trace would only bury those lines (docs/decisions/031-first-run-anywhere.md).
 */
export class StartupError extends Error {
  override name = 'StartupError';
  readonly failure: StartupFailure;

  constructor(failure: StartupFailure, message: string) {
    super(message);
    this.failure = failure;
    // Test runners print `stack` when there is one; this keeps their report to the cause and the fix.
    this.stack = message;
  }
}
