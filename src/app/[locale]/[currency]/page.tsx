import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { type LocaleParams, pageTexts, resolveLocale } from '@/server/page';
import { alternatesFor } from '@/server/seo';

export async function generateMetadata({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  // The layout's default title (the product name, SPEC §2) stays; only the URLs are per page.
  return { alternates: alternatesFor(locale, '/') };
}

export default async function HomePage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const texts = await pageTexts(locale, 'home');
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
      <div className="mx-auto max-w-6xl px-5 py-20 desk:py-28">
        <p className="text-sm font-medium tracking-wide text-brand-100">{t('regionsNote')}</p>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold leading-tight tracking-tight desk:text-5xl">
          {texts.heading}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-100">{texts.intro}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link
            href="/product/vps-buy"
            className="rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('ctaBuy')}
          </Link>
          <Link
            href="/product/vps"
            className="rounded-md border border-white/60 px-5 py-3 font-semibold text-white hover:bg-white/10"
          >
            {t('ctaPlans')}
          </Link>
        </div>
      </div>
    </section>
  );
}
