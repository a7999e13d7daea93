import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { renderWhenNearSize } from '@/components/render-when-near';
import { JsonLd } from '@/components/seo/json-ld';
import { PageLink } from '@/i18n/page-link';
import { formatHourlyMicroUsd, formatUsdCents } from '@/lib/money';
import { regionCardsHeights } from '@/lib/vps-heights';
import { listProductLines, listRegions } from '@/server/api/catalog/queries';
import { pageCurrency } from '@/server/currency';
import { getDb } from '@/server/db/client';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';
import { productJsonLd } from '@/server/seo';

export const revalidate = 300;
export const generateMetadata = metadataFor('vps', '/product/vps');

type Params = Promise<{ locale: string; currency: string }>;

/** /product/vps (issue 5): every plan with its specs, prices in the visitor's currency and regions. */
export default async function VpsProductPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getDb();
  const [texts, t, lines, regions, currency] = await Promise.all([
    pageTexts(locale, 'vps'),
    getTranslations({ locale, namespace: 'vps' }),
    listProductLines(db, locale),
    listRegions(db, locale),
    pageCurrency(db, (await params).currency),
  ]);
  const regionName = new Map(regions.map((r) => [r.id, r.city]));
  const size = (gb: number) => (gb >= 1000 ? t('tb', { size: gb / 1000 }) : t('gb', { size: gb }));
  const plans = lines.flatMap((line) => line.plans);
  return (
    <>
      {plans.length > 0 ? (
        <JsonLd
          data={productJsonLd({
            locale,
            path: '/product/vps',
            name: texts.heading ?? texts.title,
            description: texts.intro ?? texts.title,
            category: 'Virtual private server',
            currency,
            offers: plans.map((plan) => ({ name: plan.name, usdCents: plan.monthlyPriceCents, unitText: 'MON' })),
          })}
        />
      ) : null}
      <PageIntro heading={texts.heading ?? texts.title} intro={texts.intro} />
      <div className="mx-auto w-full max-w-6xl space-y-14 px-5 py-12">
        {/* Why an hour can show more than a month's share (whole yen rounded up,
            docs/decisions/009-pricing-and-orders.md): the monthly cap. */}
        <p className="mb-6 max-w-3xl text-sm text-muted">{t('hourlyNote')}</p>
        {lines.map((line) => (
          <section
            key={line.id}
            id={line.dedicated ? 'dedicated' : line.id}
            aria-labelledby={`line-${line.id}`}
            className="render-when-near scroll-mt-24"
            // A phone shows each plan as a row about 13rem tall at most (measured 320-1280 px).
            style={renderWhenNearSize(12 + 13 * line.plans.length)}
          >
            <h2 id={`line-${line.id}`} className="text-2xl font-semibold">
              {line.name}
            </h2>
            <p className="mt-2 max-w-3xl text-muted">{line.description}</p>
            {line.dedicated ? <p className="mt-1 text-sm text-muted">{t('dedicatedNote')}</p> : null}
            {/* `relative`: the visually hidden heading of the last column is absolutely positioned; without a
                positioned scroll box its box escaped it and made the whole page scroll sideways on a phone. */}
            <div className="relative mt-5 overflow-x-auto rounded-lg border border-line">
              <table className="w-full min-w-[820px] text-left text-sm">
                <caption className="sr-only">{`${t('compare')}: ${line.name}`}</caption>
                {/* Column headings stay on one line: a Japanese heading broke inside a word at 1280 px. */}
                <thead className="whitespace-nowrap bg-surface text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {t('plan')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('cpu')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('memory')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('disk')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('bandwidth')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('traffic')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('monthly')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('hourly')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {t('regions')}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">{t('configure')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {line.plans.map((plan) => (
                    <tr key={plan.id} data-plan={plan.id}>
                      <th scope="row" className="px-4 py-3 font-semibold text-ink">
                        {plan.name}
                        {plan.cpuModel ? (
                          <span className="block text-xs font-normal text-muted">{plan.cpuModel}</span>
                        ) : null}
                      </th>
                      <td className="px-4 py-3">{plan.cpuModel ? t('cores', { count: plan.cpu }) : plan.cpu}</td>
                      <td className="px-4 py-3">{size(plan.memoryMb / 1024)}</td>
                      <td className="px-4 py-3">{`${size(plan.diskGb)} ${plan.diskType}`}</td>
                      <td className="px-4 py-3">{t('mbps', { speed: plan.bandwidthMbps })}</td>
                      <td className="px-4 py-3">{plan.trafficGb === 0 ? t('unmetered') : size(plan.trafficGb)}</td>
                      <td className="px-4 py-3 font-semibold text-brand-700" data-testid="monthly-price">
                        {formatUsdCents(plan.monthlyPriceCents, currency, locale)}
                      </td>
                      <td className="px-4 py-3 text-muted">
                        {formatHourlyMicroUsd(plan.hourlyPriceMicroUsd, currency, locale)}
                      </td>
                      <td className="px-4 py-3 text-xs text-muted">
                        {plan.regions.map((r) => regionName.get(r) ?? r).join(' · ')}
                      </td>
                      <td className="px-4 py-3">
                        <PageLink
                          href={{
                            pathname: '/product/vps-buy',
                            query: { planId: plan.id, regionId: plan.regions[0] ?? '' },
                          }}
                          className="whitespace-nowrap rounded-md bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
                        >
                          {t('configure')}
                        </PageLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}
        <section
          aria-labelledby="regions-title"
          className="render-when-near"
          style={renderWhenNearSize(
            ...regionCardsHeights(
              regions.map((r) => ({
                title: `${r.city} · ${r.country}`,
                networkNote: r.networkNote,
                testIpLine: `${t('testIp')}: ${r.testIp}`,
              })),
            ),
          )}
        >
          <h2 id="regions-title" className="text-2xl font-semibold">
            {t('regionTitle')}
          </h2>
          <ul className="mt-5 grid gap-4 desk:grid-cols-4">
            {regions.map((r) => (
              <li key={r.id} className="rounded-lg border border-line p-4">
                <p className="font-semibold">{`${r.city} · ${r.country}`}</p>
                <p className="mt-1 text-xs text-muted">{r.networkNote}</p>
                <p className="mt-2 font-mono text-xs">{`${t('testIp')}: ${r.testIp}`}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
