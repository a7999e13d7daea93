import adminEn from '../../src/i18n/admin/en.json';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, navigationLinks, newStaffContext, staffInBrowser, staffWithSession } from './staff';

/**
 * The finance report (docs/product/back-office-finance.md) as a manager, at both widths: a month holding a
 * Japanese invoice with its credit note and a German reverse-charge invoice; the screen opened from the
 * navigation, its three parts with the month's sums as the documents have them, the reverse charge said as such,
 * the CSV link for the range, and a range that ends before it starts refused next to its field. Issued documents
 * are never deleted, so the expected sums are read from the database's documents of that month.
 */
const en = adminEn.admin.finance;

test('the finance report: a month of invoices and a credit note, the CSV, a reversed range', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  // A month of its own, decades ahead, that other specs never issue documents in.
  const year = 2040 + (Date.now() % 40);
  const month = `${year}-0${1 + (Date.now() % 9)}`;
  const at = `${month}-15T10:00:00Z`;
  const expected = await withE2eDatabase(async (db) => {
    const content = (lines: unknown[], taxLines: unknown[]) =>
      JSON.stringify({
        seller: { name: 'Cirrus', address: 'Hong Kong', registrations: [] },
        buyer: { name: 'buyer', email: 'buyer@example.com', company: null, taxId: null, country: 'JP' },
        lines,
        discountMinor: 0,
        taxLines,
      });
    const invoice = (number: string, country: string, currency: string, excl: number, tax: number, body: string) =>
      db.query<{ id: number }>(
        `insert into invoices (number, series, sequence, order_id, order_number, user_id, locale, country, currency, rate,
           total_excl_tax_minor, tax_minor, total_incl_tax_minor, reverse_charge, issued_at, supply_date, content)
         values ($1, $1, 1, null, $1, 1, 'en', $2, $3, 1, $4::int, $5::int, $4::int + $5::int, $6, $7::timestamptz,
                 ($7::timestamptz at time zone 'UTC')::date, $8) returning id`,
        [number, country, currency, excl, tax, tax === 0, at, body],
      );
    const tax = (country: string, rate: string, base: number, amount: number, reverseCharge: boolean) => ({
      ruleId: null,
      country,
      name: { en: 'Tax' },
      ratePercent: rate,
      baseMinor: base,
      taxMinor: amount,
      reverseCharge,
    });
    const line = (kind: string, amount: number) => ({
      description: kind,
      quantity: 1,
      months: 1,
      amountMinor: amount,
      kind,
    });
    const jp = await invoice(
      `FIN-E2E-JP-${tag}`,
      'JP',
      'JPY',
      12_000,
      1_200,
      content([line('plan', 9_000), line('licence', 3_000)], [tax('JP', '10.00', 12_000, 1_200, false)]),
    );
    await invoice(
      `FIN-E2E-DE-${tag}`,
      'DE',
      'USD',
      5_000,
      0,
      content([line('plan', 5_000)], [tax('DE', '19.00', 5_000, 0, true)]),
    );
    await db.query(
      `insert into credit_notes (number, series, sequence, invoice_id, order_id, order_number, user_id, locale, country,
         currency, rate, total_excl_tax_minor, tax_minor, total_incl_tax_minor, reverse_charge, issued_at, supply_date,
         content)
       values ($1, $1, 1, $2, null, $1, 1, 'en', 'JP', 'JPY', 1, -3000, -300, -3300, false, $3::timestamptz,
               ($3::timestamptz at time zone 'UTC')::date, $4)`,
      [
        `FIN-E2E-CN-${tag}`,
        jp.rows[0]?.id,
        at,
        JSON.stringify({
          ...JSON.parse(content([line('licence', -3_000)], [tax('JP', '10.00', -3_000, -300, false)])),
          reason: 'money back',
          invoiceNumber: `FIN-E2E-JP-${tag}`,
          invoiceIssuedAt: at,
        }),
      ],
    );
    const sums = await db.query<{ currency: string; sales: string; refunds: string }>(
      `select currency, sum(total_excl_tax_minor) filter (where kind = 'i') sales,
              coalesce(sum(total_excl_tax_minor) filter (where kind = 'c'), 0) refunds
         from (select currency, total_excl_tax_minor, 'i' kind, issued_at from invoices
               union all select currency, total_excl_tax_minor, 'c', issued_at from credit_notes) d
        where issued_at >= $1::timestamptz and issued_at < $1::timestamptz + interval '1 month'
        group by currency`,
      [`${month}-01T00:00:00Z`],
    );
    return Object.fromEntries(
      sums.rows.map((r) => [r.currency, { sales: Number(r.sales), refunds: Number(r.refunds) }]),
    );
  });
  const money = (minor: number, currency: string) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(currency === 'JPY' ? minor : minor / 100);

  const manager = await staffWithSession('manager', `Manager ${tag}`);
  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', manager);
  const page = await context.newPage();
  const shot = (name: string) => `screenshots/admin-finance-${name}-${info.project.name}.png`;

  await test.step('opened from the navigation, after Invoices', async () => {
    await page.goto('/admin');
    const links = await navigationLinks(page);
    await expect(links.filter({ hasText: adminEn.admin.resources.invoices.title })).toHaveCount(1);
    await links.filter({ hasText: adminEn.admin.nav.finance }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  });

  await test.step("the month's sums per currency, the tax with the reverse charge, the product lines", async () => {
    await page.goto(`/admin/finance?from=${month}&to=${month}`);
    const months = page.getByTestId('finance-months');
    await expect(months.locator('tbody tr')).toHaveCount(Object.keys(expected).length);
    const jpy = months.locator('tbody tr', { hasText: 'JPY' });
    await expect(jpy).toContainText(money(expected.JPY?.sales ?? 0, 'JPY'));
    await expect(jpy).toContainText(money(expected.JPY?.refunds ?? 0, 'JPY'));
    await expect(jpy).toContainText(money((expected.JPY?.sales ?? 0) + (expected.JPY?.refunds ?? 0), 'JPY'));
    await expect(months.locator('tbody tr', { hasText: 'USD' })).toContainText(money(expected.USD?.sales ?? 0, 'USD'));
    await expect(page.getByTestId('finance-tax').locator('tbody tr', { hasText: 'Germany' })).toContainText(
      `19 % · ${en.reverseCharge}`,
    );
    await expect(page.getByTestId('finance-lines')).toContainText(en.kinds.licence);
    await expect(page.getByTestId('finance-export')).toHaveAttribute(
      'href',
      `/api/admin/finance/export?from=${month}&to=${month}&currency=all`,
    );
    // Usable on a phone: the rows are cards, nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: shot('month'), fullPage: true });
    await expectNoAxeViolations(page);
  });

  await test.step('one currency', async () => {
    await page.getByLabel(en.currency).selectOption('JPY');
    await expect(page).toHaveURL(/currency=JPY/);
    await expect(page.getByTestId('finance-months').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('finance-tax')).not.toContainText('Germany');
  });

  await test.step('a range that ends before it starts is refused', async () => {
    await page.getByLabel(en.to).fill(`${year - 1}-12`);
    await expect(page.getByTestId('finance-error')).toHaveText(adminEn.api.admin.financeRangeReversed);
    await expectNoAxeViolations(page);
  });

  await context.close();
});
