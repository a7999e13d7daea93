'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { useSiteStore } from '@/stores/site-store';
import { useLiveNumbers } from './live-numbers';

/**
 * The seats left of one joinable group on /activity/pintuan/vps, as they are now. A group missing from a whole
 * live answer has filled or run out of time since the page was made.
 */
export function PintuanSeatsLeft({ groupId, seatsLeft }: { groupId: number; seatsLeft: number }) {
  const t = useTranslations('pintuanActions');
  const live = useLiveNumbers();
  const left = live?.groups.get(groupId)?.seatsLeft ?? (live?.complete ? null : seatsLeft);
  return (
    <span className="font-semibold text-red-700 tabular-nums" data-testid="group-seats-left">
      {left === null ? t('groupClosed') : t('seatsLeft', { count: left })}
    </span>
  );
}

/** The link of a joinable group: "view and join", or "view your group" for a visitor already in it. */
export function PintuanGroupLink({ groupId, join, yours }: { groupId: number; join: ReactNode; yours: ReactNode }) {
  const token = useSiteStore((s) => s.token);
  const mine = useLiveNumbers()?.mine;
  return token && mine?.groups.some((g) => g.id === groupId) ? yours : join;
}

/**
 * The joinable groups of /activity/pintuan/vps as they are now: the kept page lists the groups joinable when it was
 * made (up to its revalidation, on whichever worker made it), so a group missing from a whole live answer or past
 * its end is taken out of the list, and the list says so when none is left. Every worker's page then shows the
 * same, the database's, list.
 */
export function PintuanJoinableGroups({
  groups,
  empty,
}: {
  groups: { id: number; expiresAt: string; item: ReactNode }[];
  empty: ReactNode;
}) {
  const live = useLiveNumbers();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const shown = groups.filter(
    (g) => !(live?.complete && !live.groups.has(g.id)) && (now === null || Date.parse(g.expiresAt) > now),
  );
  return (
    <>
      {shown.length === 0 ? empty : null}
      <ul className="mt-5 grid gap-4 desk:grid-cols-3" data-testid="joinable-groups">
        {shown.map((g) => g.item)}
      </ul>
    </>
  );
}
