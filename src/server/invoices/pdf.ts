import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { ratePercentLabel } from '@/lib/billing/tax';
import { countryName } from '@/lib/countries';
import { HTML_LANG, type Locale, parseLocale } from '@/lib/locales';
import { formatMoney, orderCurrency } from '@/lib/money';
import type { CreditNoteContent, creditNotes, invoices } from '../db/schema';
import { INVOICE_TEXTS } from './texts';

type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The fonts invoices are set in, from their npm packages (docs/decisions/067-invoices.md): Noto Sans JP for Japanese
 * and English, Noto Sans SC for Chinese, both TrueType, read once per process. pdfkit embeds only the glyphs a
 * document uses (a subset), so a Japanese invoice carries a few kilobytes of its font, not five megabytes.
 */
const FONT_FILES = {
  jp: ['@expo-google-fonts/noto-sans-jp', '400Regular/NotoSansJP_400Regular.ttf'],
  sc: ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
} as const;
const fonts = new Map<keyof typeof FONT_FILES, Buffer>();
/**
 * A package's file, found from the project's root at run time: resolved from a literal, the bundler would try to
 * bundle the font as a module.
 */
function packageFile(pkg: string, file: string): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve(`${pkg}/${file}`);
}
function font(name: keyof typeof FONT_FILES): Buffer {
  let data = fonts.get(name);
  if (!data) {
    const [pkg, file] = FONT_FILES[name];
    data = readFileSync(packageFile(pkg, file));
    fonts.set(name, data);
  }
  return data;
}

const PAGE = { width: 595.28, margin: 50 };
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';

/** A day as the invoice's language writes it (UTC: an invoice's dates are the days its series counts in). */
function day(value: Date | string, locale: Locale): string {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Whether an invoice is a Japanese qualified invoice: to a buyer in Japan, from a seller with an issuer number. */
export function isQualifiedInvoice(invoice: Pick<InvoiceRow, 'country' | 'content'>): boolean {
  return invoice.country === 'JP' && invoice.content.seller.registrations.some((r) => /^T\d{13}$/.test(r.value));
}

/**
 * The PDF of an issued invoice, in its language, rendered from its kept content only (docs/decisions/067-invoices.md):
 * the same row gives the same document. A4, one page for any order the storefront makes.
 */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  return renderDocument(invoice, null);
}

/**
 * The PDF of a credit note (docs/decisions/068-refunds-and-credit-notes.md): the invoice's layout with negative
 * amounts, titled as a credit note (適格返還請求書 for a Japanese buyer of a seller with an issuer number), naming the
 * invoice it corrects, its date and the reason.
 */
export function renderCreditNotePdf(note: CreditNoteRow): Promise<Buffer> {
  return renderDocument(note, note.content);
}

