'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import { useState } from 'react';
import { may } from '@/lib/admin/permissions';
import { declarationNamed } from '@/lib/admin/resources';
import { couponsResource, WELCOME_COLUMNS } from '@/lib/admin/resources/promotions/coupons';
import { saleItemsResource } from '@/lib/admin/resources/promotions/sale-items';
import { salesResource } from '@/lib/admin/resources/promotions/sales';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { useAdminTranslations } from '../i18n';
import { ResourceForm, type ResourceRow } from '../resource/resource-form';
import { ResourceList } from '../resource/resource-list';
import { useResourceText } from '../resource/text';
import { useSession } from '../session';
import { Alert, Button, buttonClass, formatWhen, Modal, PageHeading } from '../ui';
import { useAnswer } from '../use-list';

/**
 * The promotions' screens that are more than a declared resource's list (docs/product/back-office-promotions.md):
 * the overview at /admin/promotions, the welcome offer (the coupons of the welcome bundle, with how many accounts
 * claimed it) and a sale's page with its items. Each is made of the generic list and form.
 */

/** The sections in the order the overview lists them: the declared lists, and the welcome offer after coupons. */
const SECTIONS = ['coupons', 'welcome', 'sales', 'pintuan-offers', 'campaigns'] as const;

/** /admin/promotions: where each kind of promotion is edited, with what it is for. */
export function PromotionsOverview() {
  const t = useAdminTranslations('admin');
  const sections = SECTIONS.map((name) => {
    if (name === 'welcome') {
      return {
        name,
        href: '/admin/promotions/welcome',
        title: t('promotions.welcome.title'),
        intro: t('promotions.welcome.intro'),
      };
    }
    const declared = declarationNamed(name);
    return {
      name,
      href: `/admin${declared?.path}`,
      title: t(`resources.${name}.title` as never),
      intro: t(`resources.${name}.intro` as never),
    };
  });
  return (
    <>
      <PageHeading title={t('promotions.title')} />
      <nav aria-label={t('promotions.sectionsLabel')}>
        <ul className="grid gap-3 desk:grid-cols-2" data-testid="promotion-sections">
          {sections.map((s) => (
            <li key={s.name} className="rounded-xl border border-line bg-white p-4">
              <Link href={s.href} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {s.title}
              </Link>
              <p className="mt-1 text-sm text-muted">{s.intro}</p>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** /admin/promotions/welcome: the welcome bundle's coupons; one made here is in the bundle. */
export function WelcomeOffer() {
  const t = useAdminTranslations('admin.promotions');
  const claims = useAnswer<{ claims: number }>('/coupons/welcome-claims', {});
  return (
    <ResourceList
      resource={couponsResource}
      view={{
        scope: { offer: 'welcome' },
        preset: { welcome: true },
        columns: WELCOME_COLUMNS,
        title: t('welcome.title'),
        newLabel: t('welcome.new'),
      }}
    >
      <p className="mb-2 max-w-3xl text-sm text-muted">{t('welcome.intro')}</p>
      <p className="mb-4 min-h-5 text-sm font-semibold" data-testid="welcome-claims">
        {claims.answer ? t('welcome.claims', { count: claims.answer.claims }) : null}
      </p>
    </ResourceList>
  );
}

/**
 * /admin/promotions/sales/<id>: one sale, its texts and schedule, and its items (the generic list filtered by the
 * sale; an item added here belongs to it).
 */
export function SalePage({ id }: { id: number }) {
  const t = useAdminTranslations('admin.promotions');
  const saleText = useResourceText(salesResource);
  const locale = useLocale() as AdminLocale;
  const role = useSession().session?.staff.role;
  const sale = useAnswer<ResourceRow>(`/sales/${id}`, {});
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const row = sale.answer;
  const text = (value: unknown) => {
    const texts = (value ?? {}) as Partial<Record<AdminLocale, string>>;
    return texts[locale] || texts.en || '';
  };
  const writes = salesResource.access.write !== false && may(role, salesResource.access.write);
  return (
    <>
      <PageHeading title={row ? text(row.name) : saleText.title()}>
        {row && writes ? (
          <Button variant="secondary" onClick={() => setEditing(true)} data-testid="sale-edit">
            {t('sale.edit')}
          </Button>
        ) : null}
      </PageHeading>
      <p className="mb-4">
        <Link href="/admin/promotions/sales" className={buttonClass.link}>
          ← {t('sale.back')}
        </Link>
      </p>
      {sale.error ? <Alert messageKey={sale.error} /> : null}
      <div aria-live="polite" className="mb-4 empty:mb-0">
        {saved ? <Alert tone="success">{saleText.shared('saved')}</Alert> : null}
      </div>
      {row ? (
        <>
          <section className="mb-6 rounded-xl border border-line bg-white p-4 desk:p-6" data-testid="sale">
            <p className="text-sm">{text(row.description)}</p>
            <p className="mt-2 text-sm text-muted">
              {formatWhen(String(row.startsAt), HTML_LANG[locale])} –{' '}
              {formatWhen(String(row.endsAt), HTML_LANG[locale])} · {saleText.option('state', String(row.state))}
            </p>
          </section>
          <ResourceList
            resource={saleItemsResource}
            view={{
              scope: { sale: String(id) },
              preset: { activityId: id },
              title: t('sale.items'),
              newLabel: t('sale.newItem'),
              level: 2,
            }}
          />
          <Modal open={editing} onOpenChange={setEditing} title={t('sale.edit')} wide>
            {editing ? (
              <ResourceForm
                resource={salesResource}
                row={row}
                onSaved={() => {
                  setEditing(false);
                  setSaved(true);
                  sale.reload();
                }}
              />
            ) : null}
          </Modal>
        </>
      ) : null}
    </>
  );
}
