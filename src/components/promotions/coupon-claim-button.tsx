'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { FormError } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import type { ClaimedCoupon, CouponState } from '@/lib/coupons';
import { useSiteStore } from '@/stores/site-store';
import { useCouponNow } from './coupon-live';
import { couponClaimed, couponRefused, useLiveNumbers } from './live-numbers';

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold';

/**
 * The claim control of one coupon on /ac/coupon. The list is prerendered for everyone; the live state, and for a
 * signed-in visitor how many they already hold, come from the page's one live call (live-numbers.ts).
 */
export function CouponClaimButton({
  couponId,
  couponName,
  perUserLimit,
  state,
  useHref,
}: {
  couponId: number;
  couponName: string;
  perUserLimit: number;
  state: CouponState;
  /** Where a claimed coupon is spent. */
  useHref: string;
}) {
  const t = useTranslations('coupons');
  const token = useSiteStore((s) => s.token);
  const held = useLiveNumbers()?.mine?.coupons.get(couponId) ?? 0;
  const shownState = useCouponNow(couponId, { stockLeft: 0, state }).state;
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const atLimit = Boolean(token) && held >= perUserLimit;

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiCall<ClaimedCoupon>('/ac/coupon/receive', { body: { couponId }, silent: true });
      couponClaimed(couponId, answer);
      setClaimed(true);
    } catch (e) {
      const key = e instanceof ApiCallError ? e.messageKey : 'api.requestFailed';
      setError(key);
      if (key === 'api.coupon.alreadyHeld') couponRefused(couponId, { held: perUserLimit });
      if (key === 'api.coupon.soldOut') couponRefused(couponId, { soldOut: true });
    } finally {
      setBusy(false);
    }
  };

  let control: ReactNode;
  if (atLimit) {
    control = (
      <button type="button" disabled className={`${BUTTON} border border-line text-muted`}>
        {t('claimed')}
      </button>
    );
  } else if (shownState !== 'active') {
    control = (
      <button type="button" disabled className={`${BUTTON} border border-line text-muted`}>
        {t(`state.${shownState}`)}
      </button>
    );
  } else if (!token) {
    control = (
      <Link
        href="/ac/coupon?ope=login"
        className={`${BUTTON} border border-brand-600 text-brand-700 hover:bg-brand-50`}
      >
        {t('logInToClaim')}
      </Link>
    );
  } else {
    control = (
      <button
        type="button"
        disabled={busy}
        onClick={claim}
        aria-label={`${t('claim')}: ${couponName}`}
        className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}
      >
        {busy ? t('claiming') : t('claim')}
      </button>
    );
  }

  // The note sits beside the control where it fits: a coupon found already held when the page loads adds no line.
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {control}
      {claimed || (token && held > 0) ? (
        <p role="status" className="text-sm text-emerald-700" data-testid="coupon-held">
          {claimed ? `${t('claimedNote')} ` : null}
          {token && held > 0 ? `${t('holding', { held, limit: perUserLimit })} ` : null}
          <Link href={useHref} className="font-semibold underline">
            {t('useNow')}
          </Link>
        </p>
      ) : null}
      {error ? (
        <div className="basis-full">
          <FormError messageKey={error} />
        </div>
      ) : null}
    </div>
  );
}
