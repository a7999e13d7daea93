import type { ReactNode } from 'react';
import { renderWhenNearSize } from '@/components/render-when-near';
import { type Align, type Block, type Inline, inlineText } from '@/lib/markdown';
import { tableHeightPx } from '@/lib/table-height';

/**
 * Renders parsed Markdown (src/lib/markdown.ts) as React elements on the server. All text goes through
 * React's escaping, so `<script>` in an article body is shown as text, never run (DESIGN §6). Catalog
 * placeholders are handed to `placeholder`, which renders the live table (issue 7).
 */
export function MarkdownBlocks({
  blocks,
  placeholder,
}: {
  blocks: Block[];
  placeholder?: (name: string) => ReactNode;
}) {
  return (
    <>
      {blocks.map((block, i) => (
        // Blocks of a parsed document never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownBlock key={i} block={block} placeholder={placeholder} />
      ))}
    </>
  );
}

function MarkdownBlock({ block, placeholder }: { block: Block; placeholder?: (name: string) => ReactNode }) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as 'h2' | 'h3' | 'h4';
      const size = block.level === 2 ? 'mt-10 text-2xl' : block.level === 3 ? 'mt-8 text-xl' : 'mt-6 text-lg';
      return (
        <Tag id={block.id} className={`group scroll-mt-24 font-semibold text-ink ${size}`}>
          <a href={`#${block.id}`} className="no-underline hover:underline">
            <InlineNodes nodes={block.children} />
          </a>
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p className="mt-4 leading-relaxed">
          <InlineNodes nodes={block.children} />
        </p>
      );
    case 'quote':
      return (
        <blockquote className="mt-4 border-l-4 border-brand-500 bg-surface px-4 py-2 text-muted">
          <InlineNodes nodes={block.children} />
        </blockquote>
      );
    case 'rule':
      return <hr className="my-8 border-line" />;
    case 'list': {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items of a parsed document never move
        <li key={i} className="pl-1 leading-relaxed">
          <InlineNodes nodes={item} />
        </li>
      ));
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start} className="mt-4 list-decimal space-y-2 pl-6">
          {items}
        </ol>
      ) : (
        <ul className="mt-4 list-disc space-y-2 pl-6">{items}</ul>
      );
    }
    case 'code':
      return (
        <pre
          // A long code line scrolls sideways; keyboard users reach the scroller by Tab (axe: scrollable-region-focusable).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-6 text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          data-lang={block.lang || undefined}
        >
          <code>{block.text}</code>
        </pre>
      );
    case 'table':
      return (
        // A wide table scrolls sideways on a phone; keyboard users reach the scroller by Tab (axe: scrollable-region-focusable).
        <section
          aria-label={block.head.map(inlineText).filter(Boolean).join(' · ') || undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
          tabIndex={0}
          // On a phone a table is laid out when it nears the viewport (issue 9, src/lib/table-height.ts).
          className="relative mt-4 overflow-x-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-brand-500 max-desk:render-when-near"
          style={renderWhenNearSize(markdownTableHeightPx(block) / 16)}
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-surface">
              <tr>
                {block.head.map((cell, c) =>
                  // An empty corner cell is not a header (axe: empty-table-header).
                  cell.length === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns of a parsed table never move
                    <td key={c} />
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns of a parsed table never move
                    <th key={c} scope="col" className={`px-4 py-2 font-semibold ${alignClass(block.align[c])}`}>
                      <InlineNodes nodes={cell} />
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a parsed table never move
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 && block.head[0]?.length === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns of a parsed table never move
                      <th key={c} scope="row" className="px-4 py-2 font-semibold">
                        <InlineNodes nodes={cell} />
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns of a parsed table never move
                      <td key={c} className={`px-4 py-2 align-top ${alignClass(block.align[c])}`}>
                        <InlineNodes nodes={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    case 'placeholder':
      return placeholder ? placeholder(block.name) : null;
  }
}

/** Every cell wraps; header cells, and the first column's cells under an empty corner, are semibold. */
function markdownTableHeightPx(block: Extract<Block, { type: 'table' }>): number {
  const rowHeaders = block.head[0]?.length === 0;
  return tableHeightPx({
    head: block.head.map(inlineText),
    rows: block.rows.map((row) => row.map(inlineText)),
    headStyle: 'plain',
    columns: block.head.map((_, c) => ({ wrap: true, bold: rowHeaders && c === 0 })),
  });
}

function alignClass(align: Align): string {
  return align === 'center' ? 'text-center' : align === 'right' ? 'text-right' : '';
}

export function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.type) {
          case 'text':
            return node.text;
          case 'code':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes of a parsed document never move
              <code key={i} className="rounded bg-surface px-1 py-0.5 font-mono text-[0.9em]">
                {node.text}
              </code>
            );
          case 'strong':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes of a parsed document never move
              <strong key={i} className="font-semibold text-ink">
                <InlineNodes nodes={node.children} />
              </strong>
            );
          case 'em':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes of a parsed document never move
              <em key={i}>
                <InlineNodes nodes={node.children} />
              </em>
            );
          case 'link': {
            const external = /^(https?:|mailto:)/i.test(node.href);
            return (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: inline nodes of a parsed document never move
                key={i}
                href={node.href}
                className="text-brand-700 underline hover:text-brand-600"
                rel={external ? 'noopener noreferrer' : undefined}
              >
                <InlineNodes nodes={node.children} />
              </a>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}
