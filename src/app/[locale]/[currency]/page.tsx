import { getTranslations } from 'next-intl/server';
import { RatingSummary } from '@/components/content/rating-summary';
import { ReviewList } from '@/components/content/review-list';
import { renderWhenNearSize } from '@/components/render-when-near';
import { PRODUCT_THEMES, sitePages } from '@/components/shell/product-menu';
import { PageLink } from '@/i18n/page-link';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';
import { formatDate } from '@/lib/format-date';
import { homeBandHeights } from '@/lib/home-heights';
import { formatUsdCents } from '@/lib/money';
import { listProductLines, listRegions, type Plan } from '@/server/api/catalog/queries';
import { listReviewsFor, ratingSummary } from '@/server/api/content/queries';
import { listCurrentPromotions } from '@/server/api/promotions/queries';
import { pageCurrency } from '@/server/currency';
import { getDb } from '@/server/db/client';
import { pageTexts, resolveLocale } from '@/server/page';
import { alternatesFor } from '@/server/seo';

// Prices, promotions and approved reviews come from the database. Rebuilt at most once a minute, so an
// approved review shows within a minute; the order itself is priced by the server (DESIGN §4).
export const revalidate = 60;

type Params = Promise<{ locale: string; currency: string }>;

/** How many reviews the home page shows; the rest are a POST /api/home/footer/comment page away. */
const HOME_REVIEWS = 6;
/** Of those, how many are kept for the visitor's own language while reviews in other languages exist. */
const HOME_REVIEWS_OWN = 4;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  // The layout's default title (the product name, SPEC §2) stays; only the URLs are per page.
  return { alternates: alternatesFor(locale, '/') };
}

/** The cheapest active plan of each product line, for the "popular plans" band. */
function entryPlans(lines: Awaited<ReturnType<typeof listProductLines>>) {
  return lines.flatMap((line) => {
    const cheapest = line.plans.reduce<Plan | undefined>(
      (best, plan) => (best === undefined || plan.monthlyPriceCents < best.monthlyPriceCents ? plan : best),
      undefined,
    );
    return cheapest ? [{ line, plan: cheapest }] : [];
  });
}

