'use client';

import type { Column } from '@/lib/admin/resource';
import type { AdminLocale } from '@/lib/admin/schemas';
import { countryName } from '@/lib/countries';
import { HTML_LANG, isLocale, LOCALE_LABEL } from '@/lib/locales';
import { buttonClass, formatWhen } from '../ui';
import type { ResourceText } from './text';

/** A value of a list's cell as its column's format shows it, in the reader's language. */
export function Cell({
  column,
  value,
  locale,
  text,
}: {
  column: Column;
  value: unknown;
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
        <span className="tabular-nums">
          {new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(Number(value) / 100)}
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
      return <code className="break-all text-xs">{String(value)}</code>;
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
