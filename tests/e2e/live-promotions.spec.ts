import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { logInThroughDialog, sessionHeaders, signInBrowser } from './customers';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES, watchConsole } from './support';

// Promotion pages are kept (prerendered, served from memory, up to a minute old); the numbers a visitor acts on
// come live after load (docs/decisions/035-live-promotion-numbers.md). Each test first makes the kept copy
// older than the database, the way other customers do: through the API.

const en = MESSAGES.en;
const zh = MESSAGES.zh;
const ja = MESSAGES.ja;
const SHOTS = 'test-results/live';

/** The two projects run side by side: each works on a coupon and a sale item of its own. */
const COUPON: Record<string, string> = { phone: '10% off Storage servers', desktop: 'Domain registration discount' };
const SALE_ITEM: Record<string, number> = { phone: 0, desktop: 1 };

type ApiCoupon = { id: number; name: string; stockLeft: number; stockTotal: number };
type ApiSaleItem = {
  id: number;
  planId: string;
  regionId: string;
  months: number;
  stockLeft: number;
  stockTotal: number;
};

async function apiCoupon(request: APIRequestContext, name: string): Promise<ApiCoupon> {
  const answer = await (await request.post('/api/ac/coupon/search', { data: { language: 'en' } })).json();
  const coupon = (answer.message as ApiCoupon[]).find((c) => c.name === name);
  if (!coupon) throw new Error(`no coupon named ${name}`);
  return coupon;
}

async function apiSaleItem(request: APIRequestContext, index: number): Promise<ApiSaleItem> {
  const answer = await (await request.post('/api/home/activity/cvm/search', { data: { language: 'zh' } })).json();
  const item = (answer.message as { items: ApiSaleItem[] }[])[0]?.items[index];
  if (!item) throw new Error(`no sale item ${index}`);
  return item;
}

test('the coupon centre shows the API count after load, and one less right after a claim', async ({
  activatedCustomer,
  page,
  context,
  request,
  baseURL,
}, info) => {
  // Two languages' pages, and a claim.
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  const name = COUPON[info.project.name] ?? '';
  await page.goto('/ac/coupon');
  const card = page.getByTestId('coupon').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();

  // Another customer claims one: the kept page is now one behind.
  const before = await apiCoupon(request, name);
  const other = await activatedCustomer('cc');
  const claimed = await request.post('/api/ac/coupon/receive', {
    data: { couponId: before.id },
    headers: sessionHeaders(other),
  });
  expect((await claimed.json()).code).toBe(2000);
  const left = (await apiCoupon(request, name)).stockLeft;
  expect(left).toBe(before.stockLeft - 1);

  await page.goto('/ac/coupon');
  await expect(card.getByText(/^\d+ left$/)).toHaveText(`${left} left`);
  await expect(card.getByRole('progressbar')).toHaveAccessibleName(`Coupons left: ${left} of ${before.stockTotal}`);

  // Signed in, the visitor claims one: the count drops by one at once, and the API agrees.
  const visitor = await activatedCustomer('cv');
  await signInBrowser(context, baseURL ?? '', visitor);
  await page.reload();
  await card.getByRole('button', { name: `${en.coupons.claim}: ${name}` }).click();
  await expect(card.getByRole('status')).toContainText(en.coupons.claimedNote);
  await expect(card.getByText(/^\d+ left$/)).toHaveText(`${left - 1} left`);
  expect((await apiCoupon(request, name)).stockLeft).toBe(left - 1);

  // A reload shows the new count too, though the kept page still says otherwise.
  await page.reload();
  await expect(card.getByText(/^\d+ left$/)).toHaveText(`${left - 1} left`);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/coupon-${info.project.name}.png` });
  // Minimums in English are without tax; on Japanese pages in yen, with consumption tax first
  // (docs/decisions/066-tax.md).
  await expect(card.getByTestId('coupon-threshold')).not.toContainText('税');
  await page.goto('/ja/ac/coupon');
  const minimums = page.getByTestId('coupon-threshold').filter({ hasText: '￥' });
  await expect(minimums.first()).toBeVisible();
  for (const text of await minimums.allTextContents()) {
    expect(text).toMatch(/^￥[\d,]+（税込）／税抜 ￥[\d,]+ 以上のご注文で利用可$/);
  }
  await expectNoAxeViolations(page, { include: '[data-testid="coupon"]' });
  await minimums.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/coupon-ja-${info.project.name}.png` });
  expect(problems).toEqual([]);
});

test('the VPS sale page shows the API stock; a customer at the limit sees the deal as bought', async ({
  activatedCustomer,
  page,
  context,
  request,
  baseURL,
}, info) => {
  const problems = watchConsole(page);
  const index = SALE_ITEM[info.project.name] ?? 0;
  await page.goto('/zh/activity/vps');
  const card = page.getByTestId('sale-item').nth(index);
  await expect(card).toBeVisible();

  // Another customer buys one at the sale price: the kept page is now one behind.
  const item = await apiSaleItem(request, index);
  const buyer = await activatedCustomer('sb');
  const order = await request.post('/api/home/coupon-server/order/create', {
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
  expect((await order.json()).code).toBe(2000);
  const left = (await apiSaleItem(request, index)).stockLeft;
  expect(left).toBe(item.stockLeft - 1);

  await page.goto('/zh/activity/vps');
  const stock = zh.salePage.stock.replace('{left}', String(left)).replace('{total}', String(item.stockTotal));
  await expect(card.getByRole('progressbar')).toHaveAccessibleName(stock);
  await expect(card).toContainText(stock);
  await expect(card.getByRole('link', { name: zh.salePage.buy })).toBeVisible();

  // The buyer, signed in, has bought this deal up to its limit of one.
  await signInBrowser(context, baseURL ?? '', buyer);
  await page.reload();
  await expect(card.getByTestId('sale-bought')).toHaveText(zh.salePage.bought);
  await expect(card.getByRole('link', { name: zh.salePage.buy })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/sale-zh-${info.project.name}.png` });
  expect(problems).toEqual([]);
});

test('a signed-in Japanese visitor who claimed the welcome bundle still sees it claimed after a reload', async ({
  activatedCustomer,
  page,
}, info) => {
  const problems = watchConsole(page);
  const password = 'welcome2026';
  const { email } = await activatedCustomer('wj', { password, locale: 'ja' });
  await page.goto('/ja/welcome-signup?ope=login');
  await logInThroughDialog(page, ja, email, password);
  await page.getByRole('button', { name: ja.welcome.claim }).click();
  await expect(page.getByTestId('welcome-claimed')).toHaveText(ja.welcome.claimed);

  await page.reload();
  await expect(page.getByTestId('welcome-claimed')).toHaveText(ja.welcome.claimed);
  await expect(page.getByRole('button', { name: ja.welcome.claim })).toHaveCount(0);
  await page.getByTestId('welcome-claimed').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/welcome-ja-${info.project.name}.png` });
  expect(problems).toEqual([]);
});
