import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceReport } from '../../src/lib/admin/finance-schemas';
import { type CreditNoteContent, creditNotes, type InvoiceContent, invoices } from '../../src/server/db/schema';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { signedInStaff } from '../support/staff';

/**
 * The finance report (docs/product/back-office-finance.md) on a database of its own: random invoices and credit
 * notes across months, currencies, countries and rates, written as issued documents are, and the report's every
 * figure equal to the sums of those rows, per UTC month and currency, never across currencies.
 */
let own: OwnDatabase;
let manager: Record<string, string>;

beforeAll(async () => {
  own = await ownDatabase('finance');
  manager = (await signedInStaff(own.app, own.db, 'manager')).headers;
  ({ docs, issued } = await issueDocuments());
});
afterAll(async () => {
  await own?.drop();
});

/** A small seeded generator, so a failure is the same on the next run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Taxed = { country: string; ratePercent: string | null; reverseCharge: boolean };
/** Billing countries as orders have them: a rate, a reverse charge for a business, or no tax rule at all. */
const COUNTRIES: Taxed[] = [
  { country: 'JP', ratePercent: '10.00', reverseCharge: false },
  { country: 'DE', ratePercent: '19.00', reverseCharge: false },
  { country: 'DE', ratePercent: '19.00', reverseCharge: true },
  { country: 'AT', ratePercent: '20.00', reverseCharge: true },
  { country: 'HK', ratePercent: null, reverseCharge: false },
  { country: 'US', ratePercent: null, reverseCharge: false },
];
const CURRENCIES = ['USD', 'HKD', 'JPY'] as const;
const KINDS = ['plan', 'disk', 'licence', 'traffic', 'snapshot', 'bandwidth'];

type Doc = {
  kind: 'invoice' | 'credit';
  month: string;
  currency: string;
  country: string;
  ratePercent: string | null;
  reverseCharge: boolean;
  excl: number;
  tax: number;
  /** The product line of each amount, `coupon` for the discount, `whole` for a credit note of an amount. */
  lines: { kind: string; amount: number }[];
};

const taxOn = (base: number, rate: string | null, reverseCharge: boolean) =>
  rate === null || reverseCharge ? 0 : Math.round((base * Number(rate)) / 100);

const seller: InvoiceContent['seller'] = { name: 'Cirrus', address: 'Hong Kong', registrations: [] };
let sequence = 0;

async function invoice(
  at: Date,
  currency: string,
  where: Taxed,
  lines: { kind: string; amount: number }[],
  coupon = 0,
) {
  sequence += 1;
  const excl = lines.reduce((s, l) => s + l.amount, 0) - coupon;
  const tax = taxOn(excl, where.ratePercent, where.reverseCharge);
  const content: InvoiceContent = {
    seller,
    buyer: { name: 'buyer', email: 'buyer@example.com', company: null, taxId: null, country: where.country },
    lines: lines.map((l) => ({ description: l.kind, quantity: 1, months: 1, amountMinor: l.amount, kind: l.kind })),
    discountMinor: coupon,
    taxLines:
      where.ratePercent === null
        ? []
        : [
            {
              ruleId: null,
              country: where.country,
              name: { en: 'Tax' },
              ratePercent: where.ratePercent,
              baseMinor: excl,
              taxMinor: tax,
              reverseCharge: where.reverseCharge,
            },
          ],
  };
  const [row] = await own.db
    .insert(invoices)
    .values({
      number: `FIN-${sequence}`,
      series: 'FIN',
      sequence,
      orderId: null,
      orderNumber: `ORDER-${sequence}`,
      userId: 1,
      locale: 'en',
      country: where.country,
      currency,
      rate: '1',
      totalExclTaxMinor: excl,
      taxMinor: tax,
      totalInclTaxMinor: excl + tax,
      reverseCharge: where.reverseCharge,
      issuedAt: at,
      supplyDate: at.toISOString().slice(0, 10),
      content,
    })
    .returning();
  if (!row) throw new Error('invoice not written');
  const doc: Doc = {
    kind: 'invoice',
    month: at.toISOString().slice(0, 7),
    currency,
    ...where,
    excl,
    tax,
    lines: coupon ? [...lines, { kind: 'coupon', amount: -coupon }] : lines,
  };
  return { row, doc };
}

