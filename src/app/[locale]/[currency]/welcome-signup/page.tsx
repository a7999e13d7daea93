import { getTranslations } from 'next-intl/server';
import { WelcomeClaim } from '@/components/account/welcome-claim';
import { PageMessages } from '@/components/i18n/client-messages';
import { PageIntro } from '@/components/page-intro';
import { consumerPriceParts, consumerUsdCents } from '@/lib/billing/display';
import { listWelcomeCoupons, WELCOME_WINDOW_DAYS } from '@/server/api/accounts/welcome';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';

export const revalidate = 300;
export const generateMetadata = metadataFor('welcomeSignup', '/welcome-signup');

type Params = Promise<{ locale: string; currency: string }>;

export default async function WelcomeSignupPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const texts = await pageTexts(locale, 'welcomeSignup');
  const t = await getTranslations({ locale, namespace: 'welcome' });
  const [bundle, currency] = await Promise.all([
    listWelcomeCoupons(getReadDb(), locale),
    pageCurrency(getReadDb(), (await params).currency),
  ]);
  // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md): a minimum order is
  // compared with the order's amount without tax, so it is shown as a price is, both ways.
  const tax = await displayTaxFor(getReadDb(), locale, currency.type);
  const money = (cents: number) => consumerUsdCents(cents, currency, locale, tax);
  // An amount off is taken from the price without tax: with tax it takes off as much and its tax.
  const amountOff = (cents: number) => {
    const parts = consumerPriceParts(cents, currency, locale, tax);
    return parts.aside ? (
      <>
        {parts.main}
        <span className="block text-sm font-normal text-muted">{parts.aside}</span>
      </>
    ) : (
      parts.main
    );
  };
  return (
    <>
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-5xl space-y-10 px-5 py-10">
        <section aria-labelledby="welcome-bundle">
          <h2 id="welcome-bundle" className="text-xl font-semibold">
            {t('bundleTitle')}
          </h2>
          <ul className="mt-4 grid gap-4 desk:grid-cols-3">
            {bundle.map((c) => (
              <li key={c.id} className="rounded-xl border border-line bg-white p-5 shadow-sm">
                <p className="text-3xl font-semibold text-brand-700">
                  {c.kind === 'amount' ? amountOff(c.amountCents) : t('percentOff', { percent: c.percentOff })}
                </p>
                <p className="mt-2 font-semibold">{c.name}</p>
                <p className="mt-1 text-sm text-muted">
                  {c.thresholdCents > 0 ? t('threshold', { amount: money(c.thresholdCents) }) : t('noThreshold')}
                  {' · '}
                  {t('validDays', { days: c.validDays })}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <PageMessages namespaces={['welcome', 'api']}>
          <WelcomeClaim />
        </PageMessages>
        <section aria-labelledby="welcome-rules" className="rounded-xl bg-surface p-6">
          <h2 id="welcome-rules" className="text-lg font-semibold">
            {t('rulesTitle')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
            <li>{t('ruleOnce')}</li>
            <li>{t('ruleNew', { days: WELCOME_WINDOW_DAYS })}</li>
            <li>{t('ruleUse')}</li>
            <li>{t('ruleCurrency')}</li>
          </ul>
        </section>
      </div>
    </>
  );
}
