import { getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format-date';
import { HTML_LANG, type Locale } from '@/lib/locales';
import type { PublicReview } from '@/server/api/content/queries';
import { StarRow } from './star-rating';

/**
 * Approved reviews as cards. A review's text is whatever the customer typed: it is rendered as a React text
 * child, so markup in it shows as characters and never runs (docs/product/targets.md#documentation-and-content; never dangerouslySetInnerHTML). Each
 * card carries the language it was written in, so screen readers and fonts pick the right one, and names it in
 * the visitor's language beside the stars, so a review in another language is plainly one.
 */
export async function ReviewList({ reviews, locale }: { reviews: PublicReview[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return (
    <ul className="grid gap-4 desk:grid-cols-3" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="flex flex-col rounded-xl border border-line bg-white p-5 shadow-sm">
          <article aria-labelledby={`review-${review.id}-author`} data-testid="review" className="flex flex-1 flex-col">
            <div className="flex items-center justify-between gap-2">
              <p className="flex items-center gap-2">
                <StarRow level={review.rating} size="text-base" />
                <span className="sr-only">{t('stars', { rating: review.rating })}</span>
              </p>
              <span
                className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-muted"
                data-testid="review-language"
              >
                {t(`language.${review.locale}`)}
              </span>
            </div>
            <p
              lang={HTML_LANG[review.locale]}
              className="mt-3 flex-1 whitespace-pre-line break-words text-sm leading-relaxed text-ink"
              data-testid="review-body"
            >
              {review.body}
            </p>
            <footer className="mt-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted">
              <span
                id={`review-${review.id}-author`}
                lang={HTML_LANG[review.locale]}
                className="font-semibold text-ink"
              >
                {review.authorName}
              </span>
              <time dateTime={review.createdAt}>{formatDate(review.createdAt, locale)}</time>
            </footer>
          </article>
        </li>
      ))}
    </ul>
  );
}
