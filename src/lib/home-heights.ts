import { gridHeight, textLines } from '@/lib/table-height';

/**
 * The heights (rem) the home page's bands below the hero keep while they are skipped (`render-when-near`,
 * docs/product/targets.md#performance): [below the desk breakpoint, from it up]. The hero fills a phone's first screen,
 * and the five bands were most of the first layout: skipping them more than halved it
 * (docs/decisions/016-first-paint-before-storage.md, measurements). Each bound is taken at the narrowest width of its
 * range (320 and 960 px), where text wraps most; tests/e2e/routes.spec.ts checks every skipped block against its real
 * height there, in all three languages. Sizes restate the classes of src/app/[locale]/[currency]/page.tsx and
 * src/components/content/review-list.tsx.
 */
export type HomeBand = 'themes' | 'plans' | 'promotions' | 'regions' | 'reviews';

export type HomeBandCounts = {
  plans: number;
  /** Whether prices are shown with tax and without (docs/decisions/066-tax.md): a plan card has one line more. */
  taxShown?: boolean;
  promotions: number;
  regions: number;
  /** Each shown review's body and author name, as typed. */
  reviews: { body: string; authorName: string }[];
};

/** A band's own padding, heading, intro and trailing link, in rem: py-16, a wrapped title, two intro lines. */
const BAND_FRAME = 22;
const REM = 16;
/** Review cards at 320 px: the page's and the card's padding and border leave 238 px for text. */
const REVIEW_TEXT_WIDTH_PX = 320 - 2 * 20 - 2 * 20 - 2;
/** A card's padding, border, star row, gaps and footer line, in px, besides the body. */
const REVIEW_CARD_PX = 2 * 20 + 2 + 24 + 12 + 16;
/** The reviews band's heading block (title, rating summary, write button) and padding, in rem. */
const REVIEWS_FRAME_PHONE = 25;
const REVIEWS_FRAME_DESK = 17;
/** Headroom over the estimates, for faces a little wider than the glyph widths assumed. */
const SAFETY = 1.1;

function rows(count: number, columns: number): number {
  return Math.ceil(count / columns);
}

/** A review card's height in rem at 320 px; wider cards (three columns at 960 px) are no taller. */
function reviewCardRem(review: { body: string; authorName: string }): number {
  const body = textLines(review.body, 14, REVIEW_TEXT_WIDTH_PX) * 22.75;
  // The footer holds the author and the date, wrapping as needed; the language label shares the star row, which
  // its smaller text does not make taller.
  const footer = textLines(`${review.authorName} · 2026/12/31`, 12, REVIEW_TEXT_WIDTH_PX) * 16;
  return ((REVIEW_CARD_PX + body + footer) * SAFETY) / REM;
}

export function homeBandHeights(counts: HomeBandCounts): Record<HomeBand, [number, number]> {
  const cards = counts.reviews.map(reviewCardRem);
  // The price without tax beside the price with it wraps to a line of its own.
  const planRem = (rem: number) => (counts.taxShown ? rem + 1.5 : rem);
  return {
    // Five fixed product themes: one column on phones, five from the desk breakpoint.
    themes: [96, 42],
    plans: [BAND_FRAME + planRem(19) * counts.plans, BAND_FRAME + planRem(22) * rows(counts.plans, 4)],
    promotions: [BAND_FRAME + 13 * counts.promotions, BAND_FRAME + 10 * rows(counts.promotions, 3)],
    regions: [BAND_FRAME + 7 * rows(counts.regions, 2), BAND_FRAME + 5 * rows(counts.regions, 4)],
    reviews: [
      Math.ceil(REVIEWS_FRAME_PHONE + gridHeight(cards, 1, 1)),
      // Three cards a row from the desk breakpoint up.
      Math.ceil(REVIEWS_FRAME_DESK + gridHeight(cards, 3, 1)),
    ],
  };
}
