import 'server-only';

/**
 * The fast paths' clock, taken before Next wraps Date.now to watch prerenders for reads of the time (a wrapper
 * that looks up two async-local stores per call, on every kept answer). main.ts imports this module before
 * anything that loads Next.
 */
export const clock: () => number = Date.now;
