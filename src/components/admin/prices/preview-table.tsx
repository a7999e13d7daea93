'use client';

import { useLocale } from 'next-intl';
import type { PricePreview } from '@/lib/admin/prices-schemas';
import type { AdminLocale } from '@/lib/admin/schemas';
import { useAdminTranslations as useTranslations } from '../i18n';
import { money, type Names } from './types';

/**
 * What customers would pay before and after a change, as the server priced it with the quote's engine: one row
 * group per configuration (a plan in a region), one row per currency, a column per term and the hour. Wide on a
 * phone: the table scrolls sideways inside its own focusable region.
 */
export function PreviewTable({ preview, names }: { preview: PricePreview; names: Names }) {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const columnLabel = (column: string) => (column === 'hourly' ? t('perHour') : t('months', { count: Number(column) }));
  const changed = preview.rows.filter((r) => r.changed).length;

  if (preview.rows.length === 0) return <p className="text-sm text-muted">{t('previewEmpty')}</p>;
  return (
    <div data-testid="price-preview">
      <h3 id="price-preview-title" className="text-base font-semibold">
        {t('previewTitle')}
      </h3>
      <p className="mt-1 text-sm text-muted">{t('previewIntro', { changed, total: preview.rows.length })}</p>
      <section
        className="mt-3 overflow-x-auto rounded-lg border border-line"
        aria-labelledby="price-preview-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take focus to be read by keyboard
        tabIndex={0}
      >
        <table className="min-w-full text-sm">
          <thead className="bg-surface text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('configuration')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('currency')}
              </th>
              {preview.columns.map((column) => (
                <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">
                  {columnLabel(column)}
                </th>
              ))}
            </tr>
          </thead>
          {preview.rows.map((row) => (
            <tbody
              key={`${row.planId}/${row.regionId}`}
              className={`border-t border-line ${row.changed ? 'bg-amber-50' : ''}`}
            >
              {preview.currencies.map(({ code }, index) => (
                <tr
                  key={code}
                  data-testid="preview-row"
                  data-plan={row.planId}
                  data-region={row.regionId}
                  data-currency={code}
                >
                  {index === 0 ? (
                    <th
                      scope="rowgroup"
                      rowSpan={preview.currencies.length}
                      className="min-w-40 px-3 py-2 text-left align-top"
                    >
                      <span className="block font-semibold">{names.plan(row.planId)}</span>
                      <span className="block text-xs font-normal text-muted">
                        {names.region(row.regionId)} · {names.image(row.imageId)}
                      </span>
                    </th>
                  ) : null}
                  <td className="px-3 py-1.5 font-mono text-xs">{code}</td>
                  {preview.columns.map((column) => {
                    const cell = row.cells[column]?.[code];
                    const before = money(cell?.before ?? null, code, locale);
                    const after = money(cell?.after ?? null, code, locale);
                    const moved = before !== after;
                    return (
                      <td
                        key={column}
                        data-column={column}
                        className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums"
                      >
                        {moved ? (
                          <>
                            <span className="text-muted line-through">{before}</span>
                            <span className="sr-only"> {t('becomes')} </span>
                            <span aria-hidden="true"> → </span>
                            <strong data-testid="preview-after">{after}</strong>
                          </>
                        ) : (
                          <span>{after}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
    </div>
  );
}