/**
 * A credit note as the refunds write one: every amount negative, the tax per rate of the invoice's lines, and
 * either the refunded lines by kind or one line for an amount.
 */
async function creditNote(
  of: Awaited<ReturnType<typeof invoice>>,
  at: Date,
  refunded: { kind: string | null; amount: number }[],
) {
  sequence += 1;
  const { row, doc } = of;
  const excl = -refunded.reduce((s, l) => s + l.amount, 0);
  const tax = -taxOn(-excl, doc.ratePercent, doc.reverseCharge);
  const content: CreditNoteContent = {
    ...row.content,
    lines: refunded.map((l) => ({
      description: l.kind ?? 'refund',
      quantity: 1,
      months: 0,
      amountMinor: -l.amount,
      ...(l.kind ? { kind: l.kind } : {}),
    })),
    discountMinor: 0,
    taxLines: row.content.taxLines.map((line) => ({ ...line, baseMinor: excl, taxMinor: tax })),
    reason: 'money back',
    invoiceNumber: row.number,
    invoiceIssuedAt: row.issuedAt.toISOString(),
  };
  await own.db.insert(creditNotes).values({
    number: `FCN-${sequence}`,
    series: 'FCN',
    sequence,
    invoiceId: row.id,
    orderId: null,
    orderNumber: row.orderNumber,
    userId: 1,
    locale: 'en',
    country: row.country,
    currency: row.currency,
    rate: '1',
    totalExclTaxMinor: excl,
    taxMinor: tax,
    totalInclTaxMinor: excl + tax,
    reverseCharge: row.reverseCharge,
    issuedAt: at,
    supplyDate: row.supplyDate,
    content,
  });
  const credit: Doc = {
    ...doc,
    kind: 'credit',
    month: at.toISOString().slice(0, 7),
    excl,
    tax,
    lines: refunded.map((l) => ({ kind: l.kind ?? 'whole', amount: -l.amount })),
  };
  return credit;
}

/**
 * 90 invoices in January to April 2031 in three currencies and six billing cases, a third of them with a credit
 * note in the same month or a later one; the first three on the month's boundary.
 */
async function issueDocuments(): Promise<{ docs: Doc[]; issued: Awaited<ReturnType<typeof invoice>>[] }> {
  const next = random(56);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const docs: Doc[] = [];
  // Month boundaries in UTC: the last millisecond of January, the first of February, and 08:00 in Tokyo on
  // 1 February, which is still 31 January in UTC.
  const boundaries = [
    new Date('2031-01-31T23:59:59.999Z'),
    new Date('2031-02-01T00:00:00.000Z'),
    new Date('2031-02-01T08:00:00+09:00'),
  ];
  const issued: Awaited<ReturnType<typeof invoice>>[] = [];
  for (let i = 0; i < 90; i++) {
    const at =
      boundaries[i] ?? new Date(Date.UTC(2031, Math.floor(next() * 4), 1 + Math.floor(next() * 28), next() * 24));
    const currency = pick(CURRENCIES);
    const unit = currency === 'JPY' ? 150 : 1;
    const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
      kind: pick(KINDS),
      amount: Math.round((200 + next() * 20_000) * unit),
    }));
    if (next() < 0.3) lines.push({ kind: 'term', amount: -Math.round(100 * unit) });
    const coupon = next() < 0.25 ? Math.round(50 * unit) : 0;
    const made = await invoice(at, currency, pick(COUNTRIES), lines, coupon);
    issued.push(made);
    docs.push(made.doc);
  }
  for (const of of issued.filter(() => next() < 0.4)) {
    // A refund in the same month or a later one; a line's part, or an amount.
    const at = new Date(Math.min(of.row.issuedAt.getTime() + next() * 40 * 86_400_000, Date.UTC(2031, 3, 30)));
    const line = of.doc.lines[0];
    const refunded =
      next() < 0.5 && line && line.amount > 1
        ? [{ kind: line.kind, amount: Math.floor(line.amount / 2) }]
        : [{ kind: null, amount: Math.max(1, Math.floor(of.doc.excl / 3)) }];
    docs.push(await creditNote(of, at, refunded));
  }

  return { docs, issued };
}

