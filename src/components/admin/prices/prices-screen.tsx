'use client';

import { useLocale } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { may } from '@/lib/admin/permissions';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { useAdminTranslations as useTranslations } from '../i18n';
import { useSession } from '../session';
import { Alert, buttonClass, formatWhen, Modal, PageHeading } from '../ui';
import { PriceChangeForm, type Subject } from './change-form';
import { plainRate, RateForm } from './rate-form';
import { ScheduledList } from './scheduled-list';
import { type CurrencyRow, localized, type Overview, usd } from './types';

type Dialog = { kind: 'change'; subject: Subject; title: string } | { kind: 'rate'; currency: CurrencyRow } | null;

/** One priced thing: what it is, what it costs, and (for those who may) the button that changes it. */
function Row({
  title,
  detail,
  action,
  testId,
  id,
}: {
  title: string;
  detail: ReactNode;
  action: ReactNode;
  testId: string;
  id: string;
}) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm"
      data-testid={testId}
      data-id={id}
    >
      <span className="min-w-0 flex-1">
        <span className="block break-words font-semibold">{title}</span>
        <span className="block break-words text-xs text-muted">{detail}</span>
      </span>
      {action}
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
 * rates. Every role reads; owners and managers change a price now or from a time, after a preview of what
 * customers pay in each currency (docs/product/back-office-prices.md). The page computes no price itself: the
 * server gives every number.
 */
export function PricesScreen() {
  const t = useTranslations('admin.prices');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = may(session?.staff.role, 'manageCommerce');
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const load = useCallback(() => {
    adminApi<Overview>('/prices')
      .then((answer) => {
        setOverview(answer);
        setError(null);
      })
      .catch((e) => setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed'));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the prices again after a change.
  useEffect(load, [load, reloadKey]);

  const reloadPrices = useCallback(() => load(), [load]);
  const done = (text: string) => {
    setDialog(null);
    setNotice(text);
    setReloadKey((k) => k + 1);
  };
  const regionName = (id: string) => {
    const region = overview?.regions.find((r) => r.id === id);
    return region ? localized(region.city, locale) : id;
  };
  const changeButton = (label: string, subject: Subject, title: string) =>
    editable ? (
      <button
        type="button"
        className={buttonClass.link}
        onClick={() => setDialog({ kind: 'change', subject, title })}
        aria-label={`${t('change')}: ${label}`}
        data-testid="price-change"
      >
        {t('change')}
      </button>
    ) : null;
  const percent = (value: number) => (value > 0 ? `+${value} %` : `${value} %`);

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-3 mb-4 max-w-3xl text-sm text-muted">{t('intro')}</p>
      <div aria-live="polite" className="mb-4 empty:mb-0" data-testid="prices-notice">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      {!editable && session ? <Alert tone="info">{t('readOnly')}</Alert> : null}
      {error ? <Alert messageKey={error} /> : null}
      {overview === null && !error ? <p aria-busy="true" className="h-64" /> : null}
      {overview ? (
        <>
          <Section id="plans-title" title={t('plansTitle')} intro={t('plansIntro')}>
            {overview.plans.map((plan) => {
              const name = localized(plan.name, locale);
              const own = plan.regions.filter((r) => r.monthlyPriceCents !== null || r.hourlyPriceMicroUsd !== null);
              return (
                <Row
                  key={plan.id}
                  testId="plan-row"
                  id={plan.id}
                  title={`${name}${plan.active ? '' : ` · ${t('inactive')}`}`}
                  detail={
                    <>
                      {t('planLine', {
                        monthly: usd(plan.monthlyPriceCents, 2, locale),
                        hourly: usd(plan.hourlyPriceMicroUsd, 6, locale),
                      })}
                      {' · '}
                      {plan.hourlyBilling ? t('hourlyOn') : t('hourlyOff')}
                      {own.length > 0
                        ? ` · ${t('ownPrices')}: ${own
                            .map((r) => `${regionName(r.regionId)} ${usd(r.effectiveMonthlyCents, 2, locale)}`)
                            .join(', ')}`
                        : ''}
                    </>
                  }
                  action={changeButton(name, { target: 'plan', planId: plan.id }, name)}
                />
              );
            })}
          </Section>

          <Section id="regions-title" title={t('regionsTitle')} intro={t('regionsIntro')}>
            {overview.regions.map((region) => {
              const name = localized(region.city, locale);
              return (
                <Row
                  key={region.id}
                  testId="region-row"
                  id={region.id}
                  title={`${name}${region.active ? '' : ` · ${t('inactive')}`}`}
                  detail={region.priceAdjustmentPct === 0 ? t('noAdjustment') : percent(region.priceAdjustmentPct)}
                  action={changeButton(name, { target: 'region', regionId: region.id }, name)}
                />
              );
            })}
          </Section>

          <Section id="terms-title" title={t('termsTitle')} intro={t('termsIntro')}>
            {overview.terms.map((term) => {
              const name = t('months', { count: term.months });
              return (
                <Row
                  key={term.months}
                  testId="term-row"
                  id={String(term.months)}
                  title={name}
                  detail={t('percentOff', { percent: term.percentOff })}
                  action={changeButton(name, { target: 'term', months: term.months }, name)}
                />
              );
            })}
          </Section>

          <Section id="licences-title" title={t('licencesTitle')} intro={t('licencesIntro')}>
            {overview.images.map((image) => (
              <Row
                key={image.id}
                testId="licence-row"
                id={image.id}
                title={`${image.name}${image.active ? '' : ` · ${t('inactive')}`}`}
                detail={
                  image.licenceCentsPerVcpu === 0
                    ? t('noLicence')
                    : t('licenceLine', { fee: usd(image.licenceCentsPerVcpu, 2, locale) })
                }
                action={changeButton(image.name, { target: 'licence', imageId: image.id }, image.name)}
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
                detail={t('rateLine', {
                  rate: plainRate(currency.rate),
                  time: formatWhen(currency.updatedAt, HTML_LANG[locale]),
                })}
                action={
                  currency.code === 'USD' ? (
                    <span className="text-xs text-muted">{t('baseCurrency')}</span>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass.link}
                      onClick={() => setDialog({ kind: 'rate', currency })}
                      aria-label={`${editable ? t('changeRate') : t('rateHistory')}: ${currency.code}`}
                    >
                      {editable ? t('changeRate') : t('rateHistory')}
                    </button>
                  )
                }
              />
            ))}
          </Section>

          <ScheduledList overview={overview} editable={editable} reloadKey={reloadKey} onChanged={reloadPrices} />

          <Modal
            open={dialog !== null}
            onOpenChange={(open) => {
              if (!open) setDialog(null);
            }}
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
              <RateForm currency={dialog.currency} editable={editable} onSaved={() => done(t('rateSaved'))} />
            ) : null}
          </Modal>
        </>
      ) : null}
    </>
  );
}
