'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { FormError } from '@/components/account/form-field';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import type { CentreCoupon, CouponState } from '@/server/api/coupons/queries';
import { useSiteStore } from '@/stores/site-store';

type Live = { held: number; state: CouponState };

/** How long one answer of /ac/coupon/search serves every button of the page (one request per visit, not per coupon). */
const SHARED_FOR_MS = 5_000;
let shared: { token: string; at: number; answer: Promise<Map<number, Live>> } | undefined;

function loadLive(token: string): Promise<Map<number, Live>> {
  if (!shared || shared.token !== token || Date.now() - shared.at > SHARED_FOR_MS) {
    shared = {
      token,
      at: Date.now(),
      answer: apiCall<CentreCoupon[]>('/ac/coupon/search', { body: {}, silent: true })
        .then((list) => new Map(list.map((c) => [c.id, { held: c.held, state: c.state }])))
        .catch(() => new Map()),
    };
  }
  return shared.answer;
}

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold';

/**
 * The claim control of one coupon on /ac/coupon. The list is prerendered for everyone; once signed in, the
 * visitor's own counts (and the live state) come from /api/ac/coupon/search.
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
  const [live, setLive] = useState<Live | null>(null);
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      setLive(null);
      return;
    }
    let current = true;
    loadLive(token).then((map) => {
      const found = map.get(couponId);
      if (current && found) setLive(found);
    });
    return () => {
      current = false;
    };
  }, [token, couponId]);

  const shownState = live?.state ?? state;
  const atLimit = Boolean(token) && (live?.held ?? 0) >= perUserLimit;

  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiCall('/ac/coupon/receive', { body: { couponId }, silent: true });
      shared = undefined;
      setClaimed(true);
      setLive((l) => ({ held: (l?.held ?? 0) + 1, state: l?.state ?? shownState }));
    } catch (e) {
      const key = e instanceof ApiCallError ? e.messageKey : 'api.requestFailed';
      setError(key);
      if (key === 'api.coupon.alreadyHeld') setLive((l) => ({ held: perUserLimit, state: l?.state ?? shownState }));
      if (key === 'api.coupon.soldOut') setLive((l) => ({ held: l?.held ?? 0, state: 'soldOut' }));
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

  return (
    <div className="flex flex-col items-start gap-1">
      {control}
      {claimed || atLimit ? (
        <p role="status" className="text-sm text-emerald-700">
          {claimed ? `${t('claimedNote')} ` : null}
          <Link href={useHref} className="font-semibold underline">
            {t('useNow')}
          </Link>
        </p>
      ) : null}
      {error ? <FormError messageKey={error} /> : null}
    </div>
  );
}
