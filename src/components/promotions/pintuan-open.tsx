'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { FormError } from '@/components/forms/form-field';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { useSiteStore } from '@/stores/site-store';
import { useLiveNumbers } from './live-numbers';
import { PintuanImageSelect, type SeatImage } from './pintuan-image-select';
import { useSeatBilling } from './seat-billing';

const BUTTON = 'rounded-md px-4 py-2 text-center text-sm font-semibold';

/**
 * "Open a group" on /activity/pintuan/vps (docs/decisions/013-group-buy.md): the visitor becomes the leader with an order at the
 * group price (POST /api/activity/create, docs/product/api.md#group-buy) and lands on the group's share page.
 */
export function PintuanOpen({
  offerId,
  offerName,
  images,
  currency,
}: {
  offerId: number;
  offerName: string;
  images: SeatImage[];
  currency: string;
}) {
  const t = useTranslations('pintuanActions');
  const token = useSiteStore((s) => s.token);
  const router = useRouter();
  const [imageId, setImageId] = useState(images[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per visit of the button: a double click or a retry after a lost answer makes one order.
  const idempotencyKey = useRef<string | null>(null);
  const billing = useSeatBilling(token);
  // A leader has one open group per offer (the server refuses a second): show the way to it instead.
  const leading = useLiveNumbers()?.mine?.groups.find((g) => g.offerId === offerId && g.role === 'leader');

  if (token && leading) {
    return (
      <div className="flex flex-col gap-3" role="status">
        <p className="text-sm font-semibold text-emerald-800">{t('youLeadOffer')}</p>
        <Link
          href={`/activity/pintuan/part-vps/${leading.id}`}
          className={`${BUTTON} border border-emerald-700 text-emerald-800 hover:bg-emerald-50`}
        >
          {t('viewYourGroup')}
        </Link>
      </div>
    );
  }

  if (!token) {
    return (
      <Link
        href="/activity/pintuan/vps?ope=login"
        className={`${BUTTON} border border-brand-600 text-brand-700 hover:bg-brand-50`}
      >
        {t('logInToOpen')}
      </Link>
    );
  }

  const open = async () => {
    setBusy(true);
    setError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const answer = await apiCall<{ group: { id: number } }>('/activity/create', {
        body: { offerId, imageId, currency, idempotencyKey: idempotencyKey.current, ...billing.request() },
        silent: true,
      });
      router.push(`/activity/pintuan/part-vps/${answer.group.id}`);
    } catch (e) {
      // A refused billing field is said at the field, which takes the focus; anything else under the button.
      // A refused billing field made no order: the corrected request is a new one.
      if (billing.refused(e)) idempotencyKey.current = null;
      else setError(e instanceof ApiCallError ? e.messageKey : 'api.requestFailed');
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <PintuanImageSelect id={`open-image-${offerId}`} images={images} value={imageId} onChange={setImageId} />
      {billing.fields}
      <button
        type="button"
        disabled={busy || imageId === ''}
        onClick={open}
        aria-label={`${t('open')}: ${offerName}`}
        className={`${BUTTON} bg-red-600 text-white hover:bg-red-700 disabled:opacity-60`}
      >
        {busy ? t('opening') : t('open')}
      </button>
      {error ? <FormError messageKey={error} /> : null}
    </div>
  );
}