/** An invoice, or with `credit` a credit note, as a PDF. */
function renderDocument(invoice: InvoiceRow | CreditNoteRow, credit: CreditNoteContent | null): Promise<Buffer> {
  const locale = parseLocale(invoice.locale) ?? 'en';
  const words = INVOICE_TEXTS[locale];
  const { seller, buyer, lines, taxLines, discountMinor } = invoice.content;
  const currency = orderCurrency(invoice.currency, invoice.rate);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const qualified = isQualifiedInvoice(invoice);
  const title = credit
    ? qualified
      ? words.credit.qualifiedTitle
      : words.credit.title
    : qualified
      ? words.qualifiedTitle
      : words.title;

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${title} ${invoice.number}`, Author: seller.name, CreationDate: invoice.issuedAt },
    lang: HTML_LANG[locale],
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font(locale === 'zh' ? 'sc' : 'jp'));
  doc.font('body').fillColor(INK);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  // Heading: the title, and the invoice's number and dates on the right.
  doc.fontSize(20).text(title, left, PAGE.margin);
  const facts: [string, string][] = [
    [credit ? words.credit.number : words.number, invoice.number],
    [words.issued, day(invoice.issuedAt, locale)],
    ...(credit
      ? ([
          [words.credit.corrects, credit.invoiceNumber],
          [words.credit.invoiceIssued, day(new Date(credit.invoiceIssuedAt), locale)],
        ] as [string, string][])
      : []),
    [words.supplied, day(invoice.supplyDate, locale)],
    [words.order, invoice.orderNumber],
  ];
  let y = PAGE.margin;
  for (const [label, value] of facts) {
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width / 2, y, { width: width / 4 });
    doc.fillColor(INK).text(value, left + (width * 3) / 4, y, { width: width / 4, align: 'right' });
    y += 14;
  }

  // Seller and buyer, side by side.
  y = Math.max(y, PAGE.margin + 40) + 18;
  const column = (heading: string, rows: string[], x: number) => {
    let at = y;
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(heading, x, at, { width: width / 2 - 10 });
    at += 14;
    doc.fillColor(INK).fontSize(10);
    for (const row of rows) {
      doc.text(row, x, at, { width: width / 2 - 10 });
      at = doc.y + 2;
    }
    return at;
  };
  const sellerEnd = column(
    words.seller,
    [seller.name, ...seller.address.split('|'), ...seller.registrations.map((r) => `${r.label}: ${r.value}`)],
    left,
  );
  const buyerEnd = column(
    words.buyer,
    [
      buyer.company,
      buyer.name,
      buyer.email,
      buyer.taxId ? `${words.taxId}: ${buyer.taxId}` : null,
      buyer.country ? countryName(buyer.country, HTML_LANG[locale]) : null,
    ].filter((row): row is string => Boolean(row)),
    left + width / 2 + 10,
  );
  y = Math.max(sellerEnd, buyerEnd) + 16;

  // Lines.
  const cols = { description: left, quantity: left + width * 0.58, months: left + width * 0.68, amount: right - 110 };
  const headRow = (at: number) => {
    doc.fontSize(9).fillColor(MUTED);
    doc.text(words.description, cols.description, at, { width: width * 0.55 });
    doc.text(words.quantity, cols.quantity, at, { width: width * 0.08, align: 'right' });
    doc.text(words.months, cols.months, at, { width: width * 0.1, align: 'right' });
    doc.text(words.amount, cols.amount, at, { width: 110, align: 'right' });
    doc
      .moveTo(left, at + 13)
      .lineTo(right, at + 13)
      .strokeColor(RULE)
      .stroke();
  };
  headRow(y);
  y += 20;
  doc.fillColor(INK).fontSize(10);
  for (const line of lines) {
    doc.text(line.description, cols.description, y, { width: width * 0.55 });
    const end = doc.y;
    doc.text(String(line.quantity), cols.quantity, y, { width: width * 0.08, align: 'right' });
    doc.text(String(line.months), cols.months, y, { width: width * 0.1, align: 'right' });
    doc.text(money(line.amountMinor), cols.amount, y, { width: 110, align: 'right' });
    y = Math.max(end, y + 12) + 6;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 10;

  // Totals: the lines, the coupon, then per rate the amount it applies to and its tax, then what is paid.
  const totals: [string, string, boolean?][] = [];
  const linesTotal = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  if (discountMinor > 0) {
    totals.push([words.subtotal, money(linesTotal)]);
    totals.push([words.discount, `-${money(discountMinor)}`]);
  }
  totals.push([words.totalExclTax, money(invoice.totalExclTaxMinor)]);
  for (const tax of taxLines) {
    const rate = ratePercentLabel(tax.ratePercent);
    const name = tax.name[locale] || tax.name.en;
    totals.push([words.taxableAt(rate), money(tax.baseMinor)]);
    totals.push([words.tax(name, rate), money(tax.taxMinor)]);
  }
  totals.push([words.totalInclTax, money(invoice.totalInclTaxMinor), true]);
  for (const [label, value, strong] of totals) {
    doc.fontSize(strong ? 12 : 10).fillColor(INK);
    doc.text(label, left + width * 0.4, y, { width: width * 0.4 });
    doc.text(value, right - 140, y, { width: 140, align: 'right' });
    y = doc.y + 4;
  }

  // Notes: reverse charge, no tax, the currency and the rate from USD the order used.
  y += 14;
  const notes: string[] = [];
  if (credit) notes.push(`${words.credit.reason}: ${credit.reason}`, words.credit.note);
  if (invoice.reverseCharge) notes.push(words.reverseCharge);
  if (taxLines.length === 0 || taxLines.every((t) => t.taxMinor === 0 && !t.reverseCharge)) notes.push(words.noTax);
  notes.push(`${words.currency}: ${invoice.currency}`);
  notes.push(words.exchangeRate(invoice.currency, String(Number(invoice.rate))));
  doc.fontSize(9).fillColor(MUTED);
  for (const note of notes) {
    doc.text(note, left, y, { width });
    y = doc.y + 4;
  }
  doc.end();
  return done;
}
