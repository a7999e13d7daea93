'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import type { ApiMessage } from '@/lib/api/types';
import { apiCall } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import type { Locale } from '@/lib/locales';
import { formatMoney, orderCurrency } from '@/lib/money';
import { useSiteStore } from '@/stores/site-store';
import { CancelOrder, PayLink, StatusBadge } from './order-parts';

type Page = ApiMessage<'/api/finance/order-server/order/search', 'post'>;
const ROWS = 10;

/**
 * /orders: the signed-in customer's orders, newest first, ten a page; an unpaid one links to where it is paid
 * and can be cancelled here. Read in the browser, so the page can stay the same for everyone.
 */
export function OrdersList() {
  const t = useTranslations('orders');
  const locale = useLocale() as Locale;
  const token = useSiteStore((s) => s.token);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (!token) return;
    apiCall<Page>('/finance/order-server/order/search', { body: { page, rows: ROWS }, silent: true })
      .then((next) => {
        setData(next);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [token, page]);
  useEffect(load, [load]);

  if (!token) {
    return (
      <p className="rounded-lg border border-line bg-white p-6">
        {t('loginFirst')}{' '}
        <Link href="/orders?ope=login" className="font-semibold text-brand-700 underline">
          {t('login')}
        </Link>
      </p>
    );
  }
  if (failed) return <p role="alert">{t('loadFailed')}</p>;
  if (!data) return <p aria-busy="true" className="h-40" />;
  if (data.total === 0) {
    return (
      <div className="rounded-lg border border-line bg-white p-6">
        <p>{t('empty')}</p>
        <Link
          href="/product/vps-buy"
          className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white"
        >
          {t('configure')}
        </Link>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / ROWS));
  return (
    <div>
      <ul className="space-y-3" data-testid="orders">
        {data.items.map((order) => {
          const currency = orderCurrency(order.currency, order.rate);
          return (
            <li
              key={order.number}
              className="rounded-lg border border-line bg-white p-4"
              data-testid="order"
              data-number={order.number}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link href={`/orders/${order.number}`} className="font-mono font-semibold text-brand-700 underline">
                  {order.number}
                </Link>
                <StatusBadge status={order.status} />
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm min-[600px]:grid-cols-3">
                <div>
                  <dt className="text-muted">{t('created')}</dt>
                  <dd>{formatDate(order.createdAt, locale)}</dd>
                </div>
                <div>
                  <dt className="text-muted">{t('total')}</dt>
                  <dd className="font-semibold">{formatMoney(order.totalInclTaxMinor, currency, locale)}</dd>
                </div>
              </dl>
              {order.status === 'pending_payment' ? (
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <PayLink order={order} />
                  <CancelOrder number={order.number} onCancelled={load} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t('title')} className="mt-6 flex items-center justify-between text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded-md border border-line px-3 py-1.5 disabled:opacity-50"
          >
            {t('previous')}
          </button>
          <span>{t('pageOf', { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded-md border border-line px-3 py-1.5 disabled:opacity-50"
          >
            {t('next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
