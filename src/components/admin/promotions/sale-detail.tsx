'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminLocale } from '@/lib/admin/schemas';
import { AdminApiError, adminApi } from '../api';
import { DataTable } from '../data-table';
import { useAdminTranslations as useTranslations } from '../i18n';
import { can, useSession } from '../session';
import { Alert, Button, buttonClass, Modal, PageHeading } from '../ui';
import { PromotionForm, type PromotionRow } from './form';
import { PromotionTabs, ScheduleCell, textIn, usd, usePromotionOptions } from './lists';

type Sale = PromotionRow & { items: PromotionRow[] };

/**
 * /admin/promotions/sales/{id}: one VPS sale, its schedule and texts, and its items with price, stock (what is
 * sold beside it) and per-account limit. Stock can be raised or lowered while the sale runs, never below what is
 * sold.
 */
export function SaleDetail({ id }: { id: number }) {
  const t = useTranslations('admin.promotions');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'promotions.edit');
  const options = usePromotionOptions();
  const [sale, setSale] = useState<Sale | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<'sale' | PromotionRow | 'newItem' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    adminApi<Sale>(`/sales/${id}`)
      .then((answer) => {
        setSale(answer);
        setError(null);
      })
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, [id]);
  useEffect(load, [load]);

  const planName = useCallback(
    (planId: unknown) => textIn(options?.plans.find((p) => p.id === planId)?.name, locale) || String(planId),
    [options, locale],
  );
  const regionName = useCallback(
    (regionId: unknown) => textIn(options?.regions.find((r) => r.id === regionId)?.name, locale) || String(regionId),
    [options, locale],
  );

  const columns = useMemo<ColumnDef<PromotionRow>[]>(
    () => [
      {
        id: 'plan',
        header: t('fields.planId'),
        cell: ({ row }) => (
          <span className="font-semibold" data-testid="name">
            {planName(row.original.planId)}
          </span>
        ),
      },
      {
        id: 'region',
        header: t('fields.regionId'),
        cell: ({ row }) =>
          `${regionName(row.original.regionId)} · ${t('monthsOption', { count: Number(row.original.months) })}`,
      },
      { id: 'price', header: t('fields.salePriceCents'), cell: ({ row }) => usd(row.original.salePriceCents, locale) },
      {
        id: 'sold',
        header: t('columns.sold'),
        cell: ({ row }) => (
          <span data-testid="sold">
            {t('ofStock', { taken: Number(row.original.sold), stock: Number(row.original.stockTotal) })}
          </span>
        ),
      },
      { id: 'perUser', header: t('columns.perUser'), accessorKey: 'perUserLimit' },
      ...(editable
        ? [
            {
              id: 'actions',
              header: t('columns.actions'),
              cell: ({ row }) => (
                <button
                  type="button"
                  className={`${buttonClass.link} whitespace-nowrap`}
                  onClick={() => setEditing(row.original)}
                  aria-label={`${t('edit')}: ${planName(row.original.planId)} · ${regionName(row.original.regionId)}`}
                  data-testid="edit"
                >
                  {t('edit')}
                </button>
              ),
            } satisfies ColumnDef<PromotionRow>,
          ]
        : []),
    ],
    [t, locale, editable, planName, regionName],
  );

  const saved = () => {
    setEditing(null);
    setNotice(t('saved'));
    load();
  };

  return (
    <>
      <PageHeading title={t('title')} />
      <PromotionTabs />
      <p className="mb-4">
        <Link href="/admin/promotions/sales" className={buttonClass.link}>
          ← {t('backToSales')}
        </Link>
      </p>
      {error ? <Alert messageKey={error} /> : null}
      {sale === null && !error ? <p aria-busy="true" className="h-32" /> : null}
      {sale ? (
        <>
          <section
            aria-labelledby="sale-title"
            className="mb-6 rounded-xl border border-line bg-white p-4 desk:p-6"
            data-testid="sale"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id="sale-title" className="text-xl font-semibold">
                  {textIn(sale.name, locale)}
                </h2>
                <p className="mt-1 text-sm text-muted">{textIn(sale.description, locale)}</p>
                <p className="mt-2">
                  <ScheduleCell row={sale} />
                </p>
              </div>
              {editable ? (
                <Button variant="secondary" onClick={() => setEditing('sale')} data-testid="sale-edit">
                  {t('editSale')}
                </Button>
              ) : null}
            </div>
          </section>
          <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="promo-notice">
            {notice ? <Alert tone="success">{notice}</Alert> : null}
          </div>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">{t('items')}</h2>
            {editable ? (
              <Button onClick={() => setEditing('newItem')} data-testid="item-new">
                {t('new.saleItem')}
              </Button>
            ) : null}
          </div>
          <DataTable
            caption={t('items')}
            // Every item on one page, in the site's order: nothing to sort or page.
            columns={columns.map((c) => ({ ...c, enableSorting: false }))}
            data={sale.items}
            total={sale.items.length}
            page={1}
            rows={100}
            onPageChange={() => {}}
            onRowsChange={() => {}}
            loading={false}
            getRowId={(row) => String(row.id)}
            testId="sale-items"
          />
          {!editable ? (
            <div className="mt-4">
              <Alert tone="info">{t('readOnly')}</Alert>
            </div>
          ) : null}
          <Modal
            open={editing !== null}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            title={
              editing === 'sale'
                ? t('editSale')
                : editing === 'newItem'
                  ? t('new.saleItem')
                  : t('editTitle', {
                      name: editing ? `${planName(editing.planId)} · ${regionName(editing.regionId)}` : '',
                    })
            }
            wide
          >
            {editing === 'sale' ? (
              <PromotionForm kind="sale" row={sale} path={`/sales/${sale.id}`} options={options} onSaved={saved} />
            ) : editing === 'newItem' ? (
              <PromotionForm
                kind="saleItem"
                row={null}
                path={`/sales/${sale.id}/items`}
                options={options}
                onSaved={saved}
              />
            ) : editing ? (
              <PromotionForm
                kind="saleItem"
                row={editing}
                path={`/sale-items/${editing.id}`}
                options={options}
                onSaved={saved}
              />
            ) : null}
          </Modal>
        </>
      ) : null}
    </>
  );
}
