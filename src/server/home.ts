import 'server-only';
import { allNamed } from '@/lib/all-named';
import type { Locale } from '@/lib/locales';
import { listProductLines, listRegions, type Plan } from './api/catalog/queries';
import { listReviewsFor, ratingSummary } from './api/content/queries';
import { listCurrentPromotions } from './api/promotions/queries';
import { displayTaxFor } from './billing/display';
import { pageCurrency } from './currency';
import { getReadDb } from './db/replica';
import { pageTexts } from './page';

/** How many reviews the home page shows; the rest are a POST /api/home/footer/comment page away. */
const HOME_REVIEWS = 6;
/** Of those, how many are kept for the visitor's own language while reviews in other languages exist. */
const HOME_REVIEWS_OWN = 4;
/** How many current promotions the home page shows; the promotions page lists them all. */
const HOME_PROMOTIONS = 3;

/**
 * Everything the home page shows from the database (docs/product/screens.md), loaded at once: the page's texts,
 * the entry plans, the current promotions, the regions, the rating and the reviews, and the visitor's currency.
 */
export async function loadHomePage(locale: Locale, currencySegment: string) {
  const db = getReadDb();
  const home = await allNamed({
    texts: pageTexts(locale, 'home'),
    lines: listProductLines(db, locale),
    regions: listRegions(db, locale),
    promotions: listCurrentPromotions(db, locale),
    currency: pageCurrency(db, currencySegment),
    rating: ratingSummary(db),
    reviews: listReviewsFor(db, locale, { count: HOME_REVIEWS, ownShare: HOME_REVIEWS_OWN }),
  });
  return {
    texts: home.texts,
    currency: home.currency,
    // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
    tax: await displayTaxFor(db, locale, home.currency.type),
    plans: entryPlans(home.lines),
    promotions: home.promotions.slice(0, HOME_PROMOTIONS),
    regions: home.regions,
    rating: home.rating,
    reviews: home.reviews,
  };
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;

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
