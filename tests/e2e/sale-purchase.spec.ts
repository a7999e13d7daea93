import { randomBytes } from 'node:crypto';
import { customerWithSession, type SessionCustomer, signInBrowser } from './customers';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './staff';
import { MESSAGES, watchConsole } from './support';

/**
 * A signed-in customer buys from a running VPS sale, starting on the sale page as a visitor does
 * (docs/product/screens.md, docs/decisions/037-order-lifecycle.md): the card's button leads to the configurator
 * at the sale price, the order's confirmation shows the same total, and back on the sale page the stock is one
 * lower and the deal is marked bought (limit one). The sale is this test's own, ending after the seeded ones so
 * the specs that count the seeded items by position still find them first; it goes in afterAll.
 */
const en = MESSAGES.en;
const made: { activityIds: number[]; customers: SessionCustomer[] } = { activityIds: [], customers: [] };

/** Tells every instance the promotions changed, as a back-office change would, so kept sale pages are dropped. */
const announcePromotions = `select pg_notify('cirrus_changes', $1)`;
const promotionsPayload = () => JSON.stringify({ kinds: ['promotions'], at: Date.now() });

test.afterAll(async () => {
  await withE2eDatabase(async (db) => {
    const userIds = made.customers.map((c) => c.userId);
    // The test's orders hold its sale item and its customer: they go first.
    await db.query('delete from orders where user_id = any($1)', [userIds]);
    await db.query('delete from sale_activities where id = any($1)', [made.activityIds]);
    await db.query('delete from users where id = any($1)', [userIds]);
    await db.query(announcePromotions, [promotionsPayload()]);
  });
});

test('a customer buys from the sale page: confirmation at the sale total, and the stock goes down', async ({
  page,
  context,
  baseURL,
}, info) => {
  const problems = watchConsole(page);
  const tag = `${info.project.name}-${randomBytes(3).toString('hex')}`;
  const saleName = `Coverage sale ${tag}`;
  await withE2eDatabase(async (db) => {
    const activity = await db.query<{ id: number }>(
      `insert into sale_activities (name, description, starts_at, ends_at)
       values ($1, $2, now() - interval '1 hour', now() + interval '400 days') returning id`,
      [
        JSON.stringify({ en: saleName, zh: `测试促销 ${tag}`, ja: `テストセール ${tag}` }),
        JSON.stringify({ en: 'One Tokyo server a customer.', zh: '每位客户限购一台。', ja: 'お一人様一台まで。' }),
      ],
    );
    const id = Number(activity.rows[0]?.id);
    made.activityIds.push(id);
    await db.query(
      `insert into sale_items (activity_id, plan_id, region_id, months, sale_price_cents, stock_total, stock_left, per_user_limit)
       values ($1, 'std-1c1g', 'tokyo', 12, 3900, 5, 5, 1)`,
      [id],
    );
    await db.query(announcePromotions, [promotionsPayload()]);
  });
  const customer = await customerWithSession('sale');
  made.customers.push(customer);
  await signInBrowser(context, baseURL ?? '', customer);

  // The kept sale page is dropped when the change is heard: reload until the new sale is on it.
  const sale = page.getByRole('region', { name: saleName });
  const card = sale.getByTestId('sale-item');
  await expect(async () => {
    await page.goto('/activity/vps');
    await expect(sale).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(card.getByRole('progressbar')).toHaveAccessibleName('5 of 5 left');
  await expect(card).toContainText('$39.00');

  await card.getByRole('link', { name: en.salePage.buy }).click();
  await expect(page).toHaveURL(/\/product\/vps-buy\?saleItemId=\d+/);
  const summary = page.getByTestId('price-summary');
  await expect(summary).toContainText(en.buy.lines.sale);
  await expect(summary).toHaveAttribute('aria-busy', 'false');
  // The sale price is the plan's; a default disk or image may add to it, so the total is read, then compared.
  const total = page.getByTestId('total');
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const shown = (await total.textContent()) ?? '';
  await page.getByRole('button', { name: en.buy.order }).click();

  await expect(page).toHaveURL(/\/orders\/CC\d{8}[0-9A-F]{8}$/);
  await expect(page.getByTestId('order-confirmation')).toContainText(en.orders.confirmed);
  await expect(page.getByTestId('order-total')).toHaveText(shown);

  // Back on the sale page: one fewer left, and this customer has reached the limit of one.
  await page.goto('/activity/vps');
  await expect(card.getByRole('progressbar')).toHaveAccessibleName('4 of 5 left');
  await expect(card.getByTestId('sale-bought')).toHaveText(en.salePage.bought);
  await expect(card.getByRole('link', { name: en.salePage.buy })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/coverage/sale-${info.project.name}.png` });
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
