import type { CSSProperties } from 'react';

/**
 * The height a `render-when-near` block (globals.css) keeps until it is first rendered. Never less than the
 * block's real height at any width: a skipped block's content is still positioned for queries (axe, Lighthouse's
 * contrast check), and text reaching past a too-small box was checked against the next block's background.
 */
export function renderWhenNearSize(rem: number): CSSProperties {
  return { '--render-when-near-size': `${rem}rem` } as CSSProperties;
}
