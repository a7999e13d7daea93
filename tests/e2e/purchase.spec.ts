import { expect, test } from './fixtures';
import { MESSAGES } from './support';

const ja = MESSAGES.ja;

test('configure in Japanese: JPY prices without decimals, log in, order, see the confirmation', {
  tag: '@desktop-only',
}, async ({ page, activatedCustomer }) => {
  const { email } = await activatedCustomer('ja', { password: 'tokyo2026', locale: 'ja' });

  await page.goto('/ja/product/vps');
  // Consumer prices in yen on Japanese pages: with consumption tax first (docs/decisions/066-tax.md).
  await expect(page.getByTestId('monthly-price').first()).toHaveText(/^[￥¥][\d,]+（税込）\s*税抜 [￥¥][\d,]+$/);
  await page.locator('tr[data-plan="std-2c4g"]').getByRole('link', { name: ja.vps.configure }).click();
  await expect(page).toHaveURL(/\/ja\/product\/vps-buy\?.*planId=std-2c4g/);

  // The configuration lives in the URL: a choice shows once the URL has changed.
  await page.getByLabel('東京 · 日本').click();
  await expect(page.getByLabel('東京 · 日本')).toBeChecked();
  await page.getByLabel(ja.buy.image).selectOption('debian-12');
  await expect(page).toHaveURL(/imageId=debian-12/);
  await page.getByLabel(ja.buy.period).selectOption('12');
  const total = page.getByTestId('total');
  await expect(total).toHaveText(/^[￥¥][\d,]+$/);
  await expect(page).toHaveURL(/regionId=tokyo/);
  await expect(page).toHaveURL(/months=12/);

  // The shared URL reproduces the configuration.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByLabel(ja.buy.image)).toHaveValue('debian-12');

  await page.getByRole('button', { name: ja.buy.loginToOrder }).click();
  const login = page.getByRole('dialog', { name: ja.account.loginTitle });
  await login.getByLabel(ja.account.accountLabel).fill(email);
  await login.getByLabel(ja.account.password).fill('tokyo2026');
  await login.getByRole('button', { name: ja.account.loginSubmit }).click();
  await expect(login).toBeHidden();

  const shown = await total.textContent();
  await page.getByRole('button', { name: ja.buy.order }).click();
  // The confirmation is the order's own page (tests/e2e/orders.spec.ts follows it further).
  await expect(page).toHaveURL(/\/ja\/orders\/CC\d{8}[0-9A-F]{8}$/);
  const confirmation = page.getByTestId('order-confirmation');
  await expect(confirmation).toContainText(ja.orders.confirmed);
  // Focus is not left on nothing: it is at the confirmation, where a keyboard or screen reader user goes on.
  await expect(confirmation.getByRole('heading', { name: ja.orders.confirmed })).toBeFocused();
  await expect(page.getByTestId('order-total')).toHaveText(shown ?? '');
  await expect(confirmation.getByRole('link', { name: ja.orders.pay })).toHaveAttribute(
    'href',
    /\/order\/pay\/CC\d{8}/,
  );
});

test("a plan chosen in the address is never shown with the default configuration's price", async ({ page }) => {
  // The page arrives priced for the default configuration; a plan in the address is priced after mount. Until
  // that quote lands the summary must not show the default's amounts as if they were this plan's.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/product/cvm/quote', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/ja');
  await page.locator('a[href*="/ja/product/vps-buy?planId=perf-2c4g"]').first().click();
  await expect(page).toHaveURL(/\/ja\/product\/vps-buy\?.*planId=perf-2c4g/);
  await expect(page.getByLabel(ja.buy.plan)).toHaveValue('perf-2c4g');
  const summary = page.getByTestId('price-summary');
  await expect(summary).toHaveAttribute('aria-busy', 'true');
  await expect(summary.getByTestId('total')).toHaveCount(0);
  await expect(summary).toContainText(ja.buy.pricing);
  await expect(page.getByRole('button', { name: ja.buy.loginToOrder })).toBeDisabled();

  const quoted = page.waitForResponse('**/api/product/cvm/quote');
  release();
  const { message } = await (await quoted).json();
  await expect(summary).toHaveAttribute('aria-busy', 'false');
  await expect(summary.getByTestId('total')).toHaveText(
    new RegExp(`^[￥¥]${Number(message.totalInclTaxMinor).toLocaleString('en-US')}$`),
  );
  await expect(page.getByRole('button', { name: ja.buy.loginToOrder })).toBeEnabled();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the purchase page arrives with the default configuration already priced', { tag: '@desktop-only' }, async ({
    page,
  }) => {
    // Priced on the server by the code that charges (docs/product/targets.md#performance): no late summary, nothing shifts when it lands.
    await page.goto('/ja/product/vps-buy');
    await expect(page.getByTestId('total')).toHaveText(/^[￥¥][\d,]+$/);
  });
});

test('a system too big for the plan is replaced with a reason beside the choice and the plans that fit it', async ({
  page,
}) => {
  // Seeded: Windows Server 2022 needs 40 GB; std-1c1g has 25 GB, std-1c2g 50 GB.
  await page.goto('/zh/product/vps-buy?regionId=hong-kong&planId=std-1c1g&imageId=windows-2022');
  const image = page.getByLabel(MESSAGES.zh.buy.image);
  await expect(image).not.toHaveValue('windows-2022');
  const said = MESSAGES.zh.buy.imageNeedsDisk
    .split('{plans}')[0]
    ?.replace('{image}', 'Windows Server 2022 Datacenter')
    .replace('{min}', '40')
    .replace('{disk}', '25');
  await expect(image).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(said ?? '')}.*标准型 1核 2GB`));
  // A plan with room for it keeps it, and says nothing.
  await page.getByLabel(MESSAGES.zh.buy.plan).selectOption('std-1c2g');
  await image.selectOption('windows-2022');
  await expect(image).toHaveValue('windows-2022');
  await expect(image).not.toHaveAttribute('aria-describedby');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
