'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { renderWhenNearSize } from '@/components/render-when-near';

/** Narrows the prerendered coupon cards to one product; a coupon for every product (no list) always shows. */
export function CouponFilter({
  options,
  items,
  cardRem = 27,
}: {
  options: { id: string; label: string }[];
  items: { id: number; products: string[]; card: ReactNode }[];
  /** The height a card keeps until laid out, in rem (taller where prices are shown with tax and without). */
  cardRem?: number;
}) {
  const t = useTranslations('coupons');
  const [product, setProduct] = useState('');
  const shown = items.filter((i) => !product || i.products.length === 0 || i.products.includes(product));
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm">
        {t('filterLabel')}
        <select
          className="rounded-md border border-line bg-white px-3 py-2 text-sm"
          value={product}
          onChange={(e) => setProduct(e.target.value)}
          name="product"
        >
          <option value="">{t('filterAll')}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {shown.length ? (
        <ul className="mt-5 grid gap-4 desk:grid-cols-2">
          {shown.map((i) => (
            <li key={i.id} className="render-when-near" style={renderWhenNearSize(cardRem)}>
              {i.card}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 text-muted">{t('empty')}</p>
      )}
    </div>
  );
}
