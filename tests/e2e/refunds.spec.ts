import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import adminEn from '../../src/i18n/admin/en.json';
import { sessionHeaders, signInBrowser } from './customers';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { waitForMail } from './mailbox';
import { E2E_PAYMENT_SECRET } from './payment-secret';
import { payOrderAsCustomerCentre } from './payments';
import { expectNoAxeViolations, newStaffContext, staffInBrowser, staffWithSession } from './staff';
import { MESSAGES } from './support';

/**
 * Money going back, as a customer and a manager meet it (docs/decisions/068-refunds-and-credit-notes.md,
 * docs/decisions/069-order-mails.md, docs/decisions/078-finance-report.md): a Japanese customer pays, asks for
 * money back within the guarantee's seven days, a manager refunds part of it from the order's page, the customer
 * centre makes it; the customer downloads the credit note from the order's page and has both mails; the month's
 * finance report counts it. One width: the back office's phone layout is covered by its own specs.
 */
const orders = adminEn.admin.resources.orders;
const refund = orders.actions.refund;

test('a manager refunds part of a Japanese order within the guarantee: credit note, mails, finance report', {
  tag: '@desktop-only',
}, async ({ page, context, browser, baseURL, activatedCustomer }) => {
  test.setTimeout(180_000);
  const customer = await activatedCustomer('refja', { locale: 'ja' });
  const created = await page.request.post('/api/home/coupon-server/order/create', {
    headers: sessionHeaders(customer),
    data: {
      regionId: 'los-angeles',
      planId: 'std-1c1g',
      imageId: 'ubuntu-24.04',
      currency: 'JPY',
      billingCountry: 'JP',
      idempotencyKey: randomUUID(),
    },
  });
  expect(created.status()).toBe(200);
  const number = ((await created.json()).message as { number: string }).number;
  await payOrderAsCustomerCentre(page, number);
  const id = await withE2eDatabase(async (db) => {
    const { rows } = await db.query<{ id: number }>('select id from orders where number = $1', [number]);
    return Number(rows[0]?.id);
  });

  const staff = await newStaffContext(browser, baseURL);
  await staffInBrowser(staff, baseURL ?? '', await staffWithSession('manager'));
  const office = await staff.newPage();
  await test.step('the manager sees the guarantee on the order and refunds ¥300 of it', async () => {
    await office.goto(`/admin/orders/${id}`);
    await expect(office.getByTestId('order-guarantee')).toContainText('money-back guarantee');
    await office.getByTestId('action-refund').click();
    const dialog = office.getByRole('dialog', { name: `${refund.title}: ${number}` });
    await dialog.getByLabel(refund.fields.basis).selectOption('amount');
    await dialog.getByLabel(refund.fields.amountMinor).fill('300');
    await dialog.getByLabel(refund.fields.reason).fill('返金のご依頼（7日以内）');
    await expectNoAxeViolations(office);
    await dialog.getByRole('button', { name: refund.label, exact: true }).click();
    await expect(office.getByTestId('resource-notice')).toContainText(refund.done);
    await expect(office.getByTestId('order-state')).toHaveText(orders.options.status.refund_pending);
  });

  await test.step('the customer centre makes the refund', async () => {
    const refundId = await withE2eDatabase(async (db) => {
      const { rows } = await db.query<{ id: number }>('select id from refunds where order_id = $1', [id]);
      return Number(rows[0]?.id);
    });
    const body = JSON.stringify({
      id: randomUUID(),
      type: 'refund.succeeded',
      data: { orderNumber: number, refundId, amountMinor: 300, currency: 'JPY' },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', E2E_PAYMENT_SECRET).update(`${t}.${body}`).digest('hex');
    const answer = await page.request.post('/api/finance/order-server/pay/notify', {
      data: body,
      headers: { 'content-type': 'application/json', 'cirrus-signature': `t=${t},v1=${v1}` },
    });
    expect(answer.status()).toBe(200);
  });

  await test.step('the customer downloads the credit note and has both mails', async () => {
    await signInBrowser(context, baseURL ?? '', customer);
    await page.goto(`/ja/orders/${number}`);
    const link = page.getByTestId('credit-note-link');
    await expect(link).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/CN-\d{4}-\d{6}/);
    expect(text).toContain(number);
    expect(await waitForMail(customer.email, `ご注文 ${number} について、￥300 の返金手続きを開始しました`)).toMatch(
      /CN-\d{4}-\d{6}/,
    );
    expect(await waitForMail(customer.email, `ご注文 ${number} の ￥300 の返金が完了しました`)).toContain(
      '/api/finance/order-server/credit-note/',
    );
    await expect(page.getByRole('heading', { name: MESSAGES.ja.orders.creditNotes })).toBeVisible();
  });

  await test.step("the month's finance report counts the refund", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const refunded = await withE2eDatabase(async (db) => {
      const { rows } = await db.query<{ sum: string }>(
        `select coalesce(sum(total_excl_tax_minor), 0) as sum from credit_notes
          where currency = 'JPY' and to_char(issued_at at time zone 'UTC', 'YYYY-MM') = $1`,
        [month],
      );
      return Number(rows[0]?.sum);
    });
    expect(refunded).toBeLessThan(0);
    await office.goto(`/admin/finance?from=${month}&to=${month}`);
    const jpy = office.getByTestId('finance-months').locator('tbody tr', { hasText: 'JPY' });
    await expect(jpy).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(refunded),
    );
  });
  await staff.close();
});
