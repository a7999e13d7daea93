import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import adminJa from '../../src/i18n/admin/ja.json';
import { sessionHeaders } from './customers';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, navigationLinks, newStaffContext, staffInBrowser, staffWithSession } from './staff';
import { MESSAGES } from './support';

/**
 * Orders, customers and deliveries in the back office (docs/product/back-office-orders.md) against the real API:
 * a manager cancels a customer's unpaid sale order and the public sale page shows the stock given back; support
 * reads the same customer with masked contacts and no cancel button; the deliveries list retries a failed mail.
 * Each project (phone, desktop) works on a sale item and a customer of its own, so the two never count each
 * other's orders.
 */
const en = adminEn.admin;
const ja = adminJa.admin;
const zh = MESSAGES.zh;
const orders = en.resources.orders;
const customers = en.resources.customers;
const deliveries = en.resources.deliveries;

/** A list row's cell under the column of this heading (each cell names its column, decision 038). */
const cell = (row: Locator, heading: string) => row.locator(`td[data-label="${heading}"]`);
/** A field of the row shown in a cell under its value (a customer's address under their name). */
const field = (shown: Locator, name: string) => shown.locator(`[data-field="${name}"]`);

type ApiSaleItem = {
  id: number;
  planId: string;
  regionId: string;
  months: number;
  stockLeft: number;
  stockTotal: number;
};

async function saleItems(request: APIRequestContext): Promise<ApiSaleItem[]> {
  const answer = await (await request.post('/api/home/activity/cvm/search', { data: { language: 'zh' } })).json();
  return (answer.message as { items: ApiSaleItem[] }[])[0]?.items ?? [];
}

