import { getTranslations } from 'next-intl/server';
import { type PlanRow, PlanTable } from '@/components/catalog/plan-table';
import { PageIntro } from '@/components/page-intro';
import { renderWhenNearSize } from '@/components/render-when-near';
import { JsonLd } from '@/components/seo/json-ld';
import { consumerScaled, consumerUsdCents } from '@/lib/billing/display';
import { convertHourlyMicroUsd } from '@/lib/money';
import { planLineHeights, regionCardsHeights } from '@/lib/vps-heights';
import { listProductLines, listRegions, type Plan } from '@/server/api/catalog/queries';
import { displayTaxFor } from '@/server/billing/display';
import { pageCurrency } from '@/server/currency';
import { getReadDb } from '@/server/db/replica';
import { metadataFor, pageTexts, resolveLocale } from '@/server/page';
import { productJsonLd } from '@/server/seo';

export const revalidate = 300;
export const generateMetadata = metadataFor('vps', '/product/vps');

type Params = Promise<{ locale: string; currency: string }>;

/** /product/vps (docs/decisions/009-pricing-and-orders.md): every plan with its specs, prices in the visitor's currency and regions. */
export default async function VpsProductPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const db = getReadDb();
  const [texts, t, lines, regions, currency] = await Promise.all([
    pageTexts(locale, 'vps'),
    getTranslations({ locale, namespace: 'vps' }),
    listProductLines(db, locale),
    listRegions(db, locale),
    pageCurrency(db, (await params).currency),
  ]);
  const tax = await displayTaxFor(db, locale, currency.type);
  const regionName = new Map(regions.map((r) => [r.id, r.city]));
  const size = (gb: number) => (gb >= 1000 ? t('tb', { size: gb / 1000 }) : t('gb', { size: gb }));
  const plans = lines.flatMap((line) => line.plans);
  const row = (plan: Plan): PlanRow => ({
    id: plan.id,
    regionId: plan.regions[0] ?? '',
    name: plan.name,
    cpuModel: plan.cpuModel,
    specs: [
      { label: t('cpu'), value: plan.cpuModel ? t('cores', { count: plan.cpu }) : String(plan.cpu) },
      { label: t('memory'), value: size(plan.memoryMb / 1024) },
      { label: t('disk'), value: `${size(plan.diskGb)} ${plan.diskType}` },
      { label: t('bandwidth'), value: t('mbps', { speed: plan.bandwidthMbps }) },
      { label: t('traffic'), value: plan.trafficGb === 0 ? t('unmetered') : size(plan.trafficGb) },
    ],
    regions: { label: t('regions'), value: plan.regions.map((r) => regionName.get(r) ?? r).join(' · ') },
    // Japanese pages in yen show prices with consumption tax first (docs/decisions/066-tax.md).
    monthly: { label: t('monthly'), value: consumerUsdCents(plan.monthlyPriceCents, currency, locale, tax, '\n') },
    hourly: {
      label: t('hourly'),
      value: consumerScaled(convertHourlyMicroUsd(plan.hourlyPriceMicroUsd, currency), currency, locale, tax, '\n'),
    },
  });
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
        {lines.map((line) => {
          const rows = line.plans.map(row);
          const note = line.dedicated ? t('dedicatedNote') : null;
          return (
            <section
              key={line.id}
              id={line.dedicated ? 'dedicated' : line.id}
              aria-labelledby={`line-${line.id}`}
              className="render-when-near scroll-mt-24"
              // A card per plan on a phone, a line per plan from the desk breakpoint up.
              style={renderWhenNearSize(
                ...planLineHeights({ name: line.name, description: line.description, note, plans: rows }),
              )}
            >
              <h2 id={`line-${line.id}`} className="text-2xl font-semibold">
                {line.name}
              </h2>
              <p className="mt-2 max-w-3xl text-muted">{line.description}</p>
              {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
              <PlanTable
                labels={{ caption: `${t('compare')}: ${line.name}`, plan: t('plan'), configure: t('configure') }}
                plans={rows}
              />
            </section>
          );
        })}
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
