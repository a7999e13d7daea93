import 'server-only';
import { env } from '@/env';
import { resolveCustomerCentreLink } from '@/lib/customer-centre';
import { type Align, type Block, type Inline, inlineText } from '@/lib/markdown';
import { stackedLayout, stackedTableHeightPx, tableHeightPx } from '@/lib/table-height';
import type { CatalogTable } from './catalog-tables';

/**
 * Renders parsed Markdown (src/lib/markdown.ts) and live catalog tables to escaped HTML, which a page puts in
 * one element's `dangerouslySetInnerHTML`. Why not React elements: an article is static, yet as elements every
 * node of it travelled twice (HTML and the RSC payload) and was walked again by hydration. As one string the
 * browser hydrates a single node; on /zh/doc/article/pricing that cut a first visit's script time by about a
 * sixth and its main-thread time by 7 % (docs/decisions/029-articles-as-html.md).
 *
 * Safety is the same as React's: every text and attribute value goes through `escapeHtml`, link targets are
 * already limited to safe schemes by the parser (`safeHref`), and raw HTML in an article is shown as text. A
 * `customer-centre:/path` target becomes that page under CUSTOMER_CENTER_URL, so articles never name the host.
 */

/** HTML built here, every text and attribute escaped: the only kind `ArticleHtml` accepts. */
export type EscapedHtml = string & { readonly __brand: 'EscapedHtml' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export function escapeHtml(text: string): EscapedHtml {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c) as EscapedHtml;
}

type Attrs = Record<string, string | number | undefined>;

function element(tag: string, attrs: Attrs, inner: string): EscapedHtml {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined) open += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return `${open}>${inner}</${tag}>` as EscapedHtml;
}

/** The `style` of a block that keeps its height while skipped (src/components/render-when-near.ts). */
function keptHeight(px: number): string {
  return `--render-when-near-size:${px / 16}rem`;
}

/** A wide table scrolls sideways on a phone; keyboard users reach the scroller by Tab (axe: scrollable-region-focusable). */
const TABLE_SCROLLER =
  'relative mt-4 overflow-x-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-brand-500 max-desk:render-when-near';

export function markdownHtml(blocks: Block[], placeholder?: (name: string) => EscapedHtml | null): EscapedHtml {
  return blocks.map((block) => blockHtml(block, placeholder)).join('') as EscapedHtml;
}

function blockHtml(block: Block, placeholder?: (name: string) => EscapedHtml | null): string {
  switch (block.type) {
    case 'heading': {
      const size = block.level === 2 ? 'mt-10 text-2xl' : block.level === 3 ? 'mt-8 text-xl' : 'mt-6 text-lg';
      const anchor = element(
        'a',
        { href: `#${block.id}`, class: 'no-underline hover:underline' },
        inlineHtml(block.children),
      );
      return element(
        `h${block.level}`,
        { id: block.id, class: `group scroll-mt-24 font-semibold text-ink ${size}` },
        anchor,
      );
    }
    case 'paragraph':
      return element('p', { class: 'mt-4 leading-relaxed' }, inlineHtml(block.children));
    case 'quote':
      return element(
        'blockquote',
        { class: 'mt-4 border-l-4 border-brand-500 bg-surface px-4 py-2 text-muted' },
        inlineHtml(block.children),
      );
    case 'rule':
      return '<hr class="my-8 border-line"/>';
    case 'list': {
      const items = block.items
        .map((item) => element('li', { class: 'pl-1 leading-relaxed' }, inlineHtml(item)))
        .join('');
      return block.ordered
        ? element(
            'ol',
            { start: block.start === 1 ? undefined : block.start, class: 'mt-4 list-decimal space-y-2 pl-6' },
            items,
          )
        : element('ul', { class: 'mt-4 list-disc space-y-2 pl-6' }, items);
    }
    case 'code':
      // A long code line scrolls sideways; keyboard users reach the scroller by Tab.
      return element(
        'pre',
        {
          tabindex: 0,
          class:
            'mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
          'data-lang': block.lang || undefined,
        },
        element('code', {}, escapeHtml(block.text)),
      );
    case 'table':
      return markdownTableHtml(block);
    case 'placeholder':
      return placeholder?.(block.name) ?? '';
  }
}

/**
 * Below the desk breakpoint a table of three or more columns reads as stacked rows instead of columns, so a phone
 * never scrolls a table sideways to reach a price (docs/decisions/038-tables-on-phones.md). It stays a `<table>`
 * with its headers; the `stack-list` or `stack-pairs` class (globals.css) shows each row as a block, its row header
 * as the title and every other cell with its column's name above the value (from `data-label`). `pairs` sets those
 * cells two to a line (catalog tables, and Markdown tables whose cells are all short), `list` one to a line
 * (sentences). Two columns fit a phone as they are. src/lib/table-height.ts restates the sizes. A stacked table's
 * parts also carry their roles explicitly: WebKit (every browser on an iPhone) has dropped table semantics for
 * tables whose parts are laid out as blocks or grids.
 */
type Stack = 'none' | 'list' | 'pairs';

/** The class that stacks a table's rows below the desk breakpoint (globals.css). */
const STACK_CLASS: Record<Stack, string> = { none: '', list: 'stack-list', pairs: 'stack-pairs' };

/** The explicit role of a stacked table's part; an unstacked table keeps its elements' own. */
function role(stack: Stack, name: 'table' | 'rowgroup' | 'row' | 'columnheader' | 'rowheader' | 'cell') {
  return stack === 'none' ? undefined : name;
}

/** Body rows; `cell` renders one cell of a row by its column. */
function bodyRows<T>(rows: T[][], stack: Stack, cell: (value: T, column: number) => string): string {
  const attrs = { role: role(stack, 'row') };
  return rows.map((row) => element('tr', attrs, row.map(cell).join(''))).join('');
}

