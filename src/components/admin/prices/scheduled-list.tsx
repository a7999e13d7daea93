'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PricesOverview } from '@/lib/admin/prices-schemas';
import { type ScheduledPriceChange, scheduledPricesResource } from '@/lib/admin/resources/prices/scheduled';
import type { AdminLocale, StaffRole } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { useAdminTranslations as useTranslations } from '../i18n';
import { ListFilters } from '../resource/list-filters';
import { KeysetTable, type ListAnswer } from '../resource/resource-list';
import { type Notice, ResourceNotice, useRowActions } from '../resource/row-actions';
import { useResourceText } from '../resource/text';
import { useListAddress } from '../resource/use-list-address';
import { Alert, formatWhen, useErrorText } from '../ui';
import { useAnswer } from '../use-list';
import { namesIn, usd } from './types';

/** How long the list waits before looking again while a change is pending: its time may come meanwhile. */
const REFRESH_MS = 5_000;

const TONE = {
  pending: 'bg-amber-100 text-amber-950',
  applied: 'bg-emerald-100 text-emerald-950',
  cancelled: 'bg-surface text-muted',
  failed: 'bg-red-100 text-red-900',
} as const;

type Row = ScheduledPriceChange;

/**
 * Scheduled price changes, on the shared list parts: the pending ones first (soonest first), then those applied,
 * cancelled or failed, a page after a cursor, the status filter in the address; a pending one can be cancelled
 * (the declared action) by those who may change prices. While one is pending the list looks again every few
 * seconds, and when one has applied since, the prices above are read again (`onSettled`).
 */
export function ScheduledList({
  overview,
  role,
  reloadKey,
  onSettled,
}: {
  overview: PricesOverview;
  role: StaffRole | undefined;
  reloadKey: number;
  onSettled: () => void;
}) {
  const resource = scheduledPricesResource;
  const t = useTranslations('admin.prices');
  const text = useResourceText(resource);
  const locale = useLocale() as AdminLocale;
  const errorText = useErrorText();
  const address = useListAddress(resource.list);
  const list = useAnswer<ListAnswer<Row>>(`/${resource.name}`, address.query);
  const [notice, setNotice] = useState<Notice | null>(null);
  const names = namesIn(overview, locale);
  const follows = t('follows');
  const { reload } = list;

  const describe = (row: Row): string => {
    const c = row.change;
    switch (c.target) {
      case 'plan':
        return t('describePlan', {
          plan: names.plan(c.planId),
          monthly: usd(c.monthlyPrice, 2, locale),
          hourly: usd(c.hourlyPrice, 6, locale),
          billing: c.hourlyBilling ? t('hourlyOn') : t('hourlyOff'),
        });
      case 'planRegion':
        return t('describePlanRegion', {
          plan: names.plan(c.planId),
          region: names.region(c.regionId),
          monthly: c.monthlyPrice === null ? follows : usd(c.monthlyPrice, 2, locale),
          hourly: c.hourlyPrice === null ? follows : usd(c.hourlyPrice, 6, locale),
        });
      case 'region':
        return t('describeRegion', { region: names.region(c.regionId), percent: c.priceAdjustmentPct });
      case 'term':
        return t('describeTerm', { count: c.months, percent: c.percentOff });
      case 'licence':
        return t('describeLicence', { image: names.image(c.imageId), fee: usd(c.licencePerVcpu, 2, locale) });
    }
  };
  const when = (iso: string | null) => formatWhen(iso, HTML_LANG[locale]);
  const who = (ref: Row['createdBy']) => ref?.name ?? t('someone');

  const actions = useRowActions({
    resource,
    role,
    text,
    nameOf: (row) => describe(row as Row),
    keyOf: (row) => String(row.id),
    onOpen: () => undefined,
    onChanged: (next) => {
      setNotice(next);
      reload();
      onSettled();
    },
  });

  // A new change made above (reloadKey), and while one is pending, every few seconds: its time may have come.
  const shownKey = useRef(reloadKey);
  useEffect(() => {
    if (shownKey.current === reloadKey) return;
    shownKey.current = reloadKey;
    reload();
  }, [reloadKey, reload]);
  const answer = list.answer;
  const pending = answer?.items.some((i) => i.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, reload]);
  // The changes seen pending: when one of them has applied since, the prices above are out of date.
  const seenPending = useRef(new Set<number>());
  useEffect(() => {
    const items = answer?.items ?? [];
    if (items.some((i) => i.status !== 'pending' && seenPending.current.has(i.id))) onSettled();
    seenPending.current = new Set(items.filter((i) => i.status === 'pending').map((i) => i.id));
  }, [answer, onSettled]);

  const actionsCell = useRef(actions.cell);
  actionsCell.current = actions.cell;
  // The cells read the helpers of the latest render; the columns stay one set while the language does.
  const helpers = { describe, when, who, errorText, t };
  const latest = useRef(helpers);
  latest.current = helpers;
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: 'change',
        header: text.field('change'),
        enableSorting: false,
        cell: ({ row }) => <span className="font-semibold">{latest.current.describe(row.original)}</span>,
      },
      {
        id: 'startsAt',
        header: text.field('startsAt'),
        enableSorting: false,
        cell: ({ row: { original: r } }) => {
          const { when, who, t } = latest.current;
          return (
            <>
              <span className="block whitespace-nowrap">{when(r.startsAt)}</span>
              <span className="block text-xs text-muted">{t('scheduledBy', { name: who(r.createdBy) })}</span>
            </>
          );
        },
      },
      {
        id: 'status',
        header: text.field('status'),
        enableSorting: false,
        cell: ({ row: { original: r } }) => {
          const { when, who, t, errorText } = latest.current;
          return (
            <>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[r.status]}`}
                data-testid="scheduled-status"
                data-status={r.status}
              >
                {text.option('status', r.status)}
              </span>
              <span className="mt-1 block text-xs text-muted">
                {r.appliedAt ? t('appliedAt', { time: when(r.appliedAt) }) : null}
                {r.cancelledAt ? t('cancelledBy', { name: who(r.cancelledBy), time: when(r.cancelledAt) }) : null}
                {r.failure ? errorText(r.failure) : null}
              </span>
            </>
          );
        },
      },
      {
        id: 'actions',
        header: text.shared('actions'),
        enableSorting: false,
        cell: ({ row }) => actionsCell.current(row.original),
      },
    ],
    [text],
  );

  return (
    <section aria-labelledby="scheduled-title" className="mt-10" data-testid="scheduled">
      <h2 id="scheduled-title" className="mb-3 text-xl font-semibold">
        {text.title()}
      </h2>
      <ResourceNotice notice={notice} />
      <ListFilters resource={resource} address={address} text={text} />
      {list.error ? <Alert messageKey={list.error} /> : null}
      <KeysetTable
        caption={text.title()}
        columns={columns}
        answer={answer}
        loading={list.loading && answer === null}
        address={address}
        getRowId={(row) => String(row.id)}
        testId="scheduled-list"
      />
      {actions.dialogs}
    </section>
  );
}
