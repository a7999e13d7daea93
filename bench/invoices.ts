/**
 * Invoice PDFs (docs/decisions/067-invoices.md): the kept renderer (pdfkit, Noto Sans JP or SC embedded as a subset)
 * on an invoice of each language, rendered one after another in one process, as the download route renders them:
 * p50 and p99 of the render, and the size. The targets: p99 under 300 ms, under 200 KB. `npm run bench` with
 * BENCH_ONLY=invoices writes the section of BENCHMARKS.md; alone it prints the table.
 */
import type { InvoiceContent, invoices } from '../src/server/db/schema';
import { renderInvoicePdf } from '../src/server/invoices/pdf';

type InvoiceRow = typeof invoices.$inferSelect;
const RENDERS = Number(process.env.INVOICE_RENDERS ?? 300);

const seller: InvoiceContent['seller'] = {
  name: 'Cirrus Cloud Limited',
  address: 'Unit 1203, 12/F, 88 Queensway|Admiralty, Hong Kong',
  registrations: [
    { label: '登録番号', value: 'T1234567890123' },
    { label: 'VAT', value: 'EU372000041' },
  ],
};

function invoice(locale: 'en' | 'zh' | 'ja', country: string, currency: string, rate: string): InvoiceRow {
  const lines = [
    {
      description: 'クラウドサーバー プラン: 性能型 4 vCPU 8 GB · 東京',
      quantity: 3,
      months: 12,
      amountMinor: 480_000,
    },
    { description: 'データディスク', quantity: 3, months: 12, amountMinor: 55_440 },
    { description: '帯域幅アップグレード', quantity: 3, months: 12, amountMinor: 20_000 },
    { description: '契約期間割引 (15%)', quantity: 1, months: 12, amountMinor: -83_316 },
  ];
  const total = lines.reduce((s, l) => s + l.amountMinor, 0);
  const tax = Math.round(total / 10);
  return {
    id: 1,
    number: 'CC-2026-000123',
    series: 'CC-2026',
    sequence: 123,
    orderId: 1,
    orderNumber: 'CC20261202ABCDEF12',
    userId: 1,
    locale,
    country,
    currency,
    rate,
    totalExclTaxMinor: total,
    taxMinor: tax,
    totalInclTaxMinor: total + tax,
    reverseCharge: false,
    issuedAt: new Date('2026-12-02T03:00:00Z'),
    supplyDate: '2026-12-02',
    content: {
      seller,
      buyer: { name: 'yamada', email: 'yamada@example.jp', company: '株式会社サンプル', taxId: null, country },
      lines,
      discountMinor: 0,
      taxLines: [
        {
          ruleId: 1,
          country,
          name: { en: 'Consumption tax', zh: '消费税', ja: '消費税' },
          ratePercent: '10.00',
          baseMinor: total,
          taxMinor: tax,
          reverseCharge: false,
        },
      ],
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const rows: string[] = [];
  for (const [locale, country, currency, rate] of [
    ['ja', 'JP', 'JPY', '154.2'],
    ['zh', 'HK', 'HKD', '7.78'],
    ['en', 'DE', 'USD', '1'],
  ] as const) {
    const row = invoice(locale, country, currency, rate);
    // The first render reads the font file (once per process); it is timed on its own.
    const cold = performance.now();
    const first = await renderInvoicePdf(row);
    const coldMs = performance.now() - cold;
    const times: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      await renderInvoicePdf(row);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${locale} (${currency}) | ${coldMs.toFixed(0)} ms | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${(first.length / 1024).toFixed(1)} KB |`,
    );
  }
  console.log(
    [
      `${RENDERS} renders per language, one after another, in one process.`,
      '',
      '| invoice | first render (font read) | p50 | p99 | size |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
