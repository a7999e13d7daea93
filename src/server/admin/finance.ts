import 'server-only';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type {
  FinanceMonth,
  FinanceProductLine,
  FinanceQuery,
  FinanceReport,
  FinanceTaxLine,
} from '@/lib/admin/finance-schemas';
import type { Reader } from '../db/client';
import { financeRollup } from '../db/schema';
import { type CsvValue, currencyDigits, majorAmount } from './csv';

/**
 * The finance report (docs/product/back-office-finance.md, docs/decisions/078-finance-report.md): per UTC month and
 * currency, invoices and credit notes as the rollup the insert triggers keep sums them. A currency is never added
 * to another; a month with no document has no row.
 */

type RollupRow = typeof financeRollup.$inferSelect;

const monthText = (month: string) => month.slice(0, 7);

async function rollupRows(db: Reader, query: FinanceQuery): Promise<RollupRow[]> {
  const where: (SQL | undefined)[] = [
    gte(financeRollup.month, `${query.from}-01`),
    lte(financeRollup.month, `${query.to}-01`),
    query.currency === 'all' ? undefined : eq(financeRollup.currency, query.currency),
  ];
  return db
    .select()
    .from(financeRollup)
    .where(and(...where))
    .orderBy(
      asc(financeRollup.month),
      asc(financeRollup.currency),
      asc(financeRollup.country),
      asc(financeRollup.ratePercent),
      asc(financeRollup.reverseCharge),
      asc(financeRollup.kind),
    );
}

/** Rows of one shape keyed by what they are about, in the order they are first met. */
function keyed<T>(make: () => T) {
  const map = new Map<string, T>();
  return {
    at(key: string): T {
      let row = map.get(key);
      if (!row) {
        row = make();
        map.set(key, row);
      }
      return row;
    },
    values: () => [...map.values()],
  };
}

export async function financeReport(db: Reader, query: FinanceQuery): Promise<FinanceReport> {
  const rows = await rollupRows(db, query);
  const months = keyed<FinanceMonth>(() => ({
    month: '',
    currency: '',
    invoices: 0,
    salesExclTaxMinor: 0,
    salesTaxMinor: 0,
    salesInclTaxMinor: 0,
    creditNotes: 0,
    refundsExclTaxMinor: 0,
    refundsTaxMinor: 0,
    refundsInclTaxMinor: 0,
    netExclTaxMinor: 0,
    netTaxMinor: 0,
    netInclTaxMinor: 0,
  }));
  const tax = keyed<FinanceTaxLine>(() => ({
    month: '',
    currency: '',
    country: '',
    ratePercent: null,
    reverseCharge: false,
    salesBaseMinor: 0,
    salesTaxMinor: 0,
    refundsBaseMinor: 0,
    refundsTaxMinor: 0,
    netBaseMinor: 0,
    netTaxMinor: 0,
  }));
  const lines = keyed<FinanceProductLine>(() => ({
    month: '',
    currency: '',
    kind: '',
    salesMinor: 0,
    refundsMinor: 0,
    netMinor: 0,
  }));
  for (const r of rows) {
    const month = monthText(r.month);
    const credit = r.source === 'credit_note';
    if (r.section === 'total') {
      const m = months.at(`${month}|${r.currency}`);
      Object.assign(m, { month, currency: r.currency });
      if (credit) {
        m.creditNotes += r.documents;
        m.refundsExclTaxMinor += r.exclTaxMinor;
        m.refundsTaxMinor += r.taxMinor;
        m.refundsInclTaxMinor += r.inclTaxMinor;
      } else {
        m.invoices += r.documents;
        m.salesExclTaxMinor += r.exclTaxMinor;
        m.salesTaxMinor += r.taxMinor;
        m.salesInclTaxMinor += r.inclTaxMinor;
      }
      m.netExclTaxMinor += r.exclTaxMinor;
      m.netTaxMinor += r.taxMinor;
      m.netInclTaxMinor += r.inclTaxMinor;
    } else if (r.section === 'tax') {
      const t = tax.at(`${month}|${r.currency}|${r.country}|${r.ratePercent}|${r.reverseCharge}`);
      Object.assign(t, {
        month,
        currency: r.currency,
        country: r.country,
        ratePercent: r.ratePercent === '' ? null : r.ratePercent,
        reverseCharge: r.reverseCharge,
      });
      if (credit) {
        t.refundsBaseMinor += r.exclTaxMinor;
        t.refundsTaxMinor += r.taxMinor;
      } else {
        t.salesBaseMinor += r.exclTaxMinor;
        t.salesTaxMinor += r.taxMinor;
      }
      t.netBaseMinor += r.exclTaxMinor;
      t.netTaxMinor += r.taxMinor;
    } else {
      const l = lines.at(`${month}|${r.currency}|${r.kind}`);
      Object.assign(l, { month, currency: r.currency, kind: r.kind });
      if (credit) l.refundsMinor += r.exclTaxMinor;
      else l.salesMinor += r.exclTaxMinor;
      l.netMinor += r.exclTaxMinor;
    }
  }
  return {
    from: query.from,
    to: query.to,
    currency: query.currency,
    months: months.values(),
    tax: tax.values(),
    productLines: lines.values(),
  };
}

