'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormError } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { ApiCallError, apiCall } from '@/lib/api-client';
import { HTML_LANG, type Locale } from '@/lib/locales';
import { formatMoney, orderCurrency } from '@/lib/money';
import type { PintuanGroupView } from '@/server/api/pintuan/queries';
import type { Viewer } from '@/server/api/pintuan/service';
import { useSiteStore } from '@/stores/site-store';
import { Countdown } from './countdown';
import { PintuanImageSelect, type SeatImage } from './pintuan-image-select';
import { useSeatBilling } from './seat-billing';
import { StockBar } from './stock-bar';

type Seat = NonNullable<Viewer['seat']>;

const BUTTON = 'rounded-md px-4 py-2 text-center text-sm font-semibold';
const STATUS_BADGE: Record<PintuanGroupView['status'], string> = {
  pending: 'bg-amber-50 text-amber-800',
  open: 'bg-amber-50 text-amber-800',
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-surface text-muted',
};

/**
 * The live part of a group's share page (docs/decisions/013-group-buy.md): seats, members (masked), the countdown, and whether the
 * visitor may join. The server renders the group as it was; this refreshes it with the visitor's own state
 * (POST /api/activity/pintuan/getCanJoinByGroupId) and joins (POST /api/activity/pintuan/join).
 */
