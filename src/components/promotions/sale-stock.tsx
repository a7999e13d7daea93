'use client';

import type { ReactNode } from 'react';
import { useSiteStore } from '@/stores/site-store';
import { useLiveNumbers } from './live-numbers';
import { StockBar } from './stock-bar';

/**
 * The stock bar, count and call to action of one item on /activity/vps, with the item's stock as it is now and,
 * for a signed-in visitor, whether they have bought it up to its limit. The page renders the three possible
 * actions (they are links and text in the page's language); this picks one, so the swap keeps the card's size.
 */
export function SaleStock({
  itemId,
  stockLeft,
  stockTotal,
  perUserLimit,
  stockTemplate,
  limitText,
  buy,
  soldOut,
  bought,
}: {
  itemId: number;
  stockLeft: number;
  stockTotal: number;
  perUserLimit: number;
  /** salePage.stock, translated, with {left} and {total}. */
  stockTemplate: string;
  limitText: string;
  buy: ReactNode;
  soldOut: ReactNode;
  bought: ReactNode;
}) {
  const live = useLiveNumbers();
  const token = useSiteStore((s) => s.token);
  // An item missing from a whole live answer belongs to a sale that has ended since the page was made.
  const left = live?.saleItems.get(itemId) ?? (live?.complete ? 0 : stockLeft);
  const atLimit = Boolean(token) && (live?.mine?.saleItems.get(itemId) ?? 0) >= perUserLimit;
  const stock = stockTemplate.replace('{left}', String(left)).replace('{total}', String(stockTotal));
  let action = buy;
  if (atLimit) action = bought;
  else if (left <= 0) action = soldOut;
  return (
    <>
      <div className="mt-4">
        <StockBar value={left} max={stockTotal} label={stock} fill="red" />
        <p className="mt-1 text-xs text-muted tabular-nums">{`${stock} · ${limitText}`}</p>
      </div>
      {action}
    </>
  );
}