/**
 * The export's columns: one row per figure of the report, the section it belongs to first, amounts in the
 * currency's major unit, refunds negative as the credit notes carry them.
 */
export const FINANCE_CSV_HEADER = [
  'section',
  'month',
  'currency',
  'country',
  'tax_rate_percent',
  'reverse_charge',
  'product_line',
  'invoices',
  'credit_notes',
  'sales_excl_tax',
  'sales_tax',
  'refunds_excl_tax',
  'refunds_tax',
  'net_excl_tax',
  'net_tax',
  'net_incl_tax',
] as const;

/** The report as the export's rows: the months, then the tax lines, then the product lines. */
export async function financeCsvRows(db: Reader, report: FinanceReport): Promise<CsvValue[][]> {
  const digits = await currencyDigits(db);
  // Numbers, not text: a refund is negative, and the writer guards a text cell that starts with a minus as a formula.
  // The decimal text read back as a number prints as the same decimal (less trailing zeros).
  const amount = (currency: string) => (minor: number) => Number(majorAmount(minor, digits.get(currency) ?? 2));
  return [
    ...report.months.map((m) => {
      const a = amount(m.currency);
      return [
        'month',
        m.month,
        m.currency,
        '',
        '',
        '',
        '',
        m.invoices,
        m.creditNotes,
        a(m.salesExclTaxMinor),
        a(m.salesTaxMinor),
        a(m.refundsExclTaxMinor),
        a(m.refundsTaxMinor),
        a(m.netExclTaxMinor),
        a(m.netTaxMinor),
        a(m.netInclTaxMinor),
      ];
    }),
    ...report.tax.map((t) => {
      const a = amount(t.currency);
      return [
        'tax',
        t.month,
        t.currency,
        t.country,
        t.ratePercent ?? 'none',
        t.reverseCharge ? 'yes' : 'no',
        '',
        '',
        '',
        a(t.salesBaseMinor),
        a(t.salesTaxMinor),
        a(t.refundsBaseMinor),
        a(t.refundsTaxMinor),
        a(t.netBaseMinor),
        a(t.netTaxMinor),
        a(t.netBaseMinor + t.netTaxMinor),
      ];
    }),
    ...report.productLines.map((l) => {
      const a = amount(l.currency);
      return [
        'product_line',
        l.month,
        l.currency,
        '',
        '',
        '',
        l.kind,
        '',
        '',
        a(l.salesMinor),
        '',
        a(l.refundsMinor),
        '',
        a(l.netMinor),
        '',
        '',
      ];
    }),
  ];
}
