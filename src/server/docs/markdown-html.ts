import 'server-only';
import markdownIt, { type Renderer, type Token } from 'markdown-it';
import { env } from '@/env';
import { resolveCustomerCentreLink } from '@/lib/customer-centre';
import { type Block, inlineText, MARKDOWN_OPTIONS, softBreak } from '@/lib/markdown';
import { stackedLayout, stackedTableHeightPx, tableHeightPx } from '@/lib/table-height';
import type { CatalogTable } from './catalog-tables';

/**
 * Renders Markdown parsed by markdown-it (src/lib/markdown.ts, docs/decisions/049-markdown.md) and live catalog
 * tables to escaped HTML, which a page puts in one element's `dangerouslySetInnerHTML`. Why not React elements: an
 * article is static, yet as elements every node of it travelled twice (HTML and the RSC payload) and was walked
 * again by hydration. As one string the browser hydrates a single node (docs/decisions/029-articles-as-html.md).
 *
 * Safety is the same as React's: the parser keeps raw HTML as text and refuses unsafe link targets, and every
 * rule below escapes each text and attribute value it writes. A `customer-centre:/path` target becomes that page
 * under CUSTOMER_CENTER_URL, so articles never name the host.
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

/** What a render passes to the renderer's rules. */
type RenderEnv = { placeholder?: (name: string) => EscapedHtml | null };

const HEADING_SIZE: Record<string, string> = { h2: 'mt-10 text-2xl', h3: 'mt-8 text-xl', h4: 'mt-6 text-lg' };

const md = markdownIt('default', MARKDOWN_OPTIONS);
const renderer = md.renderer;
const rules: Renderer['rules'] = renderer.rules;
/** Opening and closing tags of the blocks and inline marks, with the site's classes. */
const tags: Record<string, (token: Token) => string> = {
  heading_open: (t) => {
    const id = String(t.attrGet('id') ?? '');
    const open = `<${t.tag} id="${escapeHtml(id)}" class="group scroll-mt-24 font-semibold text-ink ${HEADING_SIZE[t.tag] ?? ''}">`;
    return `${open}<a href="#${escapeHtml(id)}" class="no-underline hover:underline">`;
  },
  heading_close: (t) => `</a></${t.tag}>`,
  // Hidden paragraphs are the items of a tight list; in a quote the quote's own box spaces them.
  paragraph_open: (t) => (t.hidden ? '' : t.meta?.inQuote ? '<p>' : '<p class="mt-4 leading-relaxed">'),
  paragraph_close: (t) => (t.hidden ? '' : '</p>'),
  blockquote_open: () =>
    '<blockquote class="mt-4 space-y-2 border-l-4 border-brand-500 bg-surface px-4 py-2 text-muted">',
  blockquote_close: () => '</blockquote>',
  hr: () => '<hr class="my-8 border-line"/>',
  bullet_list_open: () => '<ul class="mt-4 list-disc space-y-2 pl-6">',
  bullet_list_close: () => '</ul>',
  ordered_list_open: (t) => {
    const start = Number(t.attrGet('start') ?? 1);
    return `<ol${start === 1 ? '' : ` start="${start}"`} class="mt-4 list-decimal space-y-2 pl-6">`;
  },
  ordered_list_close: () => '</ol>',
  list_item_open: () => '<li class="pl-1 leading-relaxed">',
  list_item_close: () => '</li>',
  strong_open: () => '<strong class="font-semibold text-ink">',
  strong_close: () => '</strong>',
  em_open: () => '<em>',
  em_close: () => '</em>',
  s_open: () => '<s>',
  s_close: () => '</s>',
  link_open: (t) => {
    const href = resolveCustomerCentreLink(String(t.attrGet('href') ?? ''), env().CUSTOMER_CENTER_URL);
    const external = /^(https?:|mailto:)/i.test(href);
    const rel = external ? ' rel="noopener noreferrer"' : '';
    return `<a href="${escapeHtml(href)}" class="text-brand-700 underline hover:text-brand-600"${rel}>`;
  },
  link_close: () => '</a>',
};
for (const [type, tag] of Object.entries(tags)) rules[type] = (tokens, idx) => tag(tokens[idx] as Token);
rules.text = (tokens, idx) => escapeHtml(tokens[idx]?.content ?? '');
rules.softbreak = softBreak;
rules.hardbreak = () => '<br>';
rules.code_inline = (tokens, idx) =>
  `<code class="rounded bg-surface px-1 py-0.5 font-mono text-[0.9em]">${escapeHtml(tokens[idx]?.content ?? '')}</code>`;
