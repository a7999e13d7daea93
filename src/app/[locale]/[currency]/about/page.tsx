import { getTranslations } from 'next-intl/server';
import { CommentForm } from '@/components/content/comment-form';
import { HistoryTimeline } from '@/components/content/history-timeline';
import { RatingSummary } from '@/components/content/rating-summary';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { listRegions } from '@/server/api/catalog/queries';
import { listHistory, ratingSummary } from '@/server/api/content/queries';
import { getReadDb } from '@/server/db/replica';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

// History and the rating change rarely; an hour-old page is fine and the page stays prerendered.
export const revalidate = 3600;
export const generateMetadata = metadataFor('about', '/about');

const VALUES = ['plain', 'engineers', 'data'] as const;

/** /about (docs/product/screens.md#about): who we are, the company history from the database, and writing a review. */
export default async function AboutPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [texts, t, tReviews, history, regions, summary] = await Promise.all([
    pageTexts(locale, 'about'),
    getTranslations({ locale, namespace: 'about' }),
    getTranslations({ locale, namespace: 'reviews' }),
    listHistory(db, locale),
    listRegions(db, locale),
    ratingSummary(db),
  ]);
  const number = new Intl.NumberFormat(locale);
  const facts = [
    { value: String(history[0]?.year ?? 2016), label: t('facts.founded') },
    { value: number.format(regions.length), label: t('facts.regions') },
    { value: `${number.format(100_000)}+`, label: t('facts.customers') },
    { value: '24/7', label: t('facts.support') },
  ];

  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-16 px-5 py-12">
        <section aria-labelledby="about-story" className="grid gap-10 desk:grid-cols-2">
          <div>
            <h2 id="about-story" className="text-2xl font-semibold">
              {t('storyTitle')}
            </h2>
            <p className="mt-4 leading-relaxed text-muted">{t('story1')}</p>
            <p className="mt-4 leading-relaxed text-muted">{t('story2')}</p>
          </div>
          <div>
            <h2 className="sr-only">{t('factsTitle')}</h2>
            <dl className="grid grid-cols-2 gap-4">
              {facts.map((f) => (
                <div key={f.label} className="rounded-xl border border-line bg-surface p-5">
                  <dt className="text-sm text-muted">{f.label}</dt>
                  <dd className="mt-1 text-3xl font-semibold text-brand-700">{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section aria-labelledby="about-history">
          <h2 id="about-history" className="text-2xl font-semibold">
            {t('historyTitle')}
          </h2>
          <p className="mt-2 text-muted">{t('historyIntro')}</p>
          <HistoryTimeline milestones={history} locale={locale} />
        </section>

        <section aria-labelledby="about-values">
          <h2 id="about-values" className="text-2xl font-semibold">
            {t('valuesTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 desk:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v} className="rounded-xl border border-line p-6">
                <h3 className="font-semibold">{t(`values.${v}Title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{t(`values.${v}Body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="write-review-title" id="write-review" className="scroll-mt-24">
          <div className="grid gap-8 rounded-2xl bg-surface p-6 desk:grid-cols-[2fr_3fr] desk:p-10">
            <div>
              <h2 id="write-review-title" className="text-2xl font-semibold">
                {tReviews('writeTitle')}
              </h2>
              <div className="mt-4">
                <RatingSummary summary={summary} locale={locale} />
              </div>
              <p className="mt-4 text-sm leading-relaxed text-muted">{tReviews('writeIntro')}</p>
              <p className="mt-3 text-xs leading-relaxed text-muted">{tReviews('moderationNote')}</p>
            </div>
            <div className="rounded-xl bg-white p-6 shadow-sm">
              <PageMessages namespaces={['forms', 'api', 'validation']}>
                <CommentForm />
              </PageMessages>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
