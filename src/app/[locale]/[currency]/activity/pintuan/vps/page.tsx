import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { ActivityView } from '@/components/promotions/activity-view';
import { Countdown } from '@/components/promotions/countdown';
import { PintuanGroupLink, PintuanJoinableGroups, PintuanSeatsLeft } from '@/components/promotions/pintuan-live';
import { PintuanOfferCard } from '@/components/promotions/pintuan-offer-card';
import { PintuanOpen } from '@/components/promotions/pintuan-open';
import { PintuanRules, pintuanRules } from '@/components/promotions/pintuan-rules';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import { listJoinableGroups, listRunningOffers, seatImages } from '@/server/api/pintuan/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';

// Groups fill and open all the time: the page is kept up to 15 s, and the seats left and the visitor's own groups
// are put right after load by one live call (docs/decisions/035-live-promotion-numbers.md); joining itself is
// checked by the server.
export const revalidate = 15;
export const generateMetadata = metadataFor('pintuanVps', '/activity/pintuan/vps');

type Params = Promise<{ locale: string; currency: string }>;

/** How many joinable groups the list shows; the soonest to end come first. */
const GROUPS_SHOWN = 12;

/**
 * /activity/pintuan/vps (docs/decisions/013-group-buy.md): the running group-buy offers with group size, group price against the
 * single price and the time window, then the groups a visitor can join. Opening a group is a client island.
 */
export default async function GroupBuyListPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [texts, t, offers, groups, currency] = await Promise.all([
    pageTexts(locale, 'pintuanVps'),
    getTranslations({ locale, namespace: 'pintuan' }),
    listRunningOffers(db, locale),
    listJoinableGroups(db, { page: 1, rows: GROUPS_SHOWN }),
    pageCurrency(db, (await params).currency),
  ]);
  const images = await Promise.all(offers.map((o) => seatImages(db, o.regionId, o.diskGb)));
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
  const tax = await displayTaxFor(db, locale, currency.type);
  const offerName = new Map(offers.map((o) => [o.id, o.name]));
  const countdown = t.raw('countdown') as string;
  return (
    <PageMessages namespaces={['pintuanActions', 'buy', 'api']}>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-12 px-5 py-12">
        {offers.length === 0 ? <p className="text-muted">{t('none')}</p> : null}
        <ul className="grid gap-5 desk:grid-cols-2">
          {offers.map((offer, i) => (
            <PintuanOfferCard
              key={offer.id}
              as="li"
              className=""
              offer={offer}
              teamSize={offer.groupSize}
              locale={locale}
              currency={currency}
              tax={tax}
            >
              <ul className="mt-3 space-y-1 text-sm text-muted">
                <li>
                  {t('window', { start: formatDate(offer.startsAt, locale), end: formatDate(offer.endsAt, locale) })}
                </li>
                <li>{t('hoursToFill', { count: offer.groupHours })}</li>
                {offer.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
                <li>
                  <Countdown
                    endsAt={offer.endsAt}
                    fallback={t('offerEnds', { date: formatDate(offer.endsAt, locale) })}
                    template={countdown}
                  />
                </li>
              </ul>
              <div className="mt-auto pt-5">
                <PintuanOpen
                  offerId={offer.id}
                  offerName={offer.name}
                  images={images[i] ?? []}
                  currency={currency.type}
                />
              </div>
            </PintuanOfferCard>
          ))}
        </ul>

        <section aria-labelledby="joinable-groups">
          <h2 id="joinable-groups" className="text-2xl font-semibold">
            {t('openGroups')}
          </h2>
          <PintuanJoinableGroups
            empty={<p className="mt-3 text-muted">{t('noOpenGroups')}</p>}
            groups={groups.map((group) => ({
              id: group.id,
              expiresAt: group.expiresAt,
              item: (
                <li key={group.id} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4 shadow-sm">
                  <p className="text-sm font-semibold text-brand-700">{offerName.get(group.offerId) ?? ''}</p>
                  <p className="font-semibold">{t('groupOf', { name: group.leader })}</p>
                  <p className="text-sm">
                    <PintuanSeatsLeft groupId={group.id} seatsLeft={group.seatsLeft} />
                    <span className="text-muted">{' · '}</span>
                    <span className="text-muted">
                      <Countdown
                        endsAt={group.expiresAt}
                        fallback={t('endsAt', { date: formatDate(group.expiresAt, locale) })}
                        template={countdown}
                      />
                    </span>
                  </p>
                  <PintuanGroupLink
                    groupId={group.id}
                    join={
                      <PageLink
                        href={`/activity/pintuan/part-vps/${group.id}`}
                        className="mt-1 rounded-md border border-red-600 px-4 py-2 text-center text-sm font-semibold text-red-700 hover:bg-red-50"
                        aria-label={`${t('joinGroup')}: ${t('groupOf', { name: group.leader })}`}
                      >
                        {t('joinGroup')}
                      </PageLink>
                    }
                    yours={
                      <PageLink
                        href={`/activity/pintuan/part-vps/${group.id}`}
                        className="mt-1 rounded-md border border-emerald-700 px-4 py-2 text-center text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
                        aria-label={`${t('viewYourGroup')}: ${t('groupOf', { name: group.leader })}`}
                      >
                        {t('viewYourGroup')}
                      </PageLink>
                    }
                  />
                </li>
              ),
            }))}
          />
        </section>

        <PintuanRules title={t('rulesTitle')} rules={pintuanRules(t)} />
      </div>
      <ActivityView />
    </PageMessages>
  );
}
