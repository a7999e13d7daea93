'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import { MISSING_TRANSLATION_KINDS, type TRANSLATED_KINDS } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { EmptyList, TableFrame, TableRows, useServerTable } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { ListFilters } from './resource/list-filters';
import { useResourceText } from './resource/text';
import { useListAddress } from './resource/use-list-address';
import { Alert, buttonClass, PageHeading } from './ui';
import { useAnswer } from './use-list';

type Kind = (typeof TRANSLATED_KINDS)[number];
type Missing = { kind: Kind; id: string; title: string; missing: ('zh' | 'ja')[] };

/** The view's list: not a resource of its own (it reads five), but kept in the address as theirs are. */
const VIEW = {
  name: 'translations',
  list: {
    sorts: ['kind'],
    order: { sort: 'kind', dir: 'asc' },
    filters: [{ name: 'kind', options: MISSING_TRANSLATION_KINDS }],
  },
} as const;

/** Where an item is edited in the back office, for the kinds whose rows have a page of their own. */
function editorHref(item: Missing): string | null {
  switch (item.kind) {
    case 'announcement':
      return `/admin/announcements/${item.id}`;
    case 'article':
      return `/admin/articles/${item.id}`;
    default:
      return null;
  }
}

/**
 * /admin/translations: every item the site shows in English to Chinese or Japanese readers because their text is
 * missing (docs/product/back-office-api.md), each naming the languages it lacks. A special screen (it reads every
 * translated kind, up to 500 of each, with no paging) on the shared parts: its kind filter in the address, the
 * list's table.
 */
export function MissingTranslations() {
  const t = useTranslations('admin.translations');
  const text = useResourceText(VIEW);
  const address = useListAddress(VIEW.list);
  const list = useAnswer<{ items: Missing[] }>('/translations/missing', { kind: address.filterValues.kind });
  const items = list.answer?.items ?? [];

  const columns = useMemo<ColumnDef<Missing>[]>(
    () => [
      {
        id: 'kind',
        header: text.filter('kind'),
        enableSorting: false,
        cell: ({ row }) => text.filterOption('kind', row.original.kind),
      },
      {
        id: 'title',
        header: t('item'),
        enableSorting: false,
        cell: ({ row }) => {
          const href = editorHref(row.original);
          const title = row.original.title || `#${row.original.id}`;
          return href ? (
            <Link href={href} className={`${buttonClass.link} break-words`} lang="en">
              {title}
            </Link>
          ) : (
            <span className="break-words" lang="en">
              {title}
            </span>
          );
        },
      },
      {
        id: 'missing',
        header: t('lacks'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {row.original.missing.map((l) => (
              <span
                key={l}
                className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
                data-testid="missing-language"
              >
                {LOCALE_LABEL[l]}
              </span>
            ))}
          </span>
        ),
      },
    ],
    [t, text],
  );
  const table = useServerTable({ data: items, columns, getRowId: (row) => `${row.kind}:${row.id}` });

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 max-w-prose text-sm text-muted">{t('intro')}</p>
      <ListFilters resource={VIEW} address={address} text={text} />
      {list.error ? <Alert messageKey={list.error} /> : null}
      <TableFrame
        table={table}
        caption={t('title')}
        loading={list.loading}
        testId="translations-list"
        below={
          !list.loading && list.answer && items.length === 0 ? (
            address.filterValues.kind === 'all' ? (
              <Alert tone="success" testId="translations-none">
                {t('none')}
              </Alert>
            ) : (
              <EmptyList />
            )
          ) : null
        }
      >
        <TableRows table={table} />
      </TableFrame>
    </>
  );
}