export function PintuanGroup({
  initial,
  images,
  currency,
  countdownTemplate,
  endsFallback,
}: {
  initial: PintuanGroupView;
  images: SeatImage[];
  currency: string;
  countdownTemplate: string;
  endsFallback: string;
}) {
  const t = useTranslations('pintuanActions');
  const tApi = useTranslations('api');
  const locale = useLocale() as Locale;
  const token = useSiteStore((s) => s.token);
  const [group, setGroup] = useState(initial);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [imageId, setImageId] = useState(images[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shareUrl, setShareUrl] = useState('');
  const [copied, setCopied] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const billing = useSeatBilling(token);

  useEffect(() => {
    setShareUrl(`${window.location.origin}${window.location.pathname}`);
  }, []);

  // Refetched when the visitor logs in or out: the answer depends on who asks. `token` is only the trigger.
  useEffect(() => {
    void token;
    let current = true;
    apiCall<{ group: PintuanGroupView; viewer: Viewer }>('/activity/pintuan/getCanJoinByGroupId', {
      body: { groupId: initial.id },
      silent: true,
    })
      .then((answer) => {
        if (!current) return;
        setGroup(answer.group);
        setViewer(answer.viewer);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [token, initial.id]);

  const join = async () => {
    setBusy(true);
    setError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const answer = await apiCall<{ group: PintuanGroupView; order: Seat }>('/activity/pintuan/join', {
        body: { groupId: group.id, imageId, currency, idempotencyKey: idempotencyKey.current, ...billing.request() },
        silent: true,
      });
      setGroup(answer.group);
      setViewer({ signedIn: true, role: 'member', canJoin: false, reason: 'alreadyJoined', seat: answer.order });
    } catch (e) {
      // A refused billing field is said at the field, which takes the focus; anything else under the button.
      if (!billing.refused(e)) setError(e instanceof ApiCallError ? e.messageKey : 'api.requestFailed');
      idempotencyKey.current = null;
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const seats = Array.from({ length: group.size }, (_, i) => group.members[i] ?? null);

  const closed = group.status === 'failed' || group.status === 'succeeded';
  let action: ReactNode = null;
  if (viewer?.role === 'leader' || viewer?.role === 'member') {
    const seat = viewer.seat;
    const unpaid = seat?.status === 'pending_payment' && !closed;
    let greeting = t('youJoined');
    if (viewer.role === 'leader') {
      if (group.status === 'pending') greeting = t('youLeadPending');
      else if (group.status === 'open') greeting = t('youLeadOpen');
      else greeting = t('youLead');
    }
    action = (
      <div className="space-y-2" role="status" data-testid="pintuan-seat">
        <p className="font-semibold text-emerald-800">{greeting}</p>
        {seat && unpaid ? (
          <>
            <p className="text-sm" data-testid="pintuan-pay-by">
              {t('payBy', {
                total: formatMoney(seat.totalMinor, orderCurrency(seat.currency, 1), locale),
                time: new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(seat.payBy),
                ),
              })}
            </p>
            <a href={seat.payUrl} className={`${BUTTON} inline-block bg-red-600 text-white hover:bg-red-700`}>
              {t('payOrder', { number: seat.number })}
            </a>
          </>
        ) : null}
        {seat && seat.status !== 'pending_payment' && !closed ? (
          <p className="text-sm text-muted">{t('seatPaid')}</p>
        ) : null}
      </div>
    );
  } else if (viewer?.canJoin) {
    action = (
      <div className="flex flex-col gap-3 desk:max-w-sm">
        <PintuanImageSelect id="join-image" images={images} value={imageId} onChange={setImageId} />
        {billing.fields}
        <button
          type="button"
          disabled={busy || imageId === ''}
          onClick={join}
          className={`${BUTTON} bg-red-600 text-white hover:bg-red-700 disabled:opacity-60`}
        >
          {busy ? t('joining') : t('join')}
        </button>
      </div>
    );
  } else if (viewer?.reason === 'loginRequired' || (!viewer && !token && group.status === 'open')) {
    action = (
      <Link
        href={`/activity/pintuan/part-vps/${group.id}?ope=login`}
        className={`${BUTTON} inline-block border border-brand-600 text-brand-700 hover:bg-brand-50`}
      >
        {t('logInToJoin')}
      </Link>
    );
  } else if (viewer?.reason) {
    action = <p className="text-sm text-muted">{tApi(`pintuan.${viewer.reason}`)}</p>;
  }

  return (
    <section
      aria-labelledby="group-heading"
      className="rounded-xl border border-line bg-white p-5 shadow-sm desk:p-6"
      data-testid="pintuan-group"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="group-heading" className="text-xl font-semibold">
          {t('members')}
        </h2>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_BADGE[group.status]}`}>
          {t(`status.${group.status}`)}
        </span>
      </div>

      {closed ? (
        <p className="mt-4 text-sm" data-testid="pintuan-outcome">
          {group.status === 'failed' ? t('failedNote') : t('succeededNote')}
        </p>
      ) : (
        <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
          {/* Seats left mean something only while the group can be joined or is waiting to open. */}
          <p className="text-3xl font-semibold text-red-700" data-testid="seats-left">
            {t('seatsLeft', { count: group.seatsLeft })}
          </p>
          <p className="text-sm text-muted" data-testid="pintuan-deadline">
            {group.status === 'pending' ? t('payDeadline') : t('fillDeadline')}{' '}
            <Countdown endsAt={group.expiresAt} fallback={endsFallback} template={countdownTemplate} />
          </p>
        </div>
      )}
      {group.status === 'pending' && viewer?.role !== 'leader' ? (
        <p className="mt-2 text-sm text-muted">{t('pendingNote')}</p>
      ) : null}
      <div className="mt-3">
        <StockBar
          value={group.seatsTaken}
          max={group.size}
          label={t('seatsTaken', { taken: group.seatsTaken, size: group.size })}
          fill="red"
        />
      </div>
      <p className="mt-1 text-xs text-muted">{t('seatsTaken', { taken: group.seatsTaken, size: group.size })}</p>

      <ul className="mt-5 grid grid-cols-2 gap-3 desk:grid-cols-5" data-testid="pintuan-members">
        {seats.map((member, i) => (
          <li
            // Seats are positional: the i-th seat stays the i-th seat as members join.
            // biome-ignore lint/suspicious/noArrayIndexKey: seats have no identity of their own
            key={i}
            className={`flex flex-col items-center gap-2 rounded-lg border p-3 text-center ${
              member ? 'border-line bg-white' : 'border-dashed border-line bg-surface'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-10 items-center justify-center rounded-full text-sm font-semibold ${
                member ? 'bg-brand-600 text-white' : 'bg-white text-muted'
              }`}
            >
              {member ? (Array.from(member.name)[0] ?? '?').toUpperCase() : '+'}
            </span>
            <span className="w-full truncate text-sm">{member ? member.name : t('emptySeat')}</span>
            {member?.leader ? (
              <span className="rounded-full bg-red-50 px-2 text-xs font-semibold text-red-700">{t('leader')}</span>
            ) : null}
            {member ? (
              <span className={`text-xs ${member.paid ? 'text-emerald-800' : 'text-muted'}`}>
                {member.paid ? t('paid') : t('paying')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>

      <div className="mt-6">{action}</div>
      {error ? <FormError messageKey={error} /> : null}

      {group.status === 'open' && shareUrl ? (
        <div className="mt-6 border-t border-line pt-4">
          <label htmlFor="share-link" className="text-sm">
            {t('shareLink')}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="share-link"
              readOnly
              value={shareUrl}
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              onClick={copy}
              className={`${BUTTON} border border-brand-600 text-brand-700 hover:bg-brand-50`}
            >
              {copied ? t('copied') : t('copy')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
