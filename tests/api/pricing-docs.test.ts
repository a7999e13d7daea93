import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/messages/en.json';
import ja from '../../src/i18n/messages/ja.json';
import zh from '../../src/i18n/messages/zh.json';
import { consumerPrice, type DisplayTax } from '../../src/lib/billing/display';
import { vpsConfig } from '../../src/lib/catalog/vps-config';
import type { Locale } from '../../src/lib/locales';
import { type CurrencyRate, convertUsdCents, formatMoney, formatUsdCents } from '../../src/lib/money';
import { ApiError } from '../../src/server/api/errors';
import { listCurrencies } from '../../src/server/api/finance/queries';
import { quoteVps } from '../../src/server/api/orders/pricing';
import { displayTaxFor } from '../../src/server/billing/display';
import { docArticles } from '../../src/server/db/seed/data/content';
import { type CatalogLabels, type CatalogTable, loadCatalogTables } from '../../src/server/docs/catalog-tables';
import { testDb } from '../support/api';

/**
 * Every price and pricing rule the documentation states is the engine's (docs/decisions/036-pricing-model.md):
 * the articles write no amount by hand (prices come from `{{catalog:…}}` tables and `{{money:…}}`), each table
 * a pricing article shows is checked against what the quote charges, and each rule the prose states is checked
 * against the engine, in every language and currency.
 */
const db = testDb();
const MESSAGES = { en, zh, ja } as const;
const LOCALES: Locale[] = ['en', 'zh', 'ja'];

/** Percentages that are not prices, each with its reason (contract terms, alert thresholds, a measurement). */
const NOT_PRICES: Record<string, string> = {
  'legal-and-terms': 'uptime commitments and their service credits are contract terms of the SLA',
  'network-pricing': 'the traffic alerts are sent at 80 % and 100 % of the allowance',
  'looking-glass-test-latency-network-speed': 'packet loss in a measurement',
  affiliate: 'the commission rate of the affiliate programme',
};
/** An amount of money written out: a currency sign or name beside digits. */
const AMOUNT = /(US\$|HK\$|JP¥|\$|¥|￥|USD|HKD|JPY)\s?\d|\d[\d,.]*\s?(円|元|美元|港元|港币|日元|ドル|香港ドル)/;
const PERCENT = /\d[\d.]*\s?[%％]/;

function labels(locale: Locale): CatalogLabels {
  const messages = MESSAGES[locale].docCatalog as Record<string, string>;
  return (key, values) =>
    (messages[key] ?? key)
      .replace(/\{count, plural, one \{# ([^}]*)\} other \{# ([^}]*)\}\}/, (_, one: string, other: string) =>
        Number(values?.count) === 1 ? `${values?.count} ${one}` : `${values?.count} ${other}`,
      )
      .replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? ''));
}

async function quote(config: Record<string, unknown>, currency = 'USD') {
  return quoteVps(db, vpsConfig.parse({ imageId: 'ubuntu-24.04', currency, ...config }));
}

async function tablesOf(slug: string, locale: Locale, currency: CurrencyRate): Promise<Map<string, CatalogTable>> {
  const body = docArticles.find((a) => a.slug === slug)?.translations[locale].body ?? '';
  const names = [...body.matchAll(/\{\{catalog:([a-z0-9-]+)\}\}/g)].map((m) => m[1] ?? '');
  return loadCatalogTables(db, names, { locale, currency, tax: await taxOf(locale, currency), t: labels(locale) });
}

/** The tax a page shows its prices with: Japan's consumption tax on Japanese pages in yen (docs/decisions/066-tax.md). */
function taxOf(locale: Locale, currency: CurrencyRate): Promise<DisplayTax> {
  return displayTaxFor(db, locale, currency.type);
}

/** A price as a table cell shows it: with tax first and without beneath on Japanese pages in yen. */
async function cell(minor: number, currency: CurrencyRate, locale: Locale): Promise<string> {
  return consumerPrice(minor, currency, locale, await taxOf(locale, currency), '\n');
}