/**
 * The scroller every article table sits in: on a phone it is laid out when it nears the viewport, keeping
 * `heightPx` until then (issue 9, src/lib/table-height.ts).
 */
function tableSection(
  section: { label: string | undefined; heightPx: number; catalog?: string },
  table: { caption?: string; headClass: string; head: string; rows: string; stack: Stack },
): EscapedHtml {
  return element(
    'section',
    {
      'aria-label': section.label,
      tabindex: 0,
      class: TABLE_SCROLLER,
      style: keptHeight(section.heightPx),
      'data-catalog': section.catalog,
    },
    element(
      'table',
      { role: role(table.stack, 'table'), class: `w-full text-left text-sm ${STACK_CLASS[table.stack]}`.trim() },
      (table.caption === undefined ? '' : element('caption', { class: 'sr-only' }, escapeHtml(table.caption))) +
        element(
          'thead',
          { role: role(table.stack, 'rowgroup'), class: table.headClass },
          element('tr', { role: role(table.stack, 'row') }, table.head),
        ) +
        element('tbody', { role: role(table.stack, 'rowgroup'), class: 'divide-y divide-line' }, table.rows),
    ),
  );
}

function markdownTableHtml(block: Extract<Block, { type: 'table' }>): string {
  const rowHeaders = block.head[0]?.length === 0;
  const labels = block.head.map(inlineText);
  const rowTexts = block.rows.map((row) => row.map(inlineText));
  const stack: Stack = block.head.length >= 3 ? stackedLayout({ head: labels, rows: rowTexts, rowHeaders }) : 'none';
  const head = block.head
    .map((cell, c) =>
      // An empty corner cell is not a header (axe: empty-table-header).
      cell.length === 0
        ? element('td', { role: role(stack, 'cell') }, '')
        : element(
            'th',
            {
              role: role(stack, 'columnheader'),
              scope: 'col',
              class: `px-4 py-2 font-semibold ${alignClass(block.align[c])}`,
            },
            inlineHtml(cell),
          ),
    )
    .join('');
  const rows = bodyRows(block.rows, stack, (cell, c) =>
    c === 0 && rowHeaders
      ? element(
          'th',
          { role: role(stack, 'rowheader'), scope: 'row', class: 'px-4 py-2 font-semibold' },
          inlineHtml(cell),
        )
      : element(
          'td',
          {
            role: role(stack, 'cell'),
            class: `px-4 py-2 align-top ${alignClass(block.align[c])}`,
            'data-label': stack === 'none' ? undefined : labels[c] || undefined,
          },
          inlineHtml(cell),
        ),
  );
  // On a phone a table is laid out when it nears the viewport (issue 9, src/lib/table-height.ts). Unstacked,
  // every cell wraps; header cells, and the first column's cells under an empty corner, are semibold.
  const height =
    stack === 'none'
      ? tableHeightPx({
          head: labels,
          rows: rowTexts,
          headStyle: 'plain',
          columns: block.head.map((_, c) => ({ wrap: true, bold: rowHeaders && c === 0 })),
        })
      : stackedTableHeightPx({ head: labels, rows: rowTexts, rowHeaders, layout: stack });
  return tableSection(
    { label: labels.filter(Boolean).join(' · ') || undefined, heightPx: height },
    { headClass: 'bg-surface', head, rows, stack },
  );
}

/** A live catalog table inside an article (issue 7); the numbers come from the catalog, never the article. */
export function catalogTableHtml(table: CatalogTable): EscapedHtml {
  const head = table.columns
    .map((column) =>
      element('th', { role: 'columnheader', scope: 'col', class: 'whitespace-nowrap px-4 py-2' }, escapeHtml(column)),
    )
    .join('');
  const rows = bodyRows(table.rows, 'pairs', (cell, c) =>
    c === 0
      ? element(
          'th',
          {
            role: 'rowheader',
            scope: 'row',
            class: 'min-w-40 px-4 py-2 font-semibold text-ink',
          },
          escapeHtml(cell),
        )
      : element(
          'td',
          {
            role: 'cell',
            class: 'whitespace-nowrap px-4 py-2 tabular-nums',
            'data-label': table.columns[c],
          },
          escapeHtml(cell),
        ),
  );
  // On a phone every catalog table is stacked, its figures two to a line.
  const height = stackedTableHeightPx({ head: table.columns, rows: table.rows, rowHeaders: true, layout: 'pairs' });
  return tableSection(
    { label: table.caption, heightPx: height, catalog: table.name },
    {
      caption: table.caption,
      headClass: 'bg-surface text-xs uppercase tracking-wide text-muted',
      head,
      rows,
      stack: 'pairs',
    },
  );
}

function alignClass(align: Align): string {
  return align === 'center' ? 'text-center' : align === 'right' ? 'text-right' : '';
}

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeHtml(node.text);
        case 'code':
          return element(
            'code',
            { class: 'rounded bg-surface px-1 py-0.5 font-mono text-[0.9em]' },
            escapeHtml(node.text),
          );
        case 'strong':
          return element('strong', { class: 'font-semibold text-ink' }, inlineHtml(node.children));
        case 'em':
          return element('em', {}, inlineHtml(node.children));
        case 'link': {
          const href = resolveCustomerCentreLink(node.href, env().CUSTOMER_CENTER_URL);
          const external = /^(https?:|mailto:)/i.test(href);
          return element(
            'a',
            {
              href,
              class: 'text-brand-700 underline hover:text-brand-600',
              rel: external ? 'noopener noreferrer' : undefined,
            },
            inlineHtml(node.children),
          );
        }
        default:
          return '';
      }
    })
    .join('');
}
