import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What this process drops when an operator's change is announced, beyond the API's read caches (which the
 * listener drops itself): the production server (src/server/http/site-server.ts) registers Next's cache and its
 * own kept copies here. Kept on the process, not in this module: the server loads this file through tsx and
 * Next's bundles may hold another copy of it (docs/decisions/040-changes-reach-every-instance.md).
 *
 * Two stages, run in order: `next` tells Next's own page cache; `copies` then drops or refetches the copies kept
 * in front of Next, which must not be refilled from Next before Next itself has let go of the old pages.
 */
export type ChangeStage = 'next' | 'copies';
type Hook = () => void | Promise<void>;
type Registry = Record<ChangeStage, Set<Hook>>;

const REGISTRY = Symbol.for('cirrus.changeHooks');

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= { next: new Set(), copies: new Set() };
  return holder[REGISTRY];
}

/** Runs `hook` on every change this process hears of, at `stage`; returns the function that removes it. */
export function onLocalChange(stage: ChangeStage, hook: Hook): () => void {
  const hooks = registry()[stage];
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * Runs every stage's hooks, the hooks of one stage side by side. A hook that fails is logged and does not keep
 * the others from running: a copy left behind is better than every copy left behind.
 */
export async function runLocalChangeHooks(log: (hook: string, error: unknown) => void): Promise<void> {
  for (const stage of ['next', 'copies'] as const) {
    await Promise.all(
      [...registry()[stage]].map(async (hook) => {
        try {
          await hook();
        } catch (error) {
          log(`${stage} ${hook.name || 'hook'}`, error);
        }
      }),
    );
  }
}

const RENDERING = Symbol.for('cirrus.mayBeRendering');

/**
 * Registers how to tell whether Next may be rendering a page begun before now (the production server watches
 * the requests it hands to Next): the listener's second drop (listener.ts, SETTLE_MS) is needed only then.
 */
export function watchRendering(mayBeRendering: () => boolean): void {
  (globalThis as { [RENDERING]?: () => boolean })[RENDERING] = mayBeRendering;
}

/** True unless the server said no render can be under way (without a watch, assume one may be). */
export function mayBeRendering(): boolean {
  return (globalThis as { [RENDERING]?: () => boolean })[RENDERING]?.() ?? true;
}

const SECRET = Symbol.for('cirrus.revalidateSecret');

/**
 * The key this process's revalidation route (src/app/internal-revalidate/route.ts) asks for, made at random on
 * first call by the server that will call the route, and known only inside this process (kept on the process,
 * so Next's bundle of the route reads the one the server made).
 */
export function localRevalidateSecret(): string {
  const holder = globalThis as { [SECRET]?: string };
  holder[SECRET] ??= randomBytes(32).toString('base64url');
  return holder[SECRET];
}

/** True when `given` is this process's key; false when none was made (the route then serves no one). */
export function isLocalRevalidateSecret(given: string | null): boolean {
  const secret = (globalThis as { [SECRET]?: string })[SECRET];
  if (secret === undefined || given === null) return false;
  const a = Buffer.from(secret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