describe('no hand-written prices in the documentation', () => {
  it.each(docArticles.map((a) => [a.slug]))('%s writes amounts only through the catalog', (slug) => {
    const article = docArticles.find((a) => a.slug === slug);
    for (const locale of LOCALES) {
      const text = (article?.translations[locale].body ?? '').replace(/\{\{[a-z]+:[^}]+\}\}/g, '');
      expect(AMOUNT.exec(text)?.[0], `${slug} ${locale}`).toBeUndefined();
      if (!NOT_PRICES[slug]) expect(PERCENT.exec(text)?.[0], `${slug} ${locale}`).toBeUndefined();
    }
  });
});

describe('the pricing tables are what the engine charges', async () => {
  const currencies = await listCurrencies(db);

  it.each([
    'vps-pricing',
    'pricing',
  ])('%s: plans at their lowest regional price, hourly only where billed by the hour', async (slug) => {
    for (const locale of LOCALES) {
      for (const currency of currencies) {
        const plans = (await tablesOf(slug, locale, currency)).get('vps-plans');
        expect(plans, `${slug} ${locale}`).toBeDefined();
        for (const row of plans?.rows ?? []) {
          const { lines } = await import('../../src/server/api/catalog/queries')
            .then((q) => q.listProductLines(db, locale))
            .then((l) => ({ lines: l }));
          const plan = lines.flatMap((l) => l.plans).find((p) => p.name === row[0]);
          expect(plan, row[0]).toBeDefined();
          if (!plan) continue;
          // The cheapest region the plan is sold in, quoted for one month.
          const quotes = await Promise.all(
            plan.regions.map((regionId) => quote({ regionId, planId: plan.id, imageId: 'debian-12' }, currency.type)),
          );
          const lowest = Math.min(...quotes.map((q) => q.totalMinor));
          expect(row, `${slug} ${locale} ${currency.type} ${plan.id}`).toContain(await cell(lowest, currency, locale));
          if (locale === 'ja' && currency.type === 'JPY') {
            // What a Japanese consumer reads first is what a Japanese consumer pays: the order's total with tax.
            const japanese = await Promise.all(
              plan.regions.map((regionId) =>
                quote({ regionId, planId: plan.id, imageId: 'debian-12', billingCountry: 'JP' }, 'JPY'),
              ),
            );
            const paid = Math.min(...japanese.map((q) => q.totalInclTaxMinor));
            expect(row[6], plan.id).toBe(
              `${formatMoney(paid, currency, locale)}（税込）\n税抜 ${formatMoney(lowest, currency, locale)}`,
            );
          } else {
            expect(row.join(' '), `${locale} ${currency.type}`).not.toContain('税込');
          }
          if (!plan.hourlyBilling) {
            await expect(
              quote({ regionId: plan.regions[0], planId: plan.id, imageId: 'debian-12', billing: 'hourly' }),
            ).rejects.toBeInstanceOf(ApiError);
          }
        }
      }
    }
  });

  it('vps-pricing: each region adds the percentage its table states, to compute and network only', async () => {
    for (const locale of LOCALES) {
      const usd = currencies.find((c) => c.type === 'USD') as CurrencyRate;
      const regions = (await tablesOf('vps-pricing', locale, usd)).get('regions');
      expect(regions?.rows.length).toBeGreaterThan(0);
      const base = await quote({
        regionId: 'los-angeles',
        planId: 'std-2c4g',
        trafficPackageId: 'traffic-1t',
        dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
      });
      const { listRegions } = await import('../../src/server/api/catalog/queries');
      for (const region of await listRegions(db, locale)) {
        const row = regions?.rows.find((r) => r[0] === `${region.city} · ${region.country}`);
        const percent = Number(/\+(\d+)/.exec(row?.[1] ?? '')?.[1] ?? 0);
        if (!region.id || region.id === 'los-angeles') continue;
        const here = await quote({
          regionId: region.id,
          planId: 'std-2c4g',
          trafficPackageId: 'traffic-1t',
          dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
        }).catch(() => undefined);
        if (!here) continue;
        const line = (q: typeof base, key: string) => q.lines.find((l) => l.key === key)?.amountMinor ?? 0;
        expect(line(here, 'plan'), `${locale} ${region.id}`).toBe(
          Math.round((line(base, 'plan') * (100 + percent)) / 100),
        );
        expect(line(here, 'traffic'), `${locale} ${region.id}`).toBe(
          Math.round((line(base, 'traffic') * (100 + percent)) / 100),
        );
        expect(line(here, 'disk.0'), `${locale} ${region.id}`).toBe(line(base, 'disk.0'));
      }
    }
  });

  it('vps-pricing: each term saves the percentage its table states, and longer terms cost less a month', async () => {
    for (const locale of LOCALES) {
      const usd = currencies.find((c) => c.type === 'USD') as CurrencyRate;
      const terms = (await tablesOf('vps-pricing', locale, usd)).get('terms');
      let perMonth = Number.POSITIVE_INFINITY;
      for (const [i, months] of [1, 3, 6, 12].entries()) {
        const q = await quote({ regionId: 'tokyo', planId: 'std-2c4g', months });
        const stated = Number(/(\d+)/.exec(terms?.rows[i]?.[1] ?? '')?.[1] ?? 0);
        expect(q.termPercentOff, `${locale} ${months}`).toBe(stated);
        expect(q.totalMinor / months).toBeLessThanOrEqual(perMonth);
        perMonth = q.totalMinor / months;
      }
    }
  });

  it('vps-pricing: Windows Server is charged per vCPU every month, at the price its table states, never discounted', async () => {
    for (const locale of LOCALES) {
      for (const currency of currencies) {
        const licences = (await tablesOf('vps-pricing', locale, currency)).get('licences');
        const row = licences?.rows.find((r) => r[0]?.startsWith('Windows Server 2022'));
        const q = await quote(
          { regionId: 'tokyo', planId: 'std-2c4g', imageId: 'windows-2022', months: 12 },
          currency.type,
        );
        const licence = q.lines.find((l) => l.key === 'licence');
        expect(row?.[1], `${locale} ${currency.type}`).toBe(
          await cell((licence?.unitMinor ?? 0) / 2, currency, locale),
        );
        expect(licence?.amountMinor).toBe((licence?.unitMinor ?? 0) * 12);
      }
    }
  });

  it('pricing and vps-pricing: hourly billing never costs more than the monthly price in a month', async () => {
    for (const currency of currencies) {
      for (const regionId of ['hong-kong', 'los-angeles', 'tokyo']) {
        const term = await quote({ regionId, planId: 'perf-2c4g' }, currency.type);
        const hourly = await quote({ regionId, planId: 'perf-2c4g', billing: 'hourly' }, currency.type);
        expect(hourly.hourly?.capMinor, `${regionId} ${currency.type}`).toBe(term.totalMinor);
        expect(hourly.totalMinor).toBe(term.totalMinor);
      }
    }
  });

  it('pricing: prices are set in US dollars and yen amounts are whole yen', async () => {
    const jpy = currencies.find((c) => c.type === 'JPY') as CurrencyRate;
    const q = await quote({ regionId: 'hong-kong', planId: 'std-1c1g', months: 12 }, 'JPY');
    for (const line of q.lines) expect(Number.isInteger(line.amountMinor)).toBe(true);
    expect(formatMoney(q.totalMinor, jpy, 'ja')).not.toMatch(/\./);
    expect(formatUsdCents(500, jpy, 'en')).toBe(`¥${Math.round(5 * jpy.rate)}`);
  });

  it('block storage and network pricing: disks per GB, bandwidth and traffic at the prices the tables state', async () => {
    for (const locale of LOCALES) {
      for (const currency of currencies) {
        const disks = (await tablesOf('block-storage-volume-pricing', locale, currency)).get('disk-products');
        const q = await quote(
          { regionId: 'hong-kong', planId: 'std-2c4g', dataDisks: [{ diskId: 'disk-nvme', sizeGb: 100 }] },
          currency.type,
        );
        const perGb = q.lines.find((l) => l.key === 'disk.0');
        expect(disks?.rows[0]?.at(-1), `${locale} ${currency.type}`).toBe(
          await cell((perGb?.amountMinor ?? 0) / 100, currency, locale),
        );
        const network = await tablesOf('network-pricing', locale, currency);
        const traffic = network.get('traffic');
        const la = await quote(
          { regionId: 'los-angeles', planId: 'std-2c4g', trafficPackageId: 'traffic-500g' },
          currency.type,
        );
        expect(traffic?.rows[0]?.[1], `${locale} ${currency.type}`).toBe(
          await cell(la.lines.find((l) => l.key === 'traffic')?.amountMinor ?? 0, currency, locale),
        );
      }
    }
  });
});

