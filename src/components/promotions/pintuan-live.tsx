'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
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
