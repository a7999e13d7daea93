'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLocale } from 'next-intl';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { DataTable, ListSearch } from '../data-table';
import { useAdminTranslations as useTranslations } from '../i18n';
import { can, useSession } from '../session';
import { Alert, Button, buttonClass, ConfirmDialog, formatWhen, Modal, PageHeading, useErrorText } from '../ui';
import { useList, useListQuery } from '../use-list';
import { type FormKind, PromotionForm, type PromotionOptions, type PromotionRow } from './form';

export type PromotionSection = 'coupons' | 'welcome' | 'sales' | 'groupBuys' | 'campaigns';

const SECTIONS: { key: PromotionSection; href: string }[] = [
  { key: 'coupons', href: '/admin/promotions' },
  { key: 'welcome', href: '/admin/promotions/welcome' },
  { key: 'sales', href: '/admin/promotions/sales' },
  { key: 'groupBuys', href: '/admin/promotions/group-buys' },
  { key: 'campaigns', href: '/admin/promotions/campaigns' },
];

/** The promotion editors' own navigation, under the back office's menu entry. */
export function PromotionTabs() {
  const t = useTranslations('admin.promotions');
  const pathname = usePathname();
  return (
    <nav aria-label={t('sectionsLabel')} className="mb-6 border-b border-line">
      <ul className="flex flex-wrap gap-x-1">
        {SECTIONS.map((s) => {
          const current = s.href === '/admin/promotions' ? pathname === s.href : pathname.startsWith(s.href);
          return (
            <li key={s.key}>
              <Link
                href={s.href}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${current ? 'border-brand-600 font-semibold text-ink' : 'border-transparent text-muted hover:text-ink'}`}
              >
                {t(`sections.${s.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The forms' choices, asked once per page. */
export function usePromotionOptions(): PromotionOptions | null {
  const [options, setOptions] = useState<PromotionOptions | null>(null);
  useEffect(() => {
    adminApi<PromotionOptions>('/promotion-options')
      .then(setOptions)
      .catch(() => setOptions(null));
  }, []);
  return options;
}

export const textIn = (value: unknown, locale: AdminLocale): string => {
  const texts = (value ?? {}) as Partial<Record<AdminLocale, string>>;
  return texts[locale] || texts.en || '';
};

export const usd = (cents: unknown, locale: AdminLocale) =>
  new Intl.NumberFormat(HTML_LANG[locale], { style: 'currency', currency: 'USD' }).format(Number(cents ?? 0) / 100);

/** Upcoming, running or ended, from the schedule, as a small badge. */
export function ScheduleCell({ row }: { row: PromotionRow }) {
  const t = useTranslations('admin.promotions');
  const locale = useLocale() as AdminLocale;
  const now = Date.now();
  const starts = new Date(String(row.startsAt)).getTime();
  const ends = new Date(String(row.endsAt)).getTime();
  const state = now < starts ? 'upcoming' : now >= ends ? 'ended' : 'running';
  const tone = {
    upcoming: 'bg-amber-100 text-amber-900',
    running: 'bg-emerald-100 text-emerald-900',
    ended: 'bg-surface text-muted',
  }[state];
  return (
    <span className="block">
      <span className={`mr-2 inline-block rounded px-1.5 py-0.5 text-xs ${tone}`}>{t(`states.${state}`)}</span>
      <span className="text-xs text-muted">
        {formatWhen(String(row.startsAt), HTML_LANG[locale])} – {formatWhen(String(row.endsAt), HTML_LANG[locale])}
      </span>
    </span>
  );
}

type ListConfig = {
  path: string;
  form: FormKind;
  query?: Record<string, string>;
  sorts: string[];
  defaultSort: { id: string; desc: boolean };
  columns: (helpers: {
    locale: AdminLocale;
    t: ReturnType<typeof useTranslations<'admin.promotions'>>;
  }) => ColumnDef<PromotionRow>[];
  title: (row: PromotionRow, locale: AdminLocale) => string;
  deletable?: boolean;
  /** A link per row to a page of its own (a sale's items). */
  detail?: (row: PromotionRow) => string;
};

const LISTS: Record<PromotionSection, ListConfig> = {
  coupons: {
    path: '/coupons',
    form: 'coupon',
    query: { offer: 'centre' },
    sorts: ['sort', 'id', 'startsAt', 'endsAt', 'claimed'],
    defaultSort: { id: 'sort', desc: false },
    title: (row, locale) => textIn(row.name, locale),
    columns: ({ locale, t }) => [
      {
        id: 'value',
        header: t('columns.value'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.kind === 'percent'
              ? t('percentOff', { percent: Number(row.original.percentOff) })
              : usd(row.original.amountCents, locale)}
          </span>
        ),
      },
      {
        id: 'threshold',
        header: t('columns.threshold'),
        enableSorting: false,
        cell: ({ row }) => (Number(row.original.thresholdCents) > 0 ? usd(row.original.thresholdCents, locale) : '—'),
      },
      {
        id: 'claimed',
        header: t('columns.claimed'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap" data-testid="claimed">
            {t('ofStock', { taken: Number(row.original.claimed), stock: Number(row.original.stockTotal) })}
          </span>
        ),
      },
      { id: 'perUser', header: t('columns.perUser'), enableSorting: false, accessorKey: 'perUserLimit' },
      { id: 'startsAt', header: t('columns.schedule'), cell: ({ row }) => <ScheduleCell row={row.original} /> },
    ],
  },
  welcome: {
    path: '/coupons',
    form: 'coupon',
    query: { offer: 'welcome' },
    sorts: ['sort', 'id'],
    defaultSort: { id: 'sort', desc: false },
    title: (row, locale) => textIn(row.name, locale),
    columns: ({ locale, t }) => [
      {
        id: 'value',
        header: t('columns.value'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {row.original.kind === 'percent'
              ? t('percentOff', { percent: Number(row.original.percentOff) })
              : usd(row.original.amountCents, locale)}
          </span>
        ),
      },
      {
        id: 'threshold',
        header: t('columns.threshold'),
        enableSorting: false,
        cell: ({ row }) => (Number(row.original.thresholdCents) > 0 ? usd(row.original.thresholdCents, locale) : '—'),
      },
      {
        id: 'validDays',
        header: t('columns.validDays'),
        enableSorting: false,
        cell: ({ row }) => t('days', { count: Number(row.original.validDays) }),
      },
      { id: 'held', header: t('columns.given'), enableSorting: false, accessorKey: 'held' },
    ],
  },
  sales: {
    path: '/sales',
    form: 'sale',
    sorts: ['startsAt', 'endsAt', 'id'],
    defaultSort: { id: 'endsAt', desc: true },
    title: (row, locale) => textIn(row.name, locale),
    detail: (row) => `/admin/promotions/sales/${row.id}`,
    columns: ({ t }) => [
      { id: 'items', header: t('columns.items'), enableSorting: false, accessorKey: 'items' },
      {
        id: 'sold',
        header: t('columns.sold'),
        enableSorting: false,
        cell: ({ row }) => t('ofStock', { taken: Number(row.original.sold), stock: Number(row.original.stock) }),
      },
      { id: 'endsAt', header: t('columns.schedule'), cell: ({ row }) => <ScheduleCell row={row.original} /> },
    ],
  },
  groupBuys: {
    path: '/pintuan-offers',
    form: 'pintuanOffer',
    sorts: ['sort', 'id', 'startsAt', 'endsAt'],
    defaultSort: { id: 'sort', desc: false },
    title: (row, locale) => textIn(row.name, locale),
    columns: ({ locale, t }) => [
      {
        id: 'group',
        header: t('columns.group'),
        enableSorting: false,
        cell: ({ row }) =>
          t('groupOf', { size: Number(row.original.groupSize), hours: Number(row.original.groupHours) }),
      },
      {
        id: 'price',
        header: t('columns.price'),
        enableSorting: false,
        cell: ({ row }) =>
          `${usd(row.original.groupPriceCents, locale)} / ${usd(row.original.singlePriceCents, locale)}`,
      },
      {
        id: 'groups',
        header: t('columns.groups'),
        enableSorting: false,
        cell: ({ row }) =>
          t('groups', { open: Number(row.original.openGroups), succeeded: Number(row.original.succeededGroups) }),
      },
      { id: 'startsAt', header: t('columns.schedule'), cell: ({ row }) => <ScheduleCell row={row.original} /> },
    ],
  },
  campaigns: {
    path: '/campaigns',
    form: 'campaign',
    sorts: ['sort', 'id', 'startsAt', 'endsAt'],
    defaultSort: { id: 'sort', desc: false },
    title: (row, locale) => textIn(row.title, locale),
    deletable: true,
    columns: ({ t }) => [
      {
        id: 'shownAs',
        header: t('columns.shownAs'),
        enableSorting: false,
        cell: ({ row }) => (row.original.popup ? t('popupAndBanner') : t('pageOnly')),
      },
      { id: 'link', header: t('columns.link'), enableSorting: false, accessorKey: 'ctaPath' },
      {
        id: 'image',
        header: t('columns.image'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.imageUrl ? <span className="break-all">{String(row.original.imageUrl)}</span> : '—',
      },
      { id: 'startsAt', header: t('columns.schedule'), cell: ({ row }) => <ScheduleCell row={row.original} /> },
    ],
  },
};

/**
 * One promotion list (coupons, the welcome bundle, sales, group-buy offers, campaigns), paged, sorted and searched
 * by the server; owners and managers add and change rows in a dialog, the other roles read.
 */
export function PromotionList({ section, children }: { section: PromotionSection; children?: ReactNode }) {
  const t = useTranslations('admin.promotions');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'promotions.edit');
  const errorText = useErrorText();
  const config = LISTS[section];
  const options = usePromotionOptions();
  const list = useListQuery({ sort: config.defaultSort });
  const [editing, setEditing] = useState<PromotionRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromotionRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const result = useList<PromotionRow>(config.path, { ...config.query, ...list.query });
  const { page: answer, error, reload } = result;

  const columns = useMemo<ColumnDef<PromotionRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        enableSorting: false,
        cell: ({ row }) => {
          const title = config.title(row.original, locale) || `#${row.original.id}`;
          return config.detail ? (
            <Link href={config.detail(row.original)} className={buttonClass.link} data-testid="name">
              {title}
            </Link>
          ) : (
            <span className="font-semibold" data-testid="name">
              {title}
            </span>
          );
        },
      },
      // A column the server sorts by reads its value for TanStack, which offers sorting only on such columns.
      ...config
        .columns({ locale, t })
        .map((c) =>
          c.enableSorting !== false && config.sorts.includes(String(c.id))
            ? ({ ...c, accessorFn: (row: PromotionRow) => row[String(c.id)] } as ColumnDef<PromotionRow>)
            : { ...c, enableSorting: false },
        ),
      ...(editable
        ? [
            {
              id: 'actions',
              header: t('columns.actions'),
              enableSorting: false,
              cell: ({ row }) => {
                const title = config.title(row.original, locale) || `#${row.original.id}`;
                return (
                  <span className="flex flex-wrap gap-3 whitespace-nowrap">
                    <button
                      type="button"
                      className={buttonClass.link}
                      onClick={() => setEditing(row.original)}
                      aria-label={`${t('edit')}: ${title}`}
                      data-testid="edit"
                    >
                      {t('edit')}
                    </button>
                    {config.deletable ? (
                      <button
                        type="button"
                        className="font-semibold text-red-700 hover:underline"
                        onClick={() => setDeleting(row.original)}
                        aria-label={`${t('delete')}: ${title}`}
                      >
                        {t('delete')}
                      </button>
                    ) : null}
                  </span>
                );
              },
            } satisfies ColumnDef<PromotionRow>,
          ]
        : []),
    ],
    [config, locale, t, editable],
  );

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi(`${config.path}/${deleting.id}`, { method: 'DELETE', query: { version: deleting.version } });
      setNotice({ tone: 'success', text: t('deleted') });
    } catch (e) {
      setNotice({
        tone: 'error',
        text: errorText(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed') ?? '',
      });
    } finally {
      setBusy(false);
      setDeleting(null);
      reload();
    }
  };

  const welcomeClaims = (answer as { welcomeClaims?: number } | null)?.welcomeClaims;

  return (
    <>
      <PageHeading title={t('title')}>
        {editable ? (
          <Button onClick={() => setEditing('new')} data-testid="promo-new">
            {t(`new.${section}`)}
          </Button>
        ) : null}
      </PageHeading>
      <PromotionTabs />
      <p className="mb-4 max-w-3xl text-sm text-muted">{t(`intro.${section}`)}</p>
      {section === 'welcome' && welcomeClaims !== undefined ? (
        <p className="mb-4 text-sm font-semibold" data-testid="welcome-claims">
          {t('welcomeClaims', { count: welcomeClaims })}
        </p>
      ) : null}
      {children}
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="promo-notice">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <ListSearch id="promo-search" label={t('search')} value={list.search} onChange={list.setSearch} />
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t(`sections.${section}`)}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        testId={`promo-${section}`}
      />
      {!editable ? (
        <div className="mt-4">
          <Alert tone="info">{t('readOnly')}</Alert>
        </div>
      ) : null}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={
          editing === 'new'
            ? t(`new.${section}`)
            : t('editTitle', { name: editing ? config.title(editing, locale) || `#${editing.id}` : '' })
        }
        wide
      >
        {editing !== null ? (
          <PromotionForm
            kind={config.form}
            row={editing === 'new' ? null : editing}
            preset={section === 'welcome' ? { welcome: true } : undefined}
            path={editing === 'new' ? config.path : `${config.path}/${editing.id}`}
            options={options}
            onSaved={() => {
              setEditing(null);
              setNotice({ tone: 'success', text: t('saved') });
              reload();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('deleteTitle')}
        description={t('deleteText')}
        confirmLabel={t('delete')}
        onConfirm={() => void remove()}
        busy={busy}
      />
    </>
  );
}
