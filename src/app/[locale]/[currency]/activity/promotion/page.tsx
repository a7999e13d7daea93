import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { ActivityView } from '@/components/promotions/activity-view';
import { PageLink } from '@/i18n/page-link';
import { formatDate } from '@/lib/format-date';
import { listCurrentPromotions } from '@/server/api/promotions/queries';
import { getReadDb } from '@/server/db/replica';
import { type LocaleParams, metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const revalidate = 300;
export const generateMetadata = metadataFor('promotion', '/activity/promotion');

/** /activity/promotion (docs/product/targets.md#promotions): the running campaigns from the database; the pop-up and banner lead here. */
export default async function PromotionPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [texts, t, campaigns] = await Promise.all([
    pageTexts(locale, 'promotion'),
    getTranslations({ locale, namespace: 'promotionPage' }),
    listCurrentPromotions(getReadDb(), locale),
  ]);
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl px-5 py-12">
        {campaigns.length === 0 ? (
          <p className="text-muted">{t('none')}</p>
        ) : (
          <ul className="grid gap-6 desk:grid-cols-3">
            {campaigns.map((c) => (
              <li
                key={c.slug}
                className="flex flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm"
                data-testid="campaign"
              >
                <div className="h-2" style={{ backgroundColor: c.accent }} aria-hidden="true" />
                <div className="flex flex-1 flex-col p-6">
                  <h2 className="text-xl font-semibold">{c.title}</h2>
                  <p className="mt-1 text-brand-700">{c.subtitle}</p>
                  <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{c.body}</p>
                  <p className="mt-4 text-xs text-muted">{t('endsOn', { date: formatDate(c.endsAt, locale) })}</p>
                  <PageLink
                    href={c.ctaPath}
                    className="mt-4 self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    {c.ctaLabel}
                  </PageLink>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ActivityView />
    </>
  );
}
