import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { signInBrowser } from './customers';
import { withE2eDatabase } from './database';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { waitForMail } from './mailbox';
import { payOrder } from './payments';
import { MESSAGES } from './support';

/**
 * Tax and invoices, as a customer meets them (docs/decisions/066-tax.md, docs/decisions/067-invoices.md): prices with
 * consumption tax on Japanese pages in yen, the tax line before the order button, the payment, and the invoice
 * downloaded from the order's page and read back.
 */
const { ja, en } = MESSAGES;

/** What the order costs with tax, as the database keeps it. */
async function orderAmount(number: string) {
  return withE2eDatabase(async (db) => {
    const row = await db.query<{ total_incl_tax_minor: number; currency: string }>(
      'select total_incl_tax_minor, currency from orders where number = $1',
      [number],
    );
    const found = row.rows[0];
    if (!found) throw new Error(`order ${number} missing`);
    return { number, amountMinor: Number(found.total_incl_tax_minor), currency: found.currency };
  });
}

/** Downloads the invoice from the order's page and answers its text, as poppler reads it. */
async function downloadInvoice(page: Page, linkName: RegExp): Promise<string> {
  const link = page.getByRole('link', { name: linkName });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  expect(execFileSync('head', ['-c', '5', file], { encoding: 'latin1' })).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

test('in Japanese on a phone: prices with tax, the tax line before ordering, pay, and the qualified invoice', {
  tag: '@phone-only',
}, async ({ page, context, baseURL, activatedCustomer }) => {
  const customer = await activatedCustomer('taxja', { locale: 'ja' });
  await page.goto('/ja/product/vps');
  await expect(page.getByTestId('monthly-price').first()).toContainText('（税込）');
  await expect(page.getByTestId('monthly-price').first()).toContainText('税抜');

  await signInBrowser(context, baseURL ?? '', customer);
  await page.goto('/ja/product/vps-buy');
  const summary = page.getByTestId('price-summary');
  const taxLine = summary.getByTestId('tax-line');
  await expect(taxLine).toContainText('消費税（10%）');
  await expect(page.getByLabel(ja.buy.billingCountry)).toHaveValue('JP');
  const order = page.getByRole('button', { name: ja.buy.order });
  // The tax is shown before the order button.
  const [lineBox, buttonBox] = [await taxLine.boundingBox(), await order.boundingBox()];
  expect((lineBox?.y ?? 0) < (buttonBox?.y ?? 0)).toBe(true);
  await expectNoAxeViolations(page, { include: '[data-testid="billing-profile"]' });

  const total = await summary.getByTestId('total').textContent();
  await order.click();
  await expect(page).toHaveURL(/\/ja\/orders\/CC\d{8}[0-9A-F]{8}$/);
  await expect(page.getByTestId('tax-line')).toContainText('消費税（10%）');
  await expect(page.getByTestId('order-total-incl-tax')).toHaveText(total ?? '');

  const number = page.url().split('/').pop() ?? '';
  // The order's mail, in Japanese: what to pay, with tax first as the site shows it, by when, where.
  const created = await waitForMail(customer.email, `ご注文番号 ${number}`);
  expect(created).toContain('（税込）／税抜');
  expect(created).toContain(`/order/pay/${number}`);
  expect(created).toMatch(/UTCまでに/);
  expect(await payOrder(page.request, await orderAmount(number))).toBe(200);
  // The payment's mail links the invoice.
  const paid = await waitForMail(customer.email, 'お支払いを確認しました');
  expect(paid).toContain(`/api/finance/order-server/invoice/${number}`);
  await page.reload();
  const text = await downloadInvoice(page, /請求書 CC-\d{4}-\d{6}/);
  for (const field of ['適格請求書', '登録番号: T1234567890123', '10%対象', '消費税（10%）', '合計（税込）', number]) {
    expect(text, field).toContain(field);
  }
});

test('in English on a desktop: a German business is billed under the reverse charge, and its invoice says so', {
  tag: '@desktop-only',
}, async ({ page, context, baseURL, activatedCustomer }) => {
  const customer = await activatedCustomer('taxen', { locale: 'en', billingCountry: null });
  await signInBrowser(context, baseURL ?? '', customer);
  await page.goto('/product/vps-buy');
  const summary = page.getByTestId('price-summary');
  await expect(summary.getByTestId('tax-line')).toHaveText(en.buy.taxNeedsCountry);

  // Ordering without a billing country is refused at the field.
  await page.getByRole('button', { name: en.buy.order }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.api.billing.countryRequired })).toBeVisible();

  await page.getByLabel(en.buy.billingCountry).selectOption('DE');
  await expect(summary.getByTestId('tax-line')).toContainText('VAT (19%)');
  await page.getByLabel(en.buy.billingCompany).fill('Beispiel GmbH');
  await page.getByLabel(en.buy.billingTaxId).fill('DE 136 695 976');
  await page.getByLabel(en.buy.billingTaxId).blur();
  await expect(summary.getByTestId('tax-line')).toContainText(en.buy.reverseCharge);
  await expect(summary.getByTestId('total')).toHaveText(await summary.getByTestId('total-excl-tax').innerText());

  await page.getByRole('button', { name: en.buy.order }).click();
  await expect(page).toHaveURL(/\/orders\/CC\d{8}[0-9A-F]{8}$/);
  const number = page.url().split('/').pop() ?? '';
  expect(await payOrder(page.request, await orderAmount(number))).toBe(200);
  await page.reload();
  const text = await downloadInvoice(page, /Download invoice CC-\d{4}-\d{6}/);
  for (const field of ['Invoice', 'Beispiel GmbH', 'Tax id: DE136695976', 'VAT (19%)', 'Reverse charge', number]) {
    expect(text, field).toContain(field);
  }
});
