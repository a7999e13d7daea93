import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { ActivityView } from '@/components/promotions/activity-view';
import { PintuanGroup } from '@/components/promotions/pintuan-group';
import { PintuanOfferCard } from '@/components/promotions/pintuan-offer-card';
import { PintuanRules, pintuanRules } from '@/components/promotions/pintuan-rules';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import { findGroup, findOffer, seatImages } from '@/server/api/pintuan/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { pageTexts, resolveLocale } from '@/server/page';
import { pageMetadata } from '@/server/seo';

type Params = Promise<{ locale: string; currency: string; id: string }>;

// Rendered on first request and kept 10 s: the seats and the visitor's own state are refreshed by the client
// island on load, so a slightly older page is never what a join is decided on.
export const revalidate = 10;
export function generateStaticParams() {
  return [];
}

/** A group id is a positive integer; a malformed or unknown id fails page validation with a 404 (docs/product/screens.md#not-found-and-error-pages). */
async function load(params: Params) {
  const { id } = await params;
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const group = /^[1-9]\d{0,8}$/.test(id) ? await findGroup(db, Number(id)) : undefined;
  if (!group) notFound();
  const offer = await findOffer(db, group.offerId, locale);
  if (!offer) notFound();
  return { locale, group, offer };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, group } = await load(params);
  const texts = await pageTexts(locale, 'pintuanJoin');
  return {
    ...(await pageMetadata({
      locale,
      path: `/activity/pintuan/part-vps/${group.id}`,
      title: texts.title,
      description: texts.intro,
    })),
    robots: { index: false, follow: true },
  };
}

/** /activity/pintuan/part-vps/{id} (docs/decisions/013-group-buy.md): the share page of one group, with its offer and the join button. */
export default async function GroupBuyJoinPage({ params }: { params: Params }) {
  const { locale, group, offer } = await load(params);
  const db = getReadDb();
  const [texts, t, currency, images] = await Promise.all([
    pageTexts(locale, 'pintuanJoin'),
    getTranslations({ locale, namespace: 'pintuan' }),
    pageCurrency(db, (await params).currency),
    seatImages(db, offer.regionId, offer.diskGb),
  ]);
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
  const tax = await displayTaxFor(db, locale, currency.type);
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      {/* One column of at most the screen on phones: an implicit `auto` column grows to the invite link's
          input, and a phone turned to a narrower width scrolled sideways by 23 px (tests/e2e/routes.spec.ts). */}
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-5 py-12 desk:grid-cols-[2fr_3fr]">
        <PintuanOfferCard
          as="section"
          className="self-start desk:p-6"
          eyebrow={t('offer')}
          headingId="offer-heading"
          offer={offer}
          teamSize={group.size}
          locale={locale}
          currency={currency}
          tax={tax}
        >
          <PageLink href="/activity/pintuan/vps" className="mt-5 text-sm font-semibold text-brand-700 underline">
            {t('backToList')}
          </PageLink>
        </PintuanOfferCard>

        <div className="space-y-8">
          <PageMessages namespaces={['pintuanActions', 'buy', 'api']}>
            <PintuanGroup
              initial={group}
              images={images}
              currency={currency.type}
              countdownTemplate={t.raw('countdown') as string}
              endsFallback={t('endsAt', { date: formatDate(group.expiresAt, locale) })}
            />
          </PageMessages>
          <PintuanRules title={t('rulesTitle')} rules={[...pintuanRules(t), ...offer.rules]} />
        </div>
      </div>
      <ActivityView />
    </>
  );
}
