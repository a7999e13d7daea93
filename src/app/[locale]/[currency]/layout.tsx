import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { AuthDialogs } from '@/components/account/auth-dialogs';
import { ChatLauncher } from '@/components/chat/chat-launcher';
import { AnalyticsTag } from '@/components/shell/analytics-tag';
import { AnnouncementTicker } from '@/components/shell/announcement-ticker';
import { LinkIntents } from '@/components/shell/link-intents';
import { PromoBanner, PromoPopup } from '@/components/shell/promo';
import { ReferralBeacon } from '@/components/shell/referral-beacon';
import { SiteFooter } from '@/components/shell/site-footer';
import { SiteHeader } from '@/components/shell/site-header';
import { publicConfig } from '@/env';
import { CURRENCY_CODES } from '@/lib/currency';
import { currencySegment, parseCurrencySegment } from '@/lib/currency-segment';
import { currentPopupPromotion } from '@/server/api/promotions/queries';
import { getReadDb } from '@/server/db/replica';
import { orWhenDown } from '@/server/dependency-down';
import { resolveLocale } from '@/server/page';

/**
 * The display currency is an internal path segment, set by src/proxy.ts from the visitor's explicit choice
 * (the `currency` cookie) or the language default (docs/product/states.md#currency). Visitors never see it in the URL; it lets every
 * page be prerendered once per language and currency, so server-rendered prices are already right
 * (docs/decisions/004-currency-segment.md). This layout is the shared shell of docs/product/screens.md#shared-shell.
 */
export function generateStaticParams() {
  return CURRENCY_CODES.map((code) => ({ currency: currencySegment(code) }));
}

export default async function ShellLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string; currency: string }>;
}) {
  const locale = await resolveLocale(params);
  const currency = parseCurrencySegment((await params).currency);
  if (!currency) notFound();
  const config = publicConfig();
  const promo = await orWhenDown(currentPopupPromotion(getReadDb(), locale), undefined);
  return (
    <>
      <AnnouncementTicker locale={locale} />
      <SiteHeader
        locale={locale}
        brand={config.brandName}
        support={config.support}
        customerCenterUrl={config.customerCenterUrl}
      />
      {promo ? <PromoBanner promo={promo} /> : null}
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter locale={locale} brand={config.brandName} currency={currency} />
      <AuthDialogs />
      <LinkIntents />
      <AnalyticsTag id={config.analyticsId} />
      <ReferralBeacon />
      <ChatLauncher widgetKey={config.chatWidgetKey} />
      {promo ? <PromoPopup promo={promo} /> : null}
    </>
  );
}
