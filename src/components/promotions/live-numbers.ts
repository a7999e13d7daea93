'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { ApiCallError, apiCall } from '@/lib/api-client';
import type { CouponState } from '@/lib/coupons';
import type { WelcomeState } from '@/server/api/accounts/welcome';
import type { LiveMine, LiveNumbers } from '@/server/api/live/queries';
import { useSiteStore } from '@/stores/site-store';

/**
 * The numbers a visitor acts on, on the promotion pages, as they are now: the page is kept (prerendered, served
 * from memory, up to a minute old) and renders them as they were; every component that shows one reads it from
 * here once the page's single call has answered (docs/decisions/035-live-promotion-numbers.md).
 */
export type Live = {
  coupons: ReadonlyMap<number, { stockLeft: number; state: CouponState }>;
  saleItems: ReadonlyMap<number, number>;
  groups: ReadonlyMap<number, { seatsTaken: number; seatsLeft: number }>;
  /** Null until known for a signed-in visitor, and for everyone else. */
  mine: Mine | null;
  /**
   * Whether this holds a whole answer, so an id missing from it is gone (a sale ended, a group closed). A claim
   * made before any answer arrived leaves only what the claim itself said.
   */
  complete: boolean;
};

export type Mine = {
  welcome: WelcomeState | null;
  coupons: ReadonlyMap<number, number>;
  saleItems: ReadonlyMap<number, number>;
  groups: LiveMine['groups'];
};

type Who = 'guest' | 'customer';

/** A client navigation back to a promotion page within this long reuses the answer instead of asking again. */
const REUSE_MS = 5_000;

let current: Live | null = null;
/** The last call failed (other than for a session that ended): controls waiting for it act on the page's state. */
let failed = false;
let asked: { who: Who; at: number } | null = null;
/** Bumped by every change made here (a claim): an answer asked for before it may predate it and is dropped. */
let version = 0;
const listeners = new Set<() => void>();

function publish(next: Live | null, failure = false) {
  current = next;
  failed = failure;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function toLive(answer: LiveNumbers): Live {
  const mine = answer.mine;
  return {
    coupons: new Map(answer.coupons.map((c) => [c.id, { stockLeft: c.stockLeft, state: c.state }])),
    saleItems: new Map(answer.saleItems.map((i) => [i.id, i.stockLeft])),
    groups: new Map(answer.groups.map((g) => [g.id, { seatsTaken: g.seatsTaken, seatsLeft: g.seatsLeft }])),
    mine: mine && {
      welcome: mine.welcome,
      coupons: new Map(mine.coupons.map((c) => [c.id, c.held])),
      saleItems: new Map(mine.saleItems.map((i) => [i.id, i.bought])),
      groups: mine.groups,
    },
    complete: true,
  };
}

async function load(who: Who): Promise<void> {
  asked = { who, at: Date.now() };
  const begun = version;
  try {
    const answer = await apiCall<LiveNumbers>(who === 'customer' ? '/activity/live/mine' : '/activity/live', {
      method: 'GET',
      silent: true,
    });
    if (asked?.who !== who) return;
    // Read before a change made here since (a claim): ask again rather than show the older numbers.
    if (begun !== version) return load(who);
    publish(toLive(answer));
  } catch (error) {
    // A session that has ended: the numbers everyone sees are still worth showing.
    if (who === 'customer' && error instanceof ApiCallError && error.status === 401) return load('guest');
    // Otherwise the page keeps the numbers it was rendered with.
    if (asked?.who === who && begun === version) publish(current, true);
  }
}

/** Signed in as far as this page can tell before the store is read: the session's hint cookie (not HttpOnly). */
function signedInHint(): boolean {
  return document.cookie.split('; ').includes('signedIn=1');
}

/**
 * The live numbers, or null until the page's one call has answered (the component shows what it was rendered
 * with until then). Asked again when the visitor logs in or out, since a signed-in visitor's answer carries what
 * they hold.
 */
export function useLiveNumbers(): Live | null {
  const token = useSiteStore((s) => s.token);
  useEffect(() => {
    const who: Who = token || signedInHint() ? 'customer' : 'guest';
    if (asked?.who === who && Date.now() - asked.at < REUSE_MS) return;
    void load(who);
  }, [token]);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Whether the page's live call failed, so a control waiting for it can act on the rendered state instead. */
export function useLiveFailed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );
}

function changed(update: (live: Live, mine: Mine) => Live) {
  version += 1;
  // Without a whole answer yet, the next promotion page asks again rather than reuse this partial one.
  if (!current?.complete) asked = null;
  const base: Live = current ?? {
    coupons: new Map(),
    saleItems: new Map(),
    groups: new Map(),
    mine: null,
    complete: false,
  };
  const mine: Mine = base.mine ?? { welcome: null, coupons: new Map(), saleItems: new Map(), groups: [] };
  publish(update(base, mine));
}

/** A claim's own answer is the newest count there is: shown at once, with the visitor's new holding. */
export function couponClaimed(couponId: number, claimed: { stockLeft: number; held: number }) {
  changed((live, mine) => {
    const before = live.coupons.get(couponId);
    return {
      ...live,
      coupons: new Map(live.coupons).set(couponId, {
        stockLeft: claimed.stockLeft,
        state: claimed.stockLeft > 0 ? (before?.state ?? 'active') : 'soldOut',
      }),
      mine: { ...mine, coupons: new Map(mine.coupons).set(couponId, claimed.held) },
    };
  });
}

/** The server refused a claim: the coupon is gone, or the visitor holds as many as allowed. */
export function couponRefused(couponId: number, reason: { soldOut: true } | { held: number }) {
  changed((live, mine) => {
    if ('soldOut' in reason) {
      return { ...live, coupons: new Map(live.coupons).set(couponId, { stockLeft: 0, state: 'soldOut' }) };
    }
    return { ...live, mine: { ...mine, coupons: new Map(mine.coupons).set(couponId, reason.held) } };
  });
}

/** The welcome bundle is claimed (or the server says it already was). */
export function welcomeClaimed() {
  changed((live, mine) => ({ ...live, mine: { ...mine, welcome: 'claimed' } }));
}