test('orders, customers and deliveries: a manager cancels an unpaid order, support reads masked, a failed mail retried', async ({
  activatedCustomer,
  browser,
  baseURL,
  request,
}, info) => {
  test.setTimeout(240_000);
  const shot = (name: string) => `screenshots/admin-${name}-${info.project.name}.png`;
  const contexts: BrowserContext[] = [];

  // The last sale items, away from the ones other specs buy (live-promotions takes the first two).
  const items = await saleItems(request);
  expect(items.length).toBeGreaterThanOrEqual(4);
  const index = items.length - (info.project.name === 'phone' ? 1 : 2);
  const item = items[index] as ApiSaleItem;

  const buyer = await activatedCustomer('ob');
  await withE2eDatabase((db) => db.query(`update users set phone = '+81 90-1234-5678' where id = $1`, [buyer.userId]));
  const created = await request.post('/api/home/coupon-server/order/create', {
    headers: sessionHeaders(buyer),
    data: {
      regionId: item.regionId,
      planId: item.planId,
      imageId: 'debian-12',
      months: item.months,
      currency: 'USD',
      saleItemId: item.id,
      idempotencyKey: randomUUID(),
    },
  });
  const order = (await created.json()).message as { id: number; number: string };
  expect(order.number).toBeTruthy();
  const held = (await saleItems(request))[index] as ApiSaleItem;
  expect(held.stockLeft).toBe(item.stockLeft - 1);

  await test.step('a manager finds the order by customer, and cancels it', async () => {
    const context = await newStaffContext(browser, baseURL);
    contexts.push(context);
    await staffInBrowser(context, baseURL ?? '', await staffWithSession('manager'));
    const page = await context.newPage();
    await page.goto('/admin/orders');
    await expect((await navigationLinks(page)).filter({ hasText: orders.title })).toHaveCount(1);
    await page.getByLabel(orders.filters.customer, { exact: true }).fill(buyer.email);
    await page.getByLabel(orders.filters.customer, { exact: true }).press('Enter');
    await expect(page).toHaveURL(/customer=/);
    await page.getByLabel(orders.filters.state).selectOption('pending_payment');
    await expect(page).toHaveURL(/state=pending_payment/);
    const rows = page.getByTestId('orders-list').getByTestId('row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(order.number);
    await expect(field(cell(rows.first(), orders.fields.customerUsername), 'customerEmail')).toHaveText(buyer.email);
    await expect(cell(rows.first(), orders.fields.status)).toHaveText(orders.options.status.pending_payment);
    // The export takes the list's filters, in the address.
    await expect(page.getByTestId('resource-export')).toHaveAttribute('href', /state=pending_payment/);
    await page.screenshot({ path: shot('orders'), fullPage: true });
    await expectNoAxeViolations(page);

    await rows.first().getByRole('link', { name: order.number, exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: en.orders.orderTitle.replace('{number}', order.number) }),
    ).toBeVisible();
    await expect(page.getByTestId('order-customer-email')).toHaveText(buyer.email);
    await expect(page.getByTestId('order-history').getByTestId('row')).toHaveCount(1);
    await expect(page.getByTestId('order-webhooks')).toContainText('order.created');
    await page.getByTestId('action-cancel').click();
    const dialog = page.getByRole('dialog', { name: `${orders.actions.cancel.title}: ${order.number}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(orders.actions.cancel.fields.note).fill('asked by phone');
    await page.screenshot({ path: shot('order-cancel'), fullPage: false });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: orders.actions.cancel.label }).click();
    await expect(page.getByTestId('resource-notice')).toContainText(orders.actions.cancel.done);
    await expect(page.getByTestId('order-state')).toHaveText(orders.options.status.cancelled);
    await expect(page.getByTestId('action-cancel')).toHaveCount(0);
    const history = page.getByTestId('order-history').getByTestId('row');
    await expect(history).toHaveCount(2);
    // The reason in the reader's words, the operator's note as typed.
    await expect(history.nth(1)).toContainText(`${en.orders.reasons.cancelledByOperator}: asked by phone`);
    await expect(history.nth(1)).toContainText(en.orders.actors.operator);
    await expect(page.getByTestId('order-webhooks')).toContainText('order.cancelled');
    await page.screenshot({ path: shot('order-detail'), fullPage: true });
    await expectNoAxeViolations(page);
  });

  await test.step('the stock is given back: in the API and on the public sale page', async () => {
    await expect.poll(async () => ((await saleItems(request))[index] as ApiSaleItem).stockLeft).toBe(item.stockLeft);
    const site = await browser.newPage({ baseURL });
    const stock = zh.salePage.stock
      .replace('{left}', String(item.stockLeft))
      .replace('{total}', String(item.stockTotal));
    await expect(async () => {
      await site.goto('/zh/activity/vps');
      await expect(site.getByTestId('sale-item').nth(index).getByRole('progressbar')).toHaveAccessibleName(stock, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await site.close();
  });

  await test.step('support reads the customer with masked contacts, and has no cancel button', async () => {
    const context = await newStaffContext(browser, baseURL);
    contexts.push(context);
    await staffInBrowser(context, baseURL ?? '', await staffWithSession('support'));
    const page = await context.newPage();
    await page.goto('/admin/customers');
    await page.getByLabel(en.resource.search, { exact: true }).fill(buyer.email);
    const rows = page.getByTestId('customers-list').getByTestId('row');
    await expect(rows).toHaveCount(1);
    const masked = `${buyer.email.slice(0, 4)}****`;
    await expect(cell(rows.first(), customers.fields.email)).toHaveText(masked);
    await expect(cell(rows.first(), customers.fields.phone)).toHaveText('81****678');
    await expect(page.getByText(buyer.email)).toHaveCount(0);
    await page.screenshot({ path: shot('customers'), fullPage: true });
    await expectNoAxeViolations(page);

    await rows
      .first()
      .getByRole('link', { name: buyer.email.split('@')[0] ?? '', exact: true })
      .click();
    await expect(page.getByTestId('detail-email')).toHaveText(masked);
    await expect(page.getByTestId('detail-phone')).toHaveText('81****678');
    await expect(page.getByTestId('customer-orders').getByTestId('row')).toHaveCount(1);
    // Support may not change an account: neither action is offered.
    await expect(page.getByTestId('action-disable')).toHaveCount(0);
    await expect(page.getByTestId('action-activate')).toHaveCount(0);
    await page.screenshot({ path: shot('customer-detail'), fullPage: true });
    await expectNoAxeViolations(page);

    // A second unpaid order of the customer: support sees it with no cancel button.
    const second = await request.post('/api/home/coupon-server/order/create', {
      headers: sessionHeaders(buyer),
      data: {
        regionId: 'los-angeles',
        planId: 'std-1c1g',
        imageId: 'debian-12',
        currency: 'USD',
        idempotencyKey: randomUUID(),
      },
    });
    const unpaid = (await second.json()).message as { id: number; number: string };
    await page.goto(`/admin/orders/${unpaid.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: en.orders.orderTitle.replace('{number}', unpaid.number) }),
    ).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText(orders.options.status.pending_payment);
    await expect(page.getByTestId('order-customer-email')).toHaveText(masked);
    await expect(page.getByTestId('action-cancel')).toHaveCount(0);
    await expect(page.getByText(buyer.email)).toHaveCount(0);
    await page.screenshot({ path: shot('order-support'), fullPage: true });
    await expectNoAxeViolations(page);

    // The same order in Japanese: the states, the history and the refusal-free page in the reader's words.
    await page.getByTestId('admin-language').selectOption('ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(
      page.getByRole('heading', { level: 1, name: ja.orders.orderTitle.replace('{number}', unpaid.number) }),
    ).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText(ja.resources.orders.options.status.pending_payment);
    await page.screenshot({ path: shot('order-support-ja'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: ja.resources.orders.title })).toBeVisible();
    await expect(page.getByTestId('orders-list').getByTestId('row').first()).toBeVisible();
    await page.screenshot({ path: shot('orders-ja'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByTestId('admin-language').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  await test.step('support retries a failed mail from the deliveries list', async () => {
    const subject = `Delivery check ${info.project.name} ${randomUUID().slice(0, 8)}`;
    const mailId = await withE2eDatabase(async (db) => {
      const made = await db.query<{ id: number }>(
        `insert into mail_outbox (kind, recipient, subject, text, html, attempts, last_error, next_attempt_at)
         values ('activation', $1, $2, 'text', '<p>html</p>', 3, $3, now() + interval '1 hour') returning id`,
        ['retry.person@example.com', subject, '421 retry.person@example.com: try again later'],
      );
      return made.rows[0]?.id ?? 0;
    });
    const context = contexts[1] as BrowserContext;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/admin/deliveries');
    await page.getByLabel(deliveries.filters.state).selectOption('failed');
    await expect(page).toHaveURL(/state=failed/);
    const row = page.getByTestId('deliveries-list').getByTestId('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(field(cell(row, deliveries.fields.type), 'recipient')).toHaveText('retr****');
    await expect(cell(row, deliveries.fields.lastError)).toHaveText('421 retr****: try again later');
    await expect(cell(row, deliveries.fields.state)).toHaveText(deliveries.options.state.failed);
    await page.screenshot({ path: shot('deliveries'), fullPage: true });
    await expectNoAxeViolations(page);
    await row.getByTestId('action-retry').click();
    await page.getByRole('alertdialog').getByRole('button', { name: deliveries.actions.retry.label }).click();
    await expect(page.getByTestId('resource-notice')).toContainText(
      deliveries.actions.retry.done.replace('{name}', `mail-${mailId}`),
    );
    // Due at once: this instance's mail worker sends it to the test SMTP server, once.
    await expect
      .poll(
        () =>
          withE2eDatabase(async (db) => {
            const found = await db.query<{ status: string; attempts: number }>(
              'select status, attempts from mail_outbox where id = $1',
              [mailId],
            );
            return found.rows[0];
          }),
        { timeout: 30_000 },
      )
      .toEqual({ status: 'sent', attempts: 4 });
    await page.getByLabel(deliveries.filters.state).selectOption('sent');
    await expect(cell(row, deliveries.fields.state)).toHaveText(deliveries.options.state.sent);
    await expect(row.getByTestId('action-retry')).toHaveCount(0);
    // Sent and seen: the row goes, so no later run lists it among its deliveries.
    await withE2eDatabase((db) => db.query('delete from mail_outbox where id = $1', [mailId]));

    // The customer centre's events: none is delivered here (no ORDER_WEBHOOK_URL), all of them wait.
    await page.getByLabel(deliveries.filters.kind).selectOption('webhook');
    await expect(page).toHaveURL(/kind=webhook/);
    await expect(page.getByTestId('empty')).toBeVisible();
    await page.getByLabel(deliveries.filters.state).selectOption('all');
    await expect(page.getByTestId('deliveries-list').getByTestId('row').first()).toBeVisible();
    await expect(page.getByTestId('deliveries-list').getByTestId('row').first()).toContainText('order.');
    await expectNoAxeViolations(page);
  });

  for (const context of contexts) await context.close();
});
