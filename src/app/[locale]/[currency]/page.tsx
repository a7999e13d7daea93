import {
  HomeHero,
  PlansBand,
  PromotionsBand,
  RegionsBand,
  ReviewsBand,
  ThemesBand,
} from '@/components/home/home-bands';
import { renderWhenNearSize } from '@/components/render-when-near';
import { homeBandHeights } from '@/lib/home-heights';
import { loadHomePage } from '@/server/home';
import { resolveLocale } from '@/server/page';
import { alternatesFor } from '@/server/seo';

// Prices, promotions and approved reviews come from the database. Rebuilt at most once a minute, so an
// approved review shows within a minute; the order itself is priced by the server (docs/design.md#api-contract).
export const revalidate = 60;

type Params = Promise<{ locale: string; currency: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  // The layout's default title (the product name, docs/product/screens.md#shared-shell) stays; only the URLs are per page.
  return { alternates: alternatesFor(locale, '/') };
}

/**
 * Home (docs/product/screens.md): hero, product themes, entry plans in the visitor's currency, promotions,
 * regions, reviews.
 */
export default async function HomePage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const home = await loadHomePage(locale, (await params).currency);
  // The bands below the hero keep their height until laid out near the viewport (src/lib/home-heights.ts).
  const kept = homeBandHeights({
    plans: home.plans.length,
    taxShown: home.tax !== null,
    promotions: home.promotions.length,
    regions: home.regions.length,
    reviews: home.reviews,
  });
  return (
    <>
      <HomeHero locale={locale} texts={home.texts} />
      <ThemesBand locale={locale} style={renderWhenNearSize(...kept.themes)} />
      <PlansBand
        locale={locale}
        style={renderWhenNearSize(...kept.plans)}
        plans={home.plans}
        currency={home.currency}
        tax={home.tax}
      />
      <PromotionsBand locale={locale} style={renderWhenNearSize(...kept.promotions)} promotions={home.promotions} />
      <RegionsBand locale={locale} style={renderWhenNearSize(...kept.regions)} regions={home.regions} />
      <ReviewsBand
        locale={locale}
        style={renderWhenNearSize(...kept.reviews)}
        rating={home.rating}
        reviews={home.reviews}
      />
    </>
  );
}