describe('what the network and storage articles say is charged is what the engine charges', async () => {
  const currencies = await listCurrencies(db);
  const bodyOf = (slug: string, locale: Locale) =>
    docArticles.find((a) => a.slug === slug)?.translations[locale].body ?? '';

  it('traffic past the allowance is slowed or covered by a package: no article promises a per-GB overage rate', async () => {
    // The engine has no such line: the only traffic charge is a package's price.
    const q = await quote({ regionId: 'los-angeles', planId: 'std-2c4g', trafficPackageId: 'traffic-500g' });
    expect(q.lines.map((l) => l.key.split('.')[0])).toEqual(['plan', 'traffic']);
    const overage =
      /overage rate|billed per GB, depending|超额单价|按 GB 对超出部分计费|超過単価|超過分を GB 単位で課金/;
    for (const slug of ['network-pricing', 'pricing']) {
      for (const locale of LOCALES) expect(bodyOf(slug, locale), `${slug} ${locale}`).not.toMatch(overage);
    }
  });

  it('a snapshot policy is a flat monthly price per server whatever the disks, as the block storage article says', async () => {
    for (const currency of currencies) {
      const small = await quote(
        { regionId: 'hong-kong', planId: 'std-1c1g', snapshotPolicyId: 'daily-7' },
        currency.type,
      );
      const big = await quote(
        {
          regionId: 'hong-kong',
          planId: 'std-1c1g',
          snapshotPolicyId: 'daily-7',
          dataDisks: [{ diskId: 'disk-nvme', sizeGb: 2000 }],
        },
        currency.type,
      );
      const line = (q: typeof small) => q.lines.find((l) => l.key === 'snapshot')?.amountMinor;
      expect(line(small), currency.type).toBeGreaterThan(0);
      expect(line(big), currency.type).toBe(line(small));
    }
    // Each language's table bills snapshots by the policy, not by stored GB.
    const rows = { en: '| Snapshot', zh: '| 快照', ja: '| スナップショット' } as const;
    for (const locale of LOCALES) {
      const row = bodyOf('block-storage-volume-pricing', locale)
        .split('\n')
        .find((l) => l.trim().startsWith(rows[locale]));
      expect(row, locale).toBeDefined();
      expect(row, locale).not.toMatch(/GB/);
    }
  });
});

