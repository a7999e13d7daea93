// biome-ignore-all lint/suspicious/noArrayIndexKey: a preview's blocks have no identity of their own; it is drawn again whole on every keystroke
'use client';

import type { ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown, safeHref } from '@/lib/markdown';

/**
 * An announcement's body as the site will show it: the site's own Markdown parser (src/lib/markdown.ts) drawn
 * as React elements, so raw HTML in a body is text here too. Links are shown, not followed.
 */
export function MarkdownPreview({ source }: { source: string }) {
  return <div className="space-y-3 text-sm leading-relaxed">{parseMarkdown(source).map(block)}</div>;
}

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${node.type}-${i}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <code key={key} className="rounded bg-surface px-1 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={key}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children)}</em>;
      case 'link':
        return (
          <span key={key} className="text-brand-700 underline" title={safeHref(node.href)}>
            {inline(node.children)}
          </span>
        );
      default:
        return null;
    }
  });
}

function block(node: Block, i: number): ReactNode {
  const key = `${node.type}-${i}`;
  switch (node.type) {
    case 'heading': {
      const size = node.level === 2 ? 'text-lg' : 'text-base';
      return (
        <p key={key} className={`${size} font-semibold`}>
          {inline(node.children)}
        </p>
      );
    }
    case 'paragraph':
      return <p key={key}>{inline(node.children)}</p>;
    case 'list': {
      const items = node.items.map((item, j) => <li key={`${key}-${j}`}>{inline(item)}</li>);
      return node.ordered ? (
        <ol key={key} start={node.start} className="list-decimal space-y-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {items}
        </ul>
      );
    }
    case 'table':
      return (
        <div key={key} className="overflow-x-auto">
          <table className="text-xs">
            <thead>
              <tr>
                {node.head.map((cell, j) => (
                  <th key={`h-${j}`} className="border border-line px-2 py-1 text-left">
                    {inline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {node.rows.map((row, r) => (
                <tr key={`r-${r}`}>
                  {row.map((cell, j) => (
                    <td key={`c-${j}`} className="border border-line px-2 py-1">
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded bg-surface p-2 font-mono text-xs">
          {node.text}
        </pre>
      );
    case 'quote':
      return (
        <blockquote key={key} className="border-l-4 border-line pl-3 text-muted">
          {inline(node.children)}
        </blockquote>
      );
    case 'rule':
      return <hr key={key} className="border-line" />;
    case 'placeholder':
      return (
        <p key={key} className="rounded border border-dashed border-line p-2 text-xs text-muted">
          {`{{catalog:${node.name}}}`}
        </p>
      );
  }
}
