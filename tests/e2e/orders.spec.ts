import type { APIRequestContext, Page } from '@playwright/test';
import { withE2eDatabase } from './database';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES } from './support';

/**
 * Orders as a Japanese customer sees them (docs/decisions/037-order-lifecycle.md): buy a sale server, find the
 * confirmation again after a reload and in the list, cancel it there, and see the sale's stock given back.
 */
const ja = MESSAGES.ja;

type SaleItem = { id: number; planId: string; regionId: string; months: number; stockLeft: number };

async function saleItems(request: APIRequestContext): Promise<SaleItem[]> {
  const res = await request.post('/api/home/activity/cvm/search', { data: { language: 'ja' } });
  return ((await res.json()).message as { items: SaleItem[] }[]).flatMap((s) => s.items);
}

/** Logs the customer in on the page, through the dialog the orders page opens. */
async function signIn(page: Page, email: string): Promise<string> {
  await page.goto('/ja/orders?ope=login');
  const login = page.getByRole('dialog', { name: ja.account.loginTitle });
  await login.getByLabel(ja.account.accountLabel).fill(email);
  await login.getByLabel(ja.account.password).fill('tokyo2026');
  await login.getByRole('button', { name: ja.account.loginSubmit }).click();
  await expect(login).toBeHidden();
  return email;
}

// The test's own sale goes after it, with the orders made from it: a sale running for 300 days would otherwise
// be listed to every later spec.
let ownSale: number | undefined;
test.afterEach(async () => {
  const activityId = ownSale;
  ownSale = undefined;
  if (activityId === undefined) return;
  await withE2eDatabase(async (db) => {
    await db.query('delete from orders where sale_item_id in (select id from sale_items where activity_id = $1)', [
      activityId,
    ]);
    await db.query('delete from sale_items where activity_id = $1', [activityId]);
    await db.query('delete from sale_activities where id = $1', [activityId]);
    await db.query(`select pg_notify('cirrus_changes', $1)`, [
      JSON.stringify({ kinds: ['promotions'], at: Date.now() }),
    ]);
  });
});

test('order a sale server in Japanese, reload its confirmation, find it in the list, cancel it: the stock comes back', async ({
  page,
  request,
  activatedCustomer,
}, info) => {
  await signIn(page, (await activatedCustomer('order', { password: 'tokyo2026', locale: 'ja' })).email);
  await expect(page.getByText(ja.orders.empty)).toBeVisible();

  // A sale item of this test's own (the seeded ones are other specs' to count), ending after the seeded sales so
  // it is listed last.
  const itemId = await withE2eDatabase(async (db) => {
    const activity = await db.query(
      `insert into sale_activities (name, description, starts_at, ends_at)
       values ('{"en":"Order test sale","ja":"注文テストのセール"}', '{"en":"x","ja":"x"}', now() - interval '1 day', now() + interval '300 days')
       returning id`,
    );
    const row = await db.query(
      `insert into sale_items (activity_id, plan_id, region_id, months, sale_price_cents, stock_total, stock_left, per_user_limit)
       values ($1, 'std-1c1g', 'tokyo', 12, 3900, 10, 10, 1) returning id`,
      [activity.rows[0]?.id],
    );
    ownSale = activity.rows[0]?.id;
    return Number(row.rows[0]?.id);
  });
  const item = (await saleItems(request)).find((i) => i.id === itemId);
  expect(item, `${info.project.name}: the test's sale item is listed`).toBeTruthy();
  if (!item) return;
  await page.goto(
    `/ja/product/vps-buy?saleItemId=${item.id}&planId=${item.planId}&regionId=${item.regionId}&months=${item.months}`,
  );
  // The page first shows the default configuration's price; the sale's quote replaces it.
  await expect(page.getByTestId('price-summary')).toContainText(ja.buy.lines.sale);
  await expect(page.getByTestId('price-summary')).toHaveAttribute('aria-busy', 'false');
  const total = page.getByTestId('total');
  await expect(total).toHaveText(/^[￥¥][\d,]+$/);
  const shown = await total.textContent();
  await page.getByRole('button', { name: ja.buy.order }).click();

  await expect(page).toHaveURL(/\/ja\/orders\/CC\d{8}[0-9A-F]{8}$/);
  const number = page.url().split('/').at(-1) ?? '';
  await expect(page.getByTestId('order-confirmation')).toContainText(ja.orders.confirmed);
  await expect(page.getByTestId('order-total')).toHaveText(shown ?? '');
  const taken = (await saleItems(request)).find((i) => i.id === item.id)?.stockLeft;
  expect(taken).toBe(item.stockLeft - 1);

  // The confirmation has its own address: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId('order-confirmation')).toContainText(ja.orders.confirmed);
  await expect(page.getByRole('region', { name: ja.orders.lines }).getByTestId('order-status')).toHaveText(
    ja.orders.states.pending_payment,
  );
  // What was ordered, in Japanese: the sale's region and term.
  await expect(page.getByTestId('order-server')).toContainText('東京');
  await expect(page.getByTestId('order-server')).toContainText(ja.buy.months.replace('{count}', '12'));
  await page.screenshot({ path: `screenshots/order-ja-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // The account menu leads to the list, where the order waits for payment.
  await page.getByRole('button', { name: ja.shell.account.menu }).click();
  await page.getByRole('menuitem', { name: ja.shell.account.orders }).click();
  await expect(page).toHaveURL(/\/ja\/orders$/);
  const row = page.locator(`[data-testid="order"][data-number="${number}"]`);
  await expect(row.getByTestId('order-status')).toHaveText(ja.orders.states.pending_payment);
  await expect(row.getByTestId('pay')).toHaveAttribute('href', new RegExp(`/order/pay/${number}$`));
  await page.screenshot({ path: `screenshots/orders-ja-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: ja.orders.cancel }).click();
  await row.getByTestId('confirm-cancel').click();
  await expect(row.getByTestId('order-status')).toHaveText(ja.orders.states.cancelled);
  await expect(row.getByTestId('pay')).toHaveCount(0);
  await expect
    .poll(async () => (await saleItems(request)).find((i) => i.id === item.id)?.stockLeft)
    .toBe(item.stockLeft);
});
