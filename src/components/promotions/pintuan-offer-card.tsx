import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { consumerMinorParts, consumerPrice, consumerSaving, type DisplayTax } from '@/lib/billing/display';
import type { Locale } from '@/lib/locales';
import type { CurrencyRate } from '@/lib/money';
import { offerPriceIn, type PintuanOfferView } from '@/server/api/pintuan/queries';

/**
 * A group-buy offer as the list and a group's share page both show it (docs/decisions/013-group-buy.md): region
 * and term, team size, the plan's specs, and the group price against the plan's regular price for the same region,
 * term and currency, both as the engine charges them (docs/decisions/060-group-buy-payment.md). What follows the prices
 * differs (the list's window and open button, the share page's way back), so it comes as `children`.
 */
export async function PintuanOfferCard({
  offer,
  teamSize,
  locale,
  currency,
  tax,
  as: Tag,
  className,
  eyebrow,
  headingId,
  children,
}: {
  offer: PintuanOfferView;
  /** The offer's group size, or on a group's page that group's own (fixed when it opened). */
  teamSize: number;
  locale: Locale;
  currency: CurrencyRate;
  /** Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md). */
  tax: DisplayTax;
  /** A list item in the list, a section of its own on the share page. */
  as: 'li' | 'section';
  className: string;
  /** A small label above the card's head line. */
  eyebrow?: string;
  /** When set, the card is labelled by its heading. */
  headingId?: string;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'pintuan' });
  const money = (minor: number) => consumerPrice(minor, currency, locale, tax);
  const price = offerPriceIn(offer, currency);
  const group = consumerMinorParts(price.groupMinor, currency, locale, tax);
  return (
    <Tag
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl border border-line bg-white p-5 shadow-sm ${className}`}
      data-testid="pintuan-offer"
    >
      {eyebrow ? <p className="text-xs font-semibold text-muted">{eyebrow}</p> : null}
      <div className={`flex flex-wrap items-center justify-between gap-2 ${eyebrow ? 'mt-1' : ''}`}>
        <p className="text-sm font-semibold text-brand-700">{`${offer.regionName} · ${t('months', { count: offer.months })}`}</p>
        <span className="rounded-full bg-red-50 px-3 py-1 text-xs font-semibold text-red-700">
          {t('teamOf', { count: teamSize })}
        </span>
      </div>
      <h2 id={headingId} className="mt-1 text-lg font-semibold">
        {offer.name}
      </h2>
      <p className="text-xs text-muted">
        {t('specs', {
          cpu: offer.cpu,
          memory: offer.memoryMb / 1024,
          disk: offer.diskGb,
          bandwidth: offer.bandwidthMbps,
        })}
      </p>
      <p className="mt-4 text-xs font-semibold text-muted">{t('groupPrice')}</p>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-3xl font-semibold text-red-700" data-testid="group-price">
          {group.main}
        </p>
        {group.aside ? (
          <p className="text-sm text-muted" data-testid="group-price-excl">
            {group.aside}
          </p>
        ) : null}
        <p className="text-sm text-muted line-through" data-testid="single-price">
          {t('single', { price: money(price.singleMinor) })}
        </p>
        {price.singleMinor > price.groupMinor ? (
          <p className="text-sm font-semibold text-emerald-700" data-testid="saving">
            {t('save', { price: consumerSaving(price.singleMinor, price.groupMinor, currency, locale, tax) })}
          </p>
        ) : null}
      </div>
      {children}
    </Tag>
  );
}