describe('the taxes the pricing article states are what the engine charges (docs/decisions/066-tax.md)', () => {
  /** Each claim of the article's Taxes section in each language, and the billing it is checked with. */
  const CLAIMS: {
    text: Record<Locale, string>;
    billing: Record<string, string>;
    expect: 'none' | 'tax' | 'reverse';
  }[] = [
    {
      text: {
        en: 'Hong Kong and the United States pay no tax',
        zh: '香港和美国客户无需缴税',
        ja: '香港と米国のお客様には税金はかかりません',
      },
      billing: { billingCountry: 'HK' },
      expect: 'none',
    },
    {
      text: {
        en: 'Hong Kong and the United States pay no tax',
        zh: '香港和美国客户无需缴税',
        ja: '香港と米国のお客様には税金はかかりません',
      },
      billing: { billingCountry: 'US' },
      expect: 'none',
    },
    {
      text: {
        en: 'Japan are charged Japanese consumption tax',
        zh: '日本客户需加收日本消费税',
        ja: '日本のお客様には消費税を加算',
      },
      billing: { billingCountry: 'JP' },
      expect: 'tax',
    },
    {
      text: { en: 'Singapore are charged GST', zh: '新加坡客户需缴纳 GST', ja: 'シンガポールのお客様には GST を加算' },
      billing: { billingCountry: 'SG' },
      expect: 'tax',
    },
    {
      text: {
        en: 'EU consumers pay the VAT rate of their country',
        zh: '欧盟个人客户按所在国家的增值税税率计税',
        ja: 'EU の個人のお客様には居住国の VAT 税率を適用',
      },
      billing: { billingCountry: 'FR' },
      expect: 'tax',
    },
    {
      text: {
        en: 'invoiced under the reverse-charge rule',
        zh: '欧盟企业客户适用反向征收',
        ja: 'リバースチャージを適用',
      },
      billing: { billingCountry: 'DE', billingTaxId: 'DE136695976' },
      expect: 'reverse',
    },
  ];

  it.each(LOCALES)('pricing (%s): each claim is in the article and holds for the quote', async (locale) => {
    const body = docArticles.find((a) => a.slug === 'pricing')?.translations[locale].body ?? '';
    for (const claim of CLAIMS) {
      expect(body, claim.text[locale]).toContain(claim.text[locale]);
      const q = await quote({ regionId: 'tokyo', planId: 'std-2c4g', ...claim.billing }, 'JPY');
      if (claim.expect === 'none') expect(q.taxMinor, claim.billing.billingCountry).toBe(0);
      if (claim.expect === 'tax') expect(q.taxMinor, claim.billing.billingCountry).toBeGreaterThan(0);
      if (claim.expect === 'reverse') expect(q.taxLines).toMatchObject([{ taxMinor: 0, reverseCharge: true }]);
      // Once on the total: the tax is the rate of the order's total, never a sum of per-line taxes.
      for (const line of q.taxLines) expect(line.baseMinor).toBe(q.totalMinor);
    }
    // Prices exclude tax; on the Japanese site in yen every price is shown with it first (税込).
    expect(body).toContain({ en: '税込', zh: '税込', ja: '税込' }[locale]);
  });
});

