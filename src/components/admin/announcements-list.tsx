'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { HTML_LANG, type Locale } from '@/lib/locales';
import type { AdminAnnouncement } from './announcement-types';
import { languagesOf, titleOf } from './announcement-types';
import { DataTable, ListSearch } from './data-table';
import { DeleteAnnouncement } from './delete-announcement';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, buttonClass, formatWhen, PageHeading } from './ui';
import { useList, useListQuery } from './use-list';

/** /admin/announcements: every announcement, in every state (scheduled ones included), newest first. */
export function AnnouncementsList() {
  const t = useTranslations('admin.announcements');
  const locale = useLocale() as Locale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');
  const list = useListQuery({ sort: { id: 'publishedAt', desc: true } });
  const result = useList<AdminAnnouncement>('/announcements', list.query);
  const { error, reload } = result;

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
      <ListSearch id="announcement-search" label={t('search')} value={list.search} onChange={list.setSearch} />
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        testId="announcements"
      />
    </>
  );
}
