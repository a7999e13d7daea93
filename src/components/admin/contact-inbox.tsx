'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useLocale } from 'next-intl';
import { useMemo, useState } from 'react';
import { HTML_LANG, LOCALE_LABEL, type Locale } from '@/lib/locales';
import { DataTable, ListSearch } from './data-table';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, buttonClass, formatWhen, PageHeading } from './ui';
import { useList, useListQuery } from './use-list';

type ContactMessage = {
  id: number;
  name: string;
  email: string;
  topic: string;
  message: string;
  locale: string;
  createdAt: string;
};

/** The first line of a message, cut short: the row says what it is about; the whole text opens below it. */
function excerpt(text: string, max = 90): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max || text.includes('\n') ? `${line.slice(0, max).trimEnd()}…` : line;
}

/**
 * /admin/contact: what visitors sent through the /contact form, newest first (docs/product/back-office-api.md).
 * Replies go from staff's own mail program: the address opens it with the subject filled in.
 */
export function ContactInbox() {
  const t = useTranslations('admin.contact');
  const locale = useLocale() as Locale;
  const list = useListQuery({ sort: { id: 'createdAt', desc: true } });
  const [open, setOpen] = useState<Set<number>>(new Set());
  const result = useList<ContactMessage>('/contact-messages', list.query);
  const { error } = result;

  const columns = useMemo<ColumnDef<ContactMessage>[]>(() => {
    const toggle = (id: number) =>
      setOpen((before) => {
        const next = new Set(before);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    return [
      {
        id: 'createdAt',
        header: t('columns.received'),
        cell: ({ row }) => formatWhen(row.original.createdAt, HTML_LANG[locale]),
      },
      {
        id: 'from',
        header: t('columns.from'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="block min-w-0">
            <span className="block font-semibold">{row.original.name}</span>
            <span className="block break-all text-muted">{row.original.email}</span>
          </span>
        ),
      },
      {
        id: 'topic',
        header: t('columns.topic'),
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {row.original.topic}
            <span className="ml-2 rounded bg-surface px-1.5 py-0.5 text-xs text-muted">
              {LOCALE_LABEL[row.original.locale as Locale] ?? row.original.locale}
            </span>
          </span>
        ),
      },
      {
        id: 'message',
        header: t('columns.message'),
        enableSorting: false,
        cell: ({ row }) => {
          const shown = open.has(row.original.id);
          return (
            <span className="block max-w-prose">
              {shown ? null : (
                <span className="block break-words" lang={row.original.locale}>
                  {excerpt(row.original.message)}
                </span>
              )}
              <button
                type="button"
                aria-expanded={shown}
                aria-controls={shown ? `contact-${row.original.id}` : undefined}
                onClick={() => toggle(row.original.id)}
                className={`${buttonClass.link} mt-1 text-sm`}
                data-testid="toggle-message"
              >
                {shown ? t('hide') : t('show')}
              </button>
            </span>
          );
        },
      },
      {
        id: 'reply',
        header: t('columns.reply'),
        enableSorting: false,
        cell: ({ row }) => {
          const subject = `Re: ${row.original.topic}`;
          return (
            <a
              href={`mailto:${encodeURIComponent(row.original.email)}?subject=${encodeURIComponent(subject)}`}
              className={buttonClass.link}
              data-testid="reply"
            >
              {t('reply', { name: row.original.name })}
            </a>
          );
        },
      },
    ];
  }, [t, locale, open]);

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 text-sm text-muted">{t('intro')}</p>
      <ListSearch id="contact-search" label={t('search')} value={list.search} onChange={list.setSearch} />
      {error ? <Alert messageKey={error} /> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        {...list.table(result)}
        getRowId={(row) => String(row.id)}
        expanded={(row) =>
          open.has(row.id) ? (
            <div id={`contact-${row.id}`} data-testid="message-text">
              <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
                {t('messageFrom', { name: row.name })}
              </p>
              <p className="max-w-prose whitespace-pre-wrap break-words text-sm" lang={row.locale}>
                {row.message}
              </p>
            </div>
          ) : null
        }
        testId="contact"
      />
    </>
  );
}
