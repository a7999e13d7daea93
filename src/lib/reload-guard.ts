/** Minimum time between two build-triggered reloads, so a bad build id cannot cause a reload loop (docs/product/states.md#build-check). */
export const RELOAD_GUARD_MS = 10_000;

/** Session storage key holding when the page last reloaded for a new build. */
export const RELOAD_GUARD_KEY = 'buildReloadAt';

/**
 * Whether a build reload is allowed now (docs/product/states.md#build-check): yes without a usable stored time, or once RELOAD_GUARD_MS
 * has passed since it.
 */
export function mayReload(lastReloadAt: string | null, now: number): boolean {
  if (lastReloadAt === null || lastReloadAt.trim() === '') return true;
  const last = Number(lastReloadAt);
  if (!Number.isFinite(last)) return true;
  return now - last >= RELOAD_GUARD_MS;
}

/**
 * Whether the polled build id means a new build is live (docs/product/states.md#build-check). Both ids must be known; surrounding
 * whitespace is ignored because the latest-build file is fetched as text and may end in a newline.
 */
export function shouldReloadForBuild(current: string | null, latest: string | null): boolean {
  const a = current?.trim() ?? '';
  const b = latest?.trim() ?? '';
  return a !== '' && b !== '' && a !== b;
}
