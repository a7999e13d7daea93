'use client';

import { useTranslations } from 'next-intl';
import type { CouponState } from '@/lib/coupons';
import { useLiveNumbers } from './live-numbers';
import { StockBar } from './stock-bar';

const BADGE: Record<CouponState, string> = {
  active: 'bg-emerald-50 text-emerald-700',
  upcoming: 'bg-brand-50 text-brand-700',
  soldOut: 'bg-surface text-muted',
  ended: 'bg-surface text-muted',
};

/** A coupon's count and state as they are now; the page's own (up to a minute old) until the live call answers. */
export function useCouponNow(couponId: number, rendered: { stockLeft: number; state: CouponState }) {
  return useLiveNumbers()?.coupons.get(couponId) ?? rendered;
}

/** The state badge of a coupon card on /ac/coupon. */
export function CouponBadge({ couponId, state }: { couponId: number; state: CouponState }) {
  const t = useTranslations('coupons');
  const now = useCouponNow(couponId, { stockLeft: 0, state });
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE[now.state]}`}>
      {t(`state.${now.state}`)}
    </span>
  );
}

/** The stock bar and count of a coupon card: numbers change in place, so nothing around them moves. */
export function CouponStock({
  couponId,
  stockLeft,
  stockTotal,
  state,
}: {
  couponId: number;
  stockLeft: number;
  stockTotal: number;
  state: CouponState;
}) {
  const t = useTranslations('coupons');
  const left = useCouponNow(couponId, { stockLeft, state }).stockLeft;
  return (
    <div className="mt-auto space-y-1">
      <StockBar value={left} max={stockTotal} label={t('stockLabel', { left, total: stockTotal })} />
      <p className="text-xs text-muted tabular-nums" data-testid="coupon-stock">
        {t('stockLeft', { left })}
      </p>
    </div>
  );
}
