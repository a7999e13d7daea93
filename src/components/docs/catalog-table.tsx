import { renderWhenNearSize } from '@/components/render-when-near';
import { tableHeightPx } from '@/lib/table-height';
import type { CatalogTable } from '@/server/docs/catalog-tables';

/** A live catalog table inside an article (issue 7); the numbers come from the catalog, never the article. */
export function CatalogTableView({ table }: { table: CatalogTable }) {
  return (
    // A wide table scrolls sideways on a phone; keyboard users reach the scroller by Tab (axe: scrollable-region-focusable).
    <section
      aria-label={table.caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
      tabIndex={0}
      // On a phone a table is laid out when it nears the viewport (issue 9, src/lib/table-height.ts).
      className="relative mt-4 overflow-x-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-brand-500 max-desk:render-when-near"
      style={renderWhenNearSize(catalogTableHeightPx(table) / 16)}
      data-catalog={table.name}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{table.caption}</caption>
        <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-4 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key="name" scope="row" className="min-w-40 px-4 py-2 font-semibold text-ink">
                    {cell}
                  </th>
                ) : (
                  // Cells of one row are in column order and never move.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <td key={c} className="whitespace-nowrap px-4 py-2 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The name column (`min-w-40`, semibold) wraps; the numbers and the upper-case headers stay on one line. */
function catalogTableHeightPx(table: CatalogTable): number {
  return tableHeightPx({
    head: table.columns,
    rows: table.rows,
    headStyle: 'caps',
    columns: table.columns.map((_, c) => (c === 0 ? { wrap: true, minWidthPx: 160, bold: true } : { wrap: false })),
  });
}
