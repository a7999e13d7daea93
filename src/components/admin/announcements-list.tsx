'use client';

import type { ColumnDef, SortingState } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { HTML_LANG, type Locale } from '@/lib/locales';
import type { AdminAnnouncement } from './announcement-types';
import { languagesOf, titleOf } from './announcement-types';
import { DataTable } from './data-table';
import { DeleteAnnouncement } from './delete-announcement';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, buttonClass, formatWhen, PageHeading } from './ui';
import { useDebounced, useList } from './use-list';

/** /admin/announcements: every announcement, in every state (scheduled ones included), newest first. */
export function AnnouncementsList() {
  const t = useTranslations('admin.announcements');
  const locale = useLocale() as Locale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [sorting, setSorting] = useState<SortingState>([{ id: 'publishedAt', desc: true }]);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState(20);
  const sort = sorting[0];
  const {
    page: answer,
    loading,
    error,
    reload,
  } = useList<AdminAnnouncement>('/announcements', {
    page,
    rows,
    sort: sort?.id,
    dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    q: q || undefined,
  });

  const columns = useMemo<ColumnDef<AdminAnnouncement>[]>(() => {
    const now = Date.now();
    return [
      {
        id: 'title',
        header: t('columns.title'),
        enableSorting: false,
        cell: ({ row }) => {
          const title = titleOf(row.original);
          return (
            <Link href={`/admin/announcements/${row.original.id}`} className={buttonClass.link} data-testid="title">
              {title || `#${row.original.id}`}
            </Link>
          );
        },
      },
      { id: 'category', accessorKey: 'category', header: t('columns.category') },
      {
        id: 'publishedAt',
        header: t('columns.publishedAt'),
        cell: ({ row }) => {
          const when = row.original.publishedAt;
          const scheduled = new Date(when).getTime() > now;
          return (
            <span>
              {formatWhen(when, HTML_LANG[locale])}
              {scheduled ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t('scheduled')}</span>
              ) : null}
            </span>
          );
        },
      },
      {
        id: 'updatedAt',
        header: t('columns.updatedAt'),
        cell: ({ row }) => formatWhen(row.original.updatedAt, HTML_LANG[locale]),
      },
      {
        id: 'pinned',
        header: t('columns.pinned'),
        enableSorting: false,
        cell: ({ row }) => (row.original.pinned ? t('pinnedYes') : '—'),
      },
      {
        id: 'languages',
        header: t('columns.languages'),
        enableSorting: false,
        cell: ({ row }) => {
          const have = languagesOf(row.original);
          return (
            <span className="flex gap-1">
              {(['en', 'zh', 'ja'] as const).map((l) => (
                <span
                  key={l}
                  className={`rounded px-1.5 py-0.5 text-xs uppercase ${have.includes(l) ? 'bg-emerald-100 text-emerald-900' : 'bg-surface text-muted line-through'}`}
                  title={have.includes(l) ? undefined : t('missing')}
                >
                  {l}
                </span>
              ))}
            </span>
          );
        },
      },
      ...(editable
        ? [
            {
              id: 'actions',
              header: t('columns.actions'),
              enableSorting: false,
              cell: ({ row }) => (
                <span className="flex flex-wrap gap-3">
                  <Link href={`/admin/announcements/${row.original.id}`} className={buttonClass.link}>
                    {t('edit')}
                  </Link>
                  <DeleteAnnouncement announcement={row.original} onDeleted={reload} />
                </span>
              ),
            } satisfies ColumnDef<AdminAnnouncement>,
          ]
        : []),
    ];
  }, [t, locale, editable, reload]);

  return (
    <>
      <PageHeading title={t('title')}>
        {editable ? (
          <Link href="/admin/announcements/new" className={buttonClass.primary}>
            {t('new')}
          </Link>
        ) : null}
      </PageHeading>
      <div className="mb-4 max-w-md">
        <label htmlFor="announcement-search" className="block text-sm font-semibold">
          {t('search')}
        </label>
        <input
          id="announcement-search"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm"
        />
      </div>
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        data={answer?.items ?? []}
        total={answer?.total ?? 0}
        capped={answer?.capped}
        page={page}
        rows={rows}
        sorting={sorting}
        onSortingChange={(updater) => {
          setSorting(updater);
          setPage(1);
        }}
        onPageChange={setPage}
        onRowsChange={(next) => {
          setRows(next);
          setPage(1);
        }}
        loading={loading}
        getRowId={(row) => String(row.id)}
        testId="announcements"
      />
    </>
  );
}