// A long code line scrolls sideways; keyboard users reach the scroller by Tab.
const codeBlock: Renderer['rules']['fence'] = (tokens, idx) => {
  const token = tokens[idx] as Token;
  const lang = token.info.trim().split(/\s+/)[0] ?? '';
  return element(
    'pre',
    {
      tabindex: 0,
      class:
        'mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
      'data-lang': lang || undefined,
    },
    element('code', {}, escapeHtml(token.content.replace(/\n$/, ''))),
  );
};
rules.fence = codeBlock;
rules.code_block = codeBlock;
rules.catalog_placeholder = (tokens, idx, _options, renderEnv) =>
  (renderEnv as RenderEnv | undefined)?.placeholder?.(String(tokens[idx]?.meta?.name)) ?? '';

function inlineHtml(inline: Token | undefined): string {
  return renderer.renderInline(inline?.children ?? [], md.options, {});
}

/**
 * The blocks' HTML. Tables are drawn here rather than by markdown-it's rules, because a table's classes, roles
 * and kept height depend on all of its cells (docs/decisions/038-tables-on-phones.md).
 */
export function markdownHtml(blocks: Block[], placeholder?: (name: string) => EscapedHtml | null): EscapedHtml {
  const renderEnv: RenderEnv = { placeholder };
  const tokens = blocks.flatMap((block) => block.tokens);
  let html = '';
  let from = 0;
  let quotes = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.type === 'blockquote_open') quotes += 1;
    else if (token.type === 'blockquote_close') quotes -= 1;
    else if (token.type === 'paragraph_open' && quotes > 0) token.meta = { ...token.meta, inQuote: true };
    else if (token.type === 'table_open') {
      const end = tokens.findIndex((t, j) => j > i && t.type === 'table_close' && t.level === token.level);
      html += renderer.render(tokens.slice(from, i), md.options, renderEnv);
      html += markdownTableHtml(readTable(tokens.slice(i, end + 1)));
      from = end + 1;
      i = end;
    }
  }
  html += renderer.render(tokens.slice(from), md.options, renderEnv);
  return html as EscapedHtml;
}

type Align = 'left' | 'center' | 'right' | undefined;
type MarkdownTable = { align: Align[]; head: Token[]; rows: Token[][] };

/** A table's header cells, alignment and body rows, from its tokens (each cell an inline token). */
function readTable(tokens: Token[]): MarkdownTable {
  const table: MarkdownTable = { align: [], head: [], rows: [] };
  let inHead = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open' && !inHead) table.rows.push([]);
    else if (token.type === 'th_open' || token.type === 'td_open') {
      const cell = tokens[i + 1] as Token;
      if (inHead) {
        const align = /text-align:(left|center|right)/.exec(String(token.attrGet('style') ?? ''))?.[1];
        table.align.push(align as Align);
        table.head.push(cell);
      } else table.rows.at(-1)?.push(cell);
    }
  }
  return table;
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
 * `heightPx` until then (src/lib/table-height.ts, docs/decisions/038-tables-on-phones.md).
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

function markdownTableHtml(block: MarkdownTable): string {
  const labels = block.head.map((cell) => inlineText(cell));
  const rowHeaders = labels[0] === '';
  const rowTexts = block.rows.map((row) => block.head.map((_, c) => inlineText(row[c])));
  const stack: Stack = block.head.length >= 3 ? stackedLayout({ head: labels, rows: rowTexts, rowHeaders }) : 'none';
  const head = block.head
    .map((cell, c) =>
      // An empty corner cell is not a header (axe: empty-table-header).
      labels[c] === ''
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
  const rows = bodyRows(
    block.rows.map((row) => block.head.map((_, c) => row[c])),
    stack,
    (cell, c) =>
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
  // On a phone a table is laid out when it nears the viewport (src/lib/table-height.ts). Unstacked,
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

/** A live catalog table inside an article; the numbers come from the catalog, never the article. */
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
          // A price with tax and without is two lines (docs/decisions/066-tax.md); neither line wraps.
          cell
            .split('\n')
            .map((line) => escapeHtml(line))
            .join('<br>'),
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
