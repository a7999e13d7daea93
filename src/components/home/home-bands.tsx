import { getTranslations } from 'next-intl/server';
import type { CSSProperties, ReactNode } from 'react';
import { RatingSummary } from '@/components/content/rating-summary';
import { ReviewList } from '@/components/content/review-list';
import { PRODUCT_THEMES, sitePages } from '@/components/shell/product-menu';
import { PageLink } from '@/i18n/page-link';
import { consumerPriceParts } from '@/lib/billing/display';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';
import { formatDate } from '@/lib/format-date';
import type { Locale } from '@/lib/locales';
import type { HomePageData } from '@/server/home';

/*
 * The home page's bands, top to bottom (docs/product/screens.md). Each below the hero is given the style that
 * keeps its height while it is laid out only as it nears the viewport (src/lib/home-heights.ts).
 */

type Band = { locale: Locale; style: CSSProperties };

const BAND_TITLE = 'text-2xl font-semibold tracking-tight desk:text-3xl';
const MORE_LINK = 'mt-6 inline-block font-semibold text-brand-700 hover:underline';

/**
 * A band below the hero with its heading (which names the section) and its intro, then what it lists. A band on
 * the grey surface takes the full width, its content kept to the page's measure inside.
 */
function BandSection({
  id,
  title,
  intro,
  style,
  surface = false,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  style: CSSProperties;
  surface?: boolean;
  children: ReactNode;
}) {
  const content = (
    <>
      <h2 id={id} className={BAND_TITLE}>
        {title}
      </h2>
      <p className="mt-3 max-w-3xl text-muted">{intro}</p>
      {children}
    </>
  );
  return surface ? (
    <section aria-labelledby={id} className="render-when-near bg-surface" style={style}>
      <div className="mx-auto w-full max-w-6xl px-5 py-16">{content}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className="render-when-near mx-auto w-full max-w-6xl px-5 py-16" style={style}>
      {content}
    </section>
  );
}

/** The first screen: what the site sells and where to start. */
export async function HomeHero({ locale, texts }: { locale: Locale; texts: HomePageData['texts'] }) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
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
  );
}

/** The product themes, each with its pages. */
export async function ThemesBand({ locale, style }: Band) {
  const t = await getTranslations({ locale, namespace: 'home' });
  const tShell = await getTranslations({ locale, namespace: 'shell' });
  return (
    <BandSection id="home-themes" title={t('themesTitle')} intro={t('themesIntro')} style={style}>
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
    </BandSection>
  );
}

/** The cheapest plan of each product line in the visitor's currency, each linking to the configurator. */
export async function PlansBand({
  locale,
  style,
  plans,
  currency,
  tax,
}: Band & Pick<HomePageData, 'plans' | 'currency' | 'tax'>) {
  const t = await getTranslations({ locale, namespace: 'home' });
  const tVps = await getTranslations({ locale, namespace: 'vps' });
  const size = (gb: number) => (gb >= 1000 ? tVps('tb', { size: gb / 1000 }) : tVps('gb', { size: gb }));
  return (
    <BandSection
      id="home-plans"
      title={t('plansTitle')}
      intro={t('plansIntro', { currency: currency.type })}
      style={style}
      surface
    >
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
            {(() => {
              const price = consumerPriceParts(plan.monthlyPriceCents, currency, locale, tax);
              return (
                <p className={`mt-4 flex flex-wrap items-baseline gap-x-1 ${price.aside ? 'mb-2' : 'mb-6'}`}>
                  <span className="text-sm text-muted">{t('planFrom')}</span>
                  <span className="text-3xl font-semibold text-brand-700" data-testid="home-plan-price">
                    {price.main}
                  </span>
                  <span className="text-sm text-muted">{t('planPer')}</span>
                  {price.aside ? <span className="w-full text-sm text-muted">{price.aside}</span> : null}
                </p>
              );
            })()}
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
      <PageLink href="/product/vps" className={MORE_LINK}>
        {t('plansAll')} →
      </PageLink>
    </BandSection>
  );
}

/** The first current promotions; the band is left out when none runs. */
export async function PromotionsBand({ locale, style, promotions }: Band & Pick<HomePageData, 'promotions'>) {
  if (promotions.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'home' });
  const tPromo = await getTranslations({ locale, namespace: 'promotionPage' });
  return (
    <BandSection id="home-promotions" title={t('promotionsTitle')} intro={t('promotionsIntro')} style={style}>
      <ul className="mt-8 grid gap-4 desk:grid-cols-3">
        {promotions.map((p) => (
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
      <PageLink href="/activity/promotion" className={MORE_LINK}>
        {t('promotionsAll')} →
      </PageLink>
    </BandSection>
  );
}

/** The regions servers run in, with the latency test's article. */
export async function RegionsBand({ locale, style, regions }: Band & Pick<HomePageData, 'regions'>) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <BandSection id="home-regions" title={t('regionsTitle')} intro={t('regionsIntro')} style={style} surface>
      <ul className="mt-8 grid grid-cols-2 gap-3 desk:grid-cols-4">
        {regions.map((r) => (
          <li key={r.id} className="rounded-lg border border-line bg-white p-4">
            <p className="font-semibold">{r.city}</p>
            <p className="text-xs text-muted">{r.country}</p>
          </li>
        ))}
      </ul>
      <PageLink href="/doc/article/looking-glass-test-latency-network-speed" className={MORE_LINK}>
        {t('regionsLink')} →
      </PageLink>
    </BandSection>
  );
}

/** The average rating and the latest approved reviews, with the way to write one. */
export async function ReviewsBand({ locale, style, rating, reviews }: Band & Pick<HomePageData, 'rating' | 'reviews'>) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return (
    <section
      aria-labelledby="home-reviews"
      className="render-when-near mx-auto w-full max-w-6xl px-5 py-16"
      style={style}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="home-reviews" className={BAND_TITLE}>
            {t('title')}
          </h2>
          <div className="mt-3">
            <RatingSummary summary={rating} locale={locale} />
          </div>
        </div>
        <PageLink
          href="/about#write-review"
          className="rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('writeCta')}
        </PageLink>
      </div>
      <div className="mt-8">
        {reviews.length > 0 ? (
          <ReviewList reviews={reviews} locale={locale} />
        ) : (
          <p className="text-muted">{t('empty')}</p>
        )}
      </div>
    </section>
  );
}