describe('the Japanese display rule the articles state is what the pages do (docs/decisions/066-tax.md)', () => {
  /** What the VPS pricing article says of its table's prices, in each language. */
  const STATED: Record<Locale, string> = {
    en: 'on the Japanese site in yen, where the table shows each price with consumption tax first (税込) and without it beneath',
    zh: '日文站点以日元显示时，表中每个价格先显示含消费税的金额（税込），其下为不含税金额',
    ja: '日本円の表では、各料金を消費税込みの金額（税込）で先に、その下に税抜の金額を表示します。それ以外の通貨の料金は税抜です',
  };

  it.each(
    LOCALES,
  )('vps-pricing (%s): the table is tax-inclusive first only on the Japanese pages in yen', async (locale) => {
    const body = docArticles.find((a) => a.slug === 'vps-pricing')?.translations[locale].body ?? '';
    expect(body).toContain(STATED[locale]);
    for (const currency of await listCurrencies(db)) {
      const tables = await tablesOf('vps-pricing', locale, currency);
      const prices = [...tables.values()].flatMap((t) => t.rows.flatMap((r) => r.slice(1)));
      const shown = prices.filter((p) => /\d/.test(p) && /[$¥￥]/.test(p));
      expect(shown.length, `${locale} ${currency.type}`).toBeGreaterThan(0);
      for (const price of shown) {
        if (locale === 'ja' && currency.type === 'JPY') expect(price).toMatch(/^￥[\d,]+（税込）\n税抜 ￥[\d,]+$/);
        else expect(price, `${locale} ${currency.type}`).not.toMatch(/税/);
      }
    }
  });

  it('an amount a sentence states is shown as the tables show it', async () => {
    const { fillInlineFacts } = await import('../../src/server/docs/inline-facts');
    const currencies = await listCurrencies(db);
    const jpy = currencies.find((c) => c.type === 'JPY') as CurrencyRate;
    expect(fillInlineFacts('from {{money:500}}', jpy, 'ja', await taxOf('ja', jpy))).toBe(
      `from ${consumerPrice(convertUsdCents(500, jpy), jpy, 'ja', { ratePercent: '10' })}`,
    );
    expect(fillInlineFacts('from {{money:500}}', jpy, 'en', await taxOf('en', jpy))).toBe(
      `from ${formatUsdCents(500, jpy, 'en')}`,
    );
  });
});
