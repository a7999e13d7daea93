'use client';

import { useLocale } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SCHEDULED_STATUSES } from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi, type Page } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { Alert, ConfirmDialog, formatWhen, SelectField, useErrorText } from '../ui';
import { localized, type Overview, type Scheduled, usd } from './types';

/** How long the list waits before looking again while a change is pending: its time may come meanwhile. */
const REFRESH_MS = 5_000;

/**
 * Scheduled price changes: the pending ones first (soonest first), then those applied, cancelled or failed, with
 * who scheduled each; a pending one can be cancelled by those who may change prices.
 */
export function ScheduledList({
  overview,
  editable,
  reloadKey,
  onChanged,
}: {
  overview: Overview;
  editable: boolean;
  reloadKey: number;
  onChanged: () => void;
}) {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const errorText = useErrorText();
  const [status, setStatus] = useState<'' | (typeof SCHEDULED_STATUSES)[number]>('');
  const [page, setPage] = useState<Page<Scheduled> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Scheduled | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // The changes seen pending: when one of them has applied since, the prices above are out of date.
  const seenPending = useRef(new Set<number>());
  const load = useCallback(() => {
    adminApi<Page<Scheduled>>('/prices/scheduled', { query: { status, rows: 50 } })
      .then((answer) => {
        setPage(answer);
        setError(null);
        const settled = answer.items.some((i) => i.status !== 'pending' && seenPending.current.has(i.id));
        seenPending.current = new Set(answer.items.filter((i) => i.status === 'pending').map((i) => i.id));
        if (settled) onChanged();
      })
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [status, onChanged]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh list after a change.
  useEffect(load, [load, reloadKey]);
  const pending = page?.items.some((i) => i.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await adminApi(`/prices/scheduled/${cancelling.id}/cancel`, { body: { version: cancelling.version } });
      setNotice({ tone: 'success', text: t('cancelled') });
      onChanged();
    } catch (e) {
      setNotice({
        tone: 'error',
        text: errorText(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed') ?? '',
      });
    } finally {
      setBusy(false);
      setCancelling(null);
      load();
    }
  };

  const plan = (id: string) => {
    const found = overview.plans.find((p) => p.id === id);
    return found ? localized(found.name, locale) : id;
  };
  const region = (id: string) => {
    const found = overview.regions.find((r) => r.id === id);
    return found ? localized(found.city, locale) : id;
  };
  const follows = t('follows');
  const describe = (item: Scheduled): string => {
    const c = item.change;
    switch (c.target) {
      case 'plan':
        return t('describePlan', {
          plan: plan(c.planId),
          monthly: usd(c.monthlyPrice, 2, locale),
          hourly: usd(c.hourlyPrice, 6, locale),
          billing: c.hourlyBilling ? t('hourlyOn') : t('hourlyOff'),
        });
      case 'planRegion':
        return t('describePlanRegion', {
          plan: plan(c.planId),
          region: region(c.regionId),
          monthly: c.monthlyPrice === null ? follows : usd(c.monthlyPrice, 2, locale),
          hourly: c.hourlyPrice === null ? follows : usd(c.hourlyPrice, 6, locale),
        });
      case 'region':
        return t('describeRegion', { region: region(c.regionId), percent: c.priceAdjustmentPct });
      case 'term':
        return t('describeTerm', { count: c.months, percent: c.percentOff });
      case 'licence':
        return t('describeLicence', {
          image: overview.images.find((i) => i.id === c.imageId)?.name ?? c.imageId,
          fee: usd(c.licencePerVcpu, 2, locale),
        });
    }
  };
  const when = (iso: string | null) => formatWhen(iso, HTML_LANG[locale]);

  return (
    <section aria-labelledby="scheduled-title" className="mt-10" data-testid="scheduled">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="scheduled-title" className="text-xl font-semibold">
          {t('scheduledTitle')}
        </h2>
        <div className="w-48">
          <SelectField
            id="scheduled-status"
            label={t('statusFilter')}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="">{t('statusAll')}</option>
            {SCHEDULED_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div aria-live="polite" className="mb-3 empty:mb-0">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {error ? <Alert messageKey={error} /> : null}
      {page === null && !error ? <p aria-busy="true" className="h-16" /> : null}
      {page ? (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white">
          {page.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
              data-testid="scheduled-row"
              data-id={item.id}
              data-status={item.status}
            >
              <span className="min-w-0 flex-1">
                <span className="block break-words font-semibold">{describe(item)}</span>
                <span className="block text-xs text-muted">
                  {t('from', { time: when(item.startsAt) })} ·{' '}
                  {t('scheduledBy', { name: item.createdBy?.name ?? t('someone') })}
                  {item.appliedAt ? ` · ${t('appliedAt', { time: when(item.appliedAt) })}` : ''}
                  {item.cancelledAt
                    ? ` · ${t('cancelledBy', { name: item.cancelledBy?.name ?? t('someone'), time: when(item.cancelledAt) })}`
                    : ''}
                  {item.failure ? ` · ${errorText(item.failure)}` : ''}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    {
                      pending: 'bg-amber-100 text-amber-950',
                      applied: 'bg-emerald-100 text-emerald-950',
                      cancelled: 'bg-surface text-muted',
                      failed: 'bg-red-100 text-red-900',
                    }[item.status]
                  }`}
                  data-testid="scheduled-status"
                >
                  {t(`status.${item.status}`)}
                </span>
                {editable && item.status === 'pending' ? (
                  <button
                    type="button"
                    className="font-semibold text-red-700 hover:underline"
                    onClick={() => setCancelling(item)}
                    aria-label={`${t('cancel')}: ${describe(item)}`}
                  >
                    {t('cancel')}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
          {page.items.length === 0 ? <li className="p-6 text-center text-muted">{t('scheduledEmpty')}</li> : null}
        </ul>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title={t('cancelTitle')}
        description={cancelling ? describe(cancelling) : ''}
        confirmLabel={t('cancelConfirm')}
        onConfirm={() => void cancel()}
        busy={busy}
      />
    </section>
  );
}
