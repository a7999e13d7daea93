import type { CSSProperties } from 'react';

/**
 * The height a `render-when-near` block (globals.css) keeps until it is first rendered: `rem` below the desk
 * breakpoint, `deskRem` (when given) from it up, where multi-column layouts make a block much shorter. Never
 * less than the block's real height at any width in that range: a skipped block's content is still positioned
 * for queries (axe, Lighthouse's contrast check), and text reaching past a too-small box was checked against
 * the next block's background.
 */
export function renderWhenNearSize(rem: number, deskRem?: number): CSSProperties {
  return {
    '--render-when-near-size': `${rem}rem`,
    ...(deskRem === undefined ? {} : { '--render-when-near-desk-size': `${deskRem}rem` }),
  } as CSSProperties;
}