let docs: Doc[] = [];
let issued: Awaited<ReturnType<typeof invoice>>[] = [];

async function report(query: string) {
  const res = await call(own.app, 'GET', `/api/admin/finance?${query}`, { headers: manager });
  expect(res.status, res.text).toBe(200);
  return res.json.message as FinanceReport;
}

const add = (map: Map<string, number[]>, key: string, values: number[]) => {
  const sums = map.get(key) ?? values.map(() => 0);
  map.set(
    key,
    sums.map((s, i) => s + (values[i] ?? 0)),
  );
};

describe('the finance report', () => {
  it('equals the sums of the invoices and credit notes, per UTC month, currency, country and rate, and product line', async () => {
    const months = new Map<string, number[]>();
    const tax = new Map<string, number[]>();
    const lines = new Map<string, number[]>();
    for (const d of docs) {
      const credit = d.kind === 'credit';
      const [excl, t] = [d.excl, d.tax];
      add(months, `${d.month}|${d.currency}`, credit ? [0, 0, 0, 1, excl, t] : [1, excl, t, 0, 0, 0]);
      add(
        tax,
        `${d.month}|${d.currency}|${d.country}|${d.ratePercent}|${d.reverseCharge}`,
        credit ? [0, 0, excl, t] : [excl, t, 0, 0],
      );
      for (const l of d.lines) add(lines, `${d.month}|${d.currency}|${l.kind}`, credit ? [0, l.amount] : [l.amount, 0]);
    }

    const answer = await report('from=2031-01&to=2031-04');
    expect(
      Object.fromEntries(
        answer.months.map((m) => [
          `${m.month}|${m.currency}`,
          [m.invoices, m.salesExclTaxMinor, m.salesTaxMinor, m.creditNotes, m.refundsExclTaxMinor, m.refundsTaxMinor],
        ]),
      ),
    ).toEqual(Object.fromEntries(months));
    for (const m of answer.months) {
      expect(m.salesInclTaxMinor).toBe(m.salesExclTaxMinor + m.salesTaxMinor);
      expect(m.refundsInclTaxMinor).toBe(m.refundsExclTaxMinor + m.refundsTaxMinor);
      expect([m.netExclTaxMinor, m.netTaxMinor, m.netInclTaxMinor]).toEqual([
        m.salesExclTaxMinor + m.refundsExclTaxMinor,
        m.salesTaxMinor + m.refundsTaxMinor,
        m.salesInclTaxMinor + m.refundsInclTaxMinor,
      ]);
    }
    expect(
      Object.fromEntries(
        answer.tax.map((t) => [
          `${t.month}|${t.currency}|${t.country}|${t.ratePercent}|${t.reverseCharge}`,
          [t.salesBaseMinor, t.salesTaxMinor, t.refundsBaseMinor, t.refundsTaxMinor],
        ]),
      ),
    ).toEqual(Object.fromEntries(tax));
    expect(
      Object.fromEntries(
        answer.productLines.map((l) => [`${l.month}|${l.currency}|${l.kind}`, [l.salesMinor, l.refundsMinor]]),
      ),
    ).toEqual(Object.fromEntries(lines));

    // Each section adds up to the months' totals, currency by currency.
    for (const m of answer.months) {
      const same = (r: { month: string; currency: string }) => r.month === m.month && r.currency === m.currency;
      const taxRows = answer.tax.filter(same);
      expect(taxRows.reduce((s, t) => s + t.netBaseMinor, 0)).toBe(m.netExclTaxMinor);
      expect(taxRows.reduce((s, t) => s + t.netTaxMinor, 0)).toBe(m.netTaxMinor);
      expect(answer.productLines.filter(same).reduce((s, l) => s + l.netMinor, 0)).toBe(m.netExclTaxMinor);
    }

    // Reverse charge: the base is reported, with no tax.
    const reverse = answer.tax.filter((t) => t.reverseCharge);
    expect(reverse.length).toBeGreaterThan(0);
    expect(reverse.every((t) => t.salesTaxMinor === 0 && t.refundsTaxMinor === 0 && t.ratePercent !== null)).toBe(true);
    expect(answer.tax.some((t) => t.ratePercent === null && t.netTaxMinor === 0)).toBe(true);

    // The month boundaries: the two instants of 31 January are January's, 1 February 00:00 UTC is February's.
    const january = await report('from=2031-01&to=2031-01');
    const february = await report('from=2031-02&to=2031-02');
    expect(new Set(january.months.map((m) => m.month))).toEqual(new Set(['2031-01']));
    expect(new Set(february.months.map((m) => m.month))).toEqual(new Set(['2031-02']));
    const firstOfFebruary = issued[1]?.doc;
    expect(february.months.find((m) => m.currency === firstOfFebruary?.currency)?.salesExclTaxMinor).toBe(
      months.get(`2031-02|${firstOfFebruary?.currency}`)?.[1],
    );

    // One currency asked for: its rows only, the same numbers.
    const jpy = await report('from=2031-01&to=2031-04&currency=JPY');
    expect(jpy.months).toEqual(answer.months.filter((m) => m.currency === 'JPY'));
    expect(jpy.tax.every((t) => t.currency === 'JPY')).toBe(true);
  });

  it('exports the same numbers as CSV, in each currency’s major unit', async () => {
    const answer = await report('from=2031-01&to=2031-04');
    const res = await own.app.request('/api/admin/finance/export?from=2031-01&to=2031-04', { headers: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('finance-2031-01-2031-04');
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(rows[0]?.slice(0, 3)).toEqual(['section', 'month', 'currency']);
    const monthRows = rows.filter((r) => r[0] === 'month');
    expect(monthRows).toHaveLength(answer.months.length);
    // Amounts are numbers in the major unit (a refund's minus sign is no formula), yen without decimals.
    const major = (minor: number, currency: string) =>
      String(currency === 'JPY' ? minor : Number((minor / 100).toFixed(2)));
    for (const m of answer.months) {
      const row = monthRows.find((r) => r[1] === m.month && r[2] === m.currency);
      expect(row?.slice(7)).toEqual([
        String(m.invoices),
        String(m.creditNotes),
        major(m.salesExclTaxMinor, m.currency),
        major(m.salesTaxMinor, m.currency),
        major(m.refundsExclTaxMinor, m.currency),
        major(m.refundsTaxMinor, m.currency),
        major(m.netExclTaxMinor, m.currency),
        major(m.netTaxMinor, m.currency),
        major(m.netInclTaxMinor, m.currency),
      ]);
    }
    expect(rows.filter((r) => r[0] === 'tax')).toHaveLength(answer.tax.length);
    expect(rows.filter((r) => r[0] === 'product_line')).toHaveLength(answer.productLines.length);
    expect(rows.some((r) => r[0] === 'tax' && r[4] === 'none')).toBe(true);
  });

  it("names the product line of an invoice without kinds from its order's lines, and of a credit note from its refund's", async () => {
    const { sql } = await import('drizzle-orm');
    const at = new Date('2031-06-10T12:00:00Z');
    const rows = async <T>(query: ReturnType<typeof sql>) => (await own.db.execute(query)).rows as T[];
    const [user] = await rows<{ id: number }>(
      sql`insert into users (email, username, password_hash, status, locale)
          values ('finance-lines@example.com', 'financelines', 'x', 'active', 'en') returning id`,
    );
    const lines = [
      { key: 'plan', itemId: 'std-1c1g', quantity: 1, months: 1, unitMinor: 4_000, amountMinor: 4_000 },
      { key: 'licence', itemId: 'windows', quantity: 1, months: 1, unitMinor: 1_000, amountMinor: 1_000 },
    ];
    const [order] = await rows<{ id: number }>(
      sql`insert into orders (number, user_id, idempotency_key, kind, status, pay_by, paid_at, currency, rate,
                              subtotal_minor, discount_minor, total_minor, config, lines)
          values ('FIN-LINES-1', ${user?.id}, 'fin-lines-1', 'vps', 'active', ${at}, ${at}, 'USD', 1,
                  5000, 0, 5000, '{}', ${JSON.stringify(lines)}::jsonb) returning id`,
    );
    // Issued before invoices kept each line's kind: the descriptions only, in the order's order.
    const content: InvoiceContent = {
      seller,
      buyer: { name: 'b', email: 'b@example.com', company: null, taxId: null, country: 'HK' },
      lines: [
        { description: 'Cloud server plan', quantity: 1, months: 1, amountMinor: 4_000 },
        { description: 'Operating system licence', quantity: 1, months: 1, amountMinor: 1_000 },
      ],
      discountMinor: 0,
      taxLines: [],
    };
    const [inv] = await own.db
      .insert(invoices)
      .values({
        number: 'FIN-LINES-1',
        series: 'FIN-LINES',
        sequence: 1,
        orderId: order?.id ?? null,
        orderNumber: 'FIN-LINES-1',
        userId: user?.id ?? 0,
        locale: 'en',
        country: 'HK',
        currency: 'USD',
        rate: '1',
        totalExclTaxMinor: 5_000,
        taxMinor: 0,
        totalInclTaxMinor: 5_000,
        reverseCharge: false,
        issuedAt: at,
        supplyDate: '2031-06-10',
        content,
      })
      .returning();
    // A refund of the licence line; its credit note's line has no kind either.
    const [refund] = await rows<{ id: number }>(
      sql`insert into refunds (order_id, order_number, status, basis, lines, currency, amount_minor,
                               amount_excl_tax_minor, tax_minor, reason, resume_status)
          values (${order?.id}, 'FIN-LINES-1', 'succeeded', 'lines',
                  ${JSON.stringify([{ key: 'licence', amountMinor: 1_000 }])}::jsonb, 'USD', 1000, 1000, 0, 'r', 'active')
          returning id`,
    );
    await own.db.insert(creditNotes).values({
      number: 'FIN-LINES-CN-1',
      series: 'FIN-LINES-CN',
      sequence: 1,
      refundId: refund?.id ?? null,
      invoiceId: inv?.id ?? 0,
      orderId: order?.id ?? null,
      orderNumber: 'FIN-LINES-1',
      userId: user?.id ?? 0,
      locale: 'en',
      country: 'HK',
      currency: 'USD',
      rate: '1',
      totalExclTaxMinor: -1_000,
      taxMinor: 0,
      totalInclTaxMinor: -1_000,
      reverseCharge: false,
      issuedAt: at,
      supplyDate: '2031-06-10',
      content: {
        ...content,
        lines: [{ description: 'Operating system licence', quantity: 1, months: 1, amountMinor: -1_000 }],
        reason: 'r',
        invoiceNumber: 'FIN-LINES-1',
        invoiceIssuedAt: at.toISOString(),
      },
    });
    const answer = await report('from=2031-06&to=2031-06');
    expect(answer.productLines.map((l) => [l.kind, l.salesMinor, l.refundsMinor, l.netMinor])).toEqual([
      ['licence', 1_000, -1_000, 0],
      ['plan', 4_000, 0, 4_000],
    ]);
    expect(answer.tax).toEqual([
      expect.objectContaining({ country: 'HK', ratePercent: null, salesBaseMinor: 5_000, refundsBaseMinor: -1_000 }),
    ]);
  });

  it('refuses a range that ends before it starts, a month that does not exist, and support staff', async () => {
    const reversed = await call(own.app, 'GET', '/api/admin/finance?from=2031-04&to=2031-01', { headers: manager });
    expect([reversed.status, reversed.json.fields?.to]).toEqual([422, 'api.admin.financeRangeReversed']);
    const tooLong = await call(own.app, 'GET', '/api/admin/finance?from=2001-01&to=2031-01', { headers: manager });
    expect([tooLong.status, tooLong.json.fields?.from]).toEqual([422, 'api.admin.financeRangeTooLong']);
    const month13 = await call(own.app, 'GET', '/api/admin/finance?from=2031-13&to=2031-13', { headers: manager });
    expect(month13.status).toBe(422);
    const support = (await signedInStaff(own.app, own.db, 'support')).headers;
    const refused = await call(own.app, 'GET', '/api/admin/finance?from=2031-01&to=2031-04', { headers: support });
    expect(refused.status).toBe(403);
  });
});
