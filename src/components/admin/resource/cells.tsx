'use client';

import Link from 'next/link';
import type { Column } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { countryName } from '@/lib/countries';
import { HTML_LANG, isLocale, LOCALE_LABEL } from '@/lib/locales';
import { buttonClass, formatWhen } from '../ui';
import type { ResourceText } from './text';

/** A value of a list's cell as its column's format shows it, in the reader's language; a link where it opens a screen. */
export function Cell(props: {
  column: Column;
  value: unknown;
  row: Record<string, unknown>;
  locale: AdminLocale;
  text: ResourceText;
}) {
  const { column, value, row } = props;
  const href = value === null || value === undefined || value === '' ? undefined : column.link?.(row);
  const shown = href ? (
    <Link href={href} className="font-semibold text-brand-700 hover:underline">
      <Shown {...props} />
    </Link>
  ) : (
    <Shown {...props} />
  );
  const below = (column.below ?? []).filter((b) => row[b.name] !== null && row[b.name] !== undefined);
  if (below.length === 0) return shown;
  return (
    <>
      <span className="block">{shown}</span>
      {below.map((b) => (
        <span key={b.name} className="block text-xs text-muted wrap-anywhere" data-field={b.name}>
          <Cell {...props} column={b} value={row[b.name]} />
        </span>
      ))}
    </>
  );
}

/**
 * An amount in minor units in its currency, as the reader's language writes it. Intl knows each currency's
 * digits (JPY none, USD and HKD two), the same the site's currencies table holds.
 */
export function formatAmount(minor: number, currency: string, lang: string): string {
  try {
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${currency}`;
  }
}

function Shown({
  column,
  value,
  row,
  locale,
  text,
}: {
  column: Column;
  value: unknown;
  row: Record<string, unknown>;
  locale: AdminLocale;
  text: ResourceText;
}) {
  const lang = HTML_LANG[locale];
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>;
  switch (column.format) {
    case 'localized': {
      const texts = value as Partial<Record<AdminLocale, string>>;
      return <span className="break-words font-semibold">{texts[locale] || texts.en || '—'}</span>;
    }
    case 'money':
      return (
        <span className="whitespace-nowrap tabular-nums">
          {formatAmount(Number(value), column.currency ? String(row[column.currency]) : 'USD', lang)}
        </span>
      );
    case 'number':
      return <span className="tabular-nums">{new Intl.NumberFormat(lang).format(Number(value))}</span>;
    case 'percent':
      return <span className="tabular-nums">{`${value} %`}</span>;
    case 'datetime':
      return <span className="whitespace-nowrap">{formatWhen(String(value), lang)}</span>;
    case 'date':
      return (
        <span className="whitespace-nowrap">
          {new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(String(value)))}
        </span>
      );
    case 'boolean':
      return <span>{text.shared(value ? 'yes' : 'no')}</span>;
    case 'option':
      return <span>{text.option(column.name, String(value))}</span>;
    case 'country':
      return <span>{`${countryName(String(value), lang)} (${value})`}</span>;
    case 'code':
      // A code breaks where it has a hyphen, or else only when nothing else fits: never in the middle of `nvme`.
      return <code className="break-words text-xs">{String(value)}</code>;
    case 'email':
      return (
        <a href={`mailto:${encodeURIComponent(String(value))}`} className={`${buttonClass.link} break-all`}>
          {String(value)}
        </a>
      );
    case 'language':
      return <span>{isLocale(value) ? LOCALE_LABEL[value] : String(value)}</span>;
    default:
      return <span className="break-words">{String(value)}</span>;
  }
}
