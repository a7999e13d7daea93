import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/locales';
import { starLevel } from '@/lib/stars';
import type { RatingSummary as Summary } from '@/server/api/content/queries';
import { StarRow } from './star-rating';

/** The rating summary (docs/product/entities.md#content): one sentence for screen readers, the glyphs and figures for the eye. */
export async function RatingSummary({ summary, locale }: { summary: Summary; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Number.parseFloat(summary.ratingValue) || 0,
  );
  const label = t('summary', { rating, count: summary.reviewCount });
  return (
    <div role="img" aria-label={label} className="flex flex-wrap items-center gap-3" data-testid="rating-summary">
      <StarRow level={starLevel(summary.ratingValue)} size="text-2xl" />
      <span aria-hidden="true" className="text-2xl font-semibold text-ink">
        {t('average', { rating })}
      </span>
      <span aria-hidden="true" className="text-sm text-muted">
        {t('basedOn', { count: summary.reviewCount })}
      </span>
    </div>
  );
}
