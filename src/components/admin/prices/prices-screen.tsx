'use client';

import { useLocale } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import type { CurrencyRow, PricesOverview } from '@/lib/admin/prices-schemas';
import { currenciesResource } from '@/lib/admin/resources/prices/currencies';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { useAdminTranslations as useTranslations } from '../i18n';
import '../resource/custom-fields';
import { ResourceForm } from '../resource/resource-form';
import { useSession } from '../session';
import { Alert, buttonClass, formatWhen, Modal, PageHeading } from '../ui';
import { useAnswer } from '../use-list';
import { PriceChangeForm } from './change-form';
import type { Subject } from './change-values';
import { ScheduledList } from './scheduled-list';
import { localized, namesIn, usd } from './types';

type Dialog = { kind: 'change'; subject: Subject; title: string } | { kind: 'rate'; currency: CurrencyRow } | null;

/** One priced thing: what it is, what it costs, and the button that opens it. */
function Row(props: { title: string; detail: ReactNode; action: ReactNode; testId: string; id: string }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
      data-testid={props.testId}
      data-id={props.id}
    >
      <span className="min-w-0 flex-1">
        <span className="block break-words font-semibold">{props.title}</span>
        <span className="block break-words text-xs text-muted">{props.detail}</span>
      </span>
      {props.action}
    </li>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 mb-3 max-w-3xl text-sm text-muted">{intro}</p>
      <ul className="divide-y divide-line rounded-xl border border-line bg-white">{children}</ul>
    </section>
  );
}

/**
 * /admin/prices: every price of the one pricing model (docs/decisions/036-pricing-model.md) and the currency
 * rates. Every role reads; those who may manage commerce change a price now or from a time, after a preview of
 * what customers pay in each currency, and a rate in the currency resource's own form
 * (docs/product/back-office-prices.md). The page computes no price itself: the server gives every number.
 */
export function PricesScreen() {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const role = session?.staff.role;
  const editable = may(role, 'manageCommerce');
  const prices = useAnswer<PricesOverview>('/prices', {});
  const overview = prices.answer;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const done = (text: string) => {
    setDialog(null);
    setNotice(text);
    setReloadKey((k) => k + 1);
    prices.reload();
  };
  const names = overview ? namesIn(overview, locale) : null;
  const changeButton = (subject: Subject, title: string) =>
    editable ? (
      <button
        type="button"
        className={buttonClass.link}
        onClick={() => setDialog({ kind: 'change', subject, title })}
        aria-label={`${t('change')}: ${title}`}
        data-testid="price-change"
      >
        {t('change')}
      </button>
    ) : null;
  const marked = (name: string, active: boolean) => `${name}${active ? '' : ` · ${t('inactive')}`}`;
  const percent = (value: number) => (value > 0 ? `+${value} %` : `${value} %`);
  const rateLabel = editable ? t('changeRate') : t('rateHistory');

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-3 mb-4 max-w-3xl text-sm text-muted">{t('intro')}</p>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="prices-notice">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      {!editable && session ? <Alert tone="info">{t('readOnly')}</Alert> : null}
      {prices.error ? <Alert messageKey={prices.error} /> : null}
      {overview === null && !prices.error ? <p aria-busy="true" className="h-64" /> : null}
      {overview && names ? (
        <>
          <Section id="plans-title" title={t('plansTitle')} intro={t('plansIntro')}>
            {overview.plans.map((plan) => {
              const name = localized(plan.name, locale);
              const own = plan.regions.filter((r) => r.monthlyPriceCents !== null || r.hourlyPriceMicroUsd !== null);
              const ownText = own.map((r) => `${names.region(r.regionId)} ${usd(r.effectiveMonthlyCents, 2, locale)}`);
              const line = t('planLine', {
                monthly: usd(plan.monthlyPriceCents, 2, locale),
                hourly: usd(plan.hourlyPriceMicroUsd, 6, locale),
              });
              const billing = plan.hourlyBilling ? t('hourlyOn') : t('hourlyOff');
              return (
                <Row
                  key={plan.id}
                  testId="plan-row"
                  id={plan.id}
                  title={marked(name, plan.active)}
                  detail={`${line} · ${billing}${own.length > 0 ? ` · ${t('ownPrices')}: ${ownText.join(', ')}` : ''}`}
                  action={changeButton({ target: 'plan', planId: plan.id }, name)}
                />
              );
            })}
          </Section>

          <Section id="regions-title" title={t('regionsTitle')} intro={t('regionsIntro')}>
            {overview.regions.map((region) => (
              <Row
                key={region.id}
                testId="region-row"
                id={region.id}
                title={marked(localized(region.city, locale), region.active)}
                detail={region.priceAdjustmentPct === 0 ? t('noAdjustment') : percent(region.priceAdjustmentPct)}
                action={changeButton({ target: 'region', regionId: region.id }, localized(region.city, locale))}
              />
            ))}
          </Section>

          <Section id="terms-title" title={t('termsTitle')} intro={t('termsIntro')}>
            {overview.terms.map((term) => (
              <Row
                key={term.months}
                testId="term-row"
                id={String(term.months)}
                title={t('months', { count: term.months })}
                detail={t('percentOff', { percent: term.percentOff })}
                action={changeButton({ target: 'term', months: term.months }, t('months', { count: term.months }))}
              />
            ))}
          </Section>

          <Section id="licences-title" title={t('licencesTitle')} intro={t('licencesIntro')}>
            {overview.images.map((image) => (
              <Row
                key={image.id}
                testId="licence-row"
                id={image.id}
                title={marked(image.name, image.active)}
                detail={
                  image.licenceCentsPerVcpu === 0
                    ? t('noLicence')
                    : t('licenceLine', { fee: usd(image.licenceCentsPerVcpu, 2, locale) })
                }
                action={changeButton({ target: 'licence', imageId: image.id }, image.name)}
              />
            ))}
          </Section>

          <Section id="currencies-title" title={t('currenciesTitle')} intro={t('currenciesIntro')}>
            {overview.currencies.map((currency) => (
              <Row
                key={currency.code}
                testId="currency-row"
                id={currency.code}
                title={currency.code}
                detail={t('rateLine', { rate: currency.rate, time: formatWhen(currency.updatedAt, HTML_LANG[locale]) })}
                action={
                  currency.code === 'USD' ? (
                    <span className="text-xs text-muted">{t('baseCurrency')}</span>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass.link}
                      onClick={() => setDialog({ kind: 'rate', currency })}
                      aria-label={`${rateLabel}: ${currency.code}`}
                    >
                      {rateLabel}
                    </button>
                  )
                }
              />
            ))}
          </Section>

          <ScheduledList overview={overview} role={role} reloadKey={reloadKey} onSettled={prices.reload} />

          <Modal
            open={dialog !== null}
            onOpenChange={(open) => (open ? undefined : setDialog(null))}
            title={
              dialog?.kind === 'rate'
                ? t('rateTitle', { code: dialog.currency.code })
                : t('changeTitle', { name: dialog?.title ?? '' })
            }
            wide
          >
            {dialog?.kind === 'change' ? (
              <PriceChangeForm
                overview={overview}
                subject={dialog.subject}
                onDone={(scheduled) => done(scheduled ? t('scheduled') : t('saved'))}
              />
            ) : null}
            {dialog?.kind === 'rate' ? (
              <ResourceForm
                resource={currenciesResource}
                row={dialog.currency}
                readOnly={!editable}
                onSaved={() => done(t('rateSaved'))}
              />
            ) : null}
          </Modal>
        </>
      ) : null}
    </>
  );
}
