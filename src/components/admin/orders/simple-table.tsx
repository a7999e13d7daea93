// biome-ignore-all lint/a11y/noRedundantRoles: WebKit drops table semantics once the parts are blocks and grids (decision 038)
'use client';

import type { ReactNode } from 'react';
import { useAdminTranslations as useTranslations } from '../i18n';

/**
 * A small table read whole (an order's history, a customer's coupons): columns on a desk, one card per row on a
 * phone with each cell naming its column (docs/decisions/038-tables-on-phones.md).
 */
export function SimpleTable({
  caption,
  headers,
  rows,
  testId,
}: {
  caption: string;
  headers: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  testId?: string;
}) {
  const t = useTranslations('admin.table');
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-white p-4 text-sm text-muted" data-testid={testId}>
        {t('empty')}
      </p>
    );
  }
  return (
    <table
      role="table"
      className="block w-full text-sm desk:table desk:rounded-xl desk:border desk:border-line desk:bg-white"
      data-testid={testId}
    >
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="sr-only desk:not-sr-only desk:table-header-group">
        <tr role="row" className="border-b border-line">
          {headers.map((h) => (
            <th
              role="columnheader"
              key={h}
              scope="col"
              className="px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted"
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 desk:table-row-group desk:space-y-0">
        {rows.map((row) => (
          <tr
            role="row"
            key={row.key}
            data-testid="row"
            className="block rounded-xl border border-line bg-white p-4 desk:table-row desk:rounded-none desk:border-0 desk:border-b desk:p-0"
          >
            {row.cells.map((cell, i) => (
              <td
                role="cell"
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in their order
                key={i}
                data-label={headers[i] ?? ''}
                className="cell-label block break-words py-1 align-top desk:table-cell desk:px-4 desk:py-2"
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled part of a detail page. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs (a definition list), two columns on a desk. */
export function Facts({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-line bg-white p-4 text-sm desk:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{item.label}</dt>
          <dd className="mt-0.5 break-words text-ink" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
