/**
 * The digest of a page error caused by a dependency that is down (src/server/db/client.ts gives it to the
 * database's errors; Next keeps a digest an error already has). The error page reads it in the browser.
 */
export const DEPENDENCY_DOWN_DIGEST = 'DEPENDENCY_DOWN';