/** Home (SPEC §2, issue 7): hero, product themes, entry plans in the visitor's currency, promotions, regions, reviews. */
export default async function HomePage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getDb();
  const [texts, t, tShell, tVps, tReviews, tPromo, lines, regions, promotions, currency, summary, reviews] =
    await Promise.all([
      pageTexts(locale, 'home'),
      getTranslations({ locale, namespace: 'home' }),
      getTranslations({ locale, namespace: 'shell' }),
      getTranslations({ locale, namespace: 'vps' }),
      getTranslations({ locale, namespace: 'reviews' }),
      getTranslations({ locale, namespace: 'promotionPage' }),
      listProductLines(db, locale),
      listRegions(db, locale),
      listCurrentPromotions(db, locale),
      pageCurrency(db, (await params).currency),
      ratingSummary(db),
      listReviewsFor(db, locale, { count: HOME_REVIEWS, ownShare: HOME_REVIEWS_OWN }),
    ]);
  const size = (gb: number) => (gb >= 1000 ? tVps('tb', { size: gb / 1000 }) : tVps('gb', { size: gb }));
  const plans = entryPlans(lines);
  const shownPromotions = promotions.slice(0, 3);
  // The bands below the hero are laid out as they near the viewport (issue 9, src/lib/home-heights.ts).
  const kept = homeBandHeights({
    plans: plans.length,
    promotions: shownPromotions.length,
    regions: regions.length,
    reviews,
  });

  return (
    <>
      <section
        id={FIRST_SCREEN_ID}
        className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white"
      >
        <div className="mx-auto max-w-6xl px-5 py-20 desk:py-28">
          <p className="text-sm tracking-wide text-brand-100">{t('regionsNote')}</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold leading-tight tracking-tight desk:text-5xl">
            {texts.heading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{texts.intro}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <PageLink
              href="/product/vps-buy"
              className="rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('ctaBuy')}
            </PageLink>
            <PageLink
              href="/product/vps"
              className="rounded-md border border-white/60 px-5 py-3 font-semibold text-white hover:bg-white/10"
            >
              {t('ctaPlans')}
            </PageLink>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="home-themes"
        className="render-when-near mx-auto w-full max-w-6xl px-5 py-16"
        style={renderWhenNearSize(...kept.themes)}
      >
        <h2 id="home-themes" className="text-2xl font-semibold tracking-tight desk:text-3xl">
          {t('themesTitle')}
        </h2>
        <p className="mt-3 max-w-3xl text-muted">{t('themesIntro')}</p>
        <ul className="mt-8 grid gap-4 desk:grid-cols-5">
          {PRODUCT_THEMES.map((theme) => (
            <li key={theme.key} className="flex flex-col rounded-xl border border-line bg-white p-5">
              <h3 className="font-semibold text-ink">{tShell(`themes.${theme.key}`)}</h3>
              <p className="mt-2 flex-1 text-sm text-muted">{t(`themeBlurb.${theme.key}`)}</p>
              <ul className="mt-4 space-y-1 text-sm">
                {sitePages(theme).map((item) => (
                  <li key={item.key}>
                    <PageLink href={item.href} className="text-brand-700 hover:underline">
                      {tShell(`items.${item.key}.name`)}
                    </PageLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="home-plans"
        className="render-when-near bg-surface"
        style={renderWhenNearSize(...kept.plans)}
      >
        <div className="mx-auto w-full max-w-6xl px-5 py-16">
          <h2 id="home-plans" className="text-2xl font-semibold tracking-tight desk:text-3xl">
            {t('plansTitle')}
          </h2>
          <p className="mt-3 max-w-3xl text-muted">{t('plansIntro', { currency: currency.type })}</p>
          <ul className="mt-8 grid gap-4 desk:grid-cols-4">
            {plans.map(({ line, plan }) => (
              <li
                key={plan.id}
                className="flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm"
                data-plan={plan.id}
              >
                <h3 className="text-lg font-semibold">{line.name}</h3>
                <p className="mt-1 text-sm text-muted">{plan.name}</p>
                <p className="mt-4 text-sm text-muted">
                  {t('planSpecs', {
                    cpu: plan.cpu,
                    memory: size(plan.memoryMb / 1024),
                    disk: size(plan.diskGb),
                    diskType: plan.diskType,
                  })}
                </p>
                <p className="mt-4 mb-6 flex items-baseline gap-1">
                  <span className="text-sm text-muted">{t('planFrom')}</span>
                  <span className="text-3xl font-semibold text-brand-700" data-testid="home-plan-price">
                    {formatUsdCents(plan.monthlyPriceCents, currency, locale)}
                  </span>
                  <span className="text-sm text-muted">{t('planPer')}</span>
                </p>
                <PageLink
                  href={{ pathname: '/product/vps-buy', query: { planId: plan.id, regionId: plan.regions[0] ?? '' } }}
                  className="mt-auto self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  aria-label={`${t('planCta')}: ${line.name} ${plan.name}`}
                >
                  {t('planCta')}
                </PageLink>
              </li>
            ))}
          </ul>
          <PageLink href="/product/vps" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
            {t('plansAll')} →
          </PageLink>
        </div>
      </section>

      {promotions.length > 0 ? (
        <section
          aria-labelledby="home-promotions"
          className="render-when-near mx-auto w-full max-w-6xl px-5 py-16"
          style={renderWhenNearSize(...kept.promotions)}
        >
          <h2 id="home-promotions" className="text-2xl font-semibold tracking-tight desk:text-3xl">
            {t('promotionsTitle')}
          </h2>
          <p className="mt-3 max-w-3xl text-muted">{t('promotionsIntro')}</p>
          <ul className="mt-8 grid gap-4 desk:grid-cols-3">
            {shownPromotions.map((p) => (
              <li key={p.slug} className="flex flex-col overflow-hidden rounded-xl border border-line bg-white">
                <div className="h-1.5" style={{ backgroundColor: p.accent }} aria-hidden="true" />
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="font-semibold">{p.title}</h3>
                  <p className="mt-1 text-sm text-brand-700">{p.subtitle}</p>
                  <p className="mt-3 text-xs text-muted">{tPromo('endsOn', { date: formatDate(p.endsAt, locale) })}</p>
                  <PageLink
                    href={p.ctaPath}
                    className="mt-4 self-start text-sm font-semibold text-brand-700 hover:underline"
                  >
                    {p.ctaLabel} →
                  </PageLink>
                </div>
              </li>
            ))}
          </ul>
          <PageLink
            href="/activity/promotion"
            className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
          >
            {t('promotionsAll')} →
          </PageLink>
        </section>
      ) : null}

      <section
        aria-labelledby="home-regions"
        className="render-when-near bg-surface"
        style={renderWhenNearSize(...kept.regions)}
      >
        <div className="mx-auto w-full max-w-6xl px-5 py-16">
          <h2 id="home-regions" className="text-2xl font-semibold tracking-tight desk:text-3xl">
            {t('regionsTitle')}
          </h2>
          <p className="mt-3 max-w-3xl text-muted">{t('regionsIntro')}</p>
          <ul className="mt-8 grid grid-cols-2 gap-3 desk:grid-cols-4">
            {regions.map((r) => (
              <li key={r.id} className="rounded-lg border border-line bg-white p-4">
                <p className="font-semibold">{r.city}</p>
                <p className="text-xs text-muted">{r.country}</p>
              </li>
            ))}
          </ul>
          <PageLink
            href="/doc/article/looking-glass-test-latency-network-speed"
            className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
          >
            {t('regionsLink')} →
          </PageLink>
        </div>
      </section>

      <section
        aria-labelledby="home-reviews"
        className="render-when-near mx-auto w-full max-w-6xl px-5 py-16"
        style={renderWhenNearSize(...kept.reviews)}
      >
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="home-reviews" className="text-2xl font-semibold tracking-tight desk:text-3xl">
              {tReviews('title')}
            </h2>
            <div className="mt-3">
              <RatingSummary summary={summary} locale={locale} />
            </div>
          </div>
          <PageLink
            href="/about#write-review"
            className="rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {tReviews('writeCta')}
          </PageLink>
        </div>
        <div className="mt-8">
          {reviews.length > 0 ? (
            <ReviewList reviews={reviews} locale={locale} />
          ) : (
            <p className="text-muted">{tReviews('empty')}</p>
          )}
        </div>
      </section>
    </>
  );
}
