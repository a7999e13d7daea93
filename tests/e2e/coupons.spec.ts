import { expect, test } from './fixtures';
import { MESSAGES, watchConsole } from './support';

const en = MESSAGES.en;
// Seeded (src/server/db/seed/data/promotions.ts): $5 off cloud servers from $20, two per account.
const COUPON = 'Cloud server order discount';

test('claim a coupon in the coupon centre, then spend it in the VPS configurator', { tag: '@desktop-only' }, async ({
  page,
  activatedCustomer,
}) => {
  const problems = watchConsole(page);
  const { email } = await activatedCustomer('cc', { password: 'coupon2026' });

  await page.goto('/ac/coupon');
  const card = page.getByTestId('coupon').filter({ has: page.getByRole('heading', { name: COUPON }) });
  await expect(card.getByRole('progressbar', { name: /^Coupons left: \d+ of 1000$/ })).toBeVisible();
  await expect(card).toContainText(en.coupons.state.active);
  // The welcome bundle is not offered here.
  await expect(page.getByText('Welcome gift: first order discount')).toHaveCount(0);

  await card.getByRole('link', { name: en.coupons.logInToClaim }).click();
  await expect(page).toHaveURL(/\/ac\/coupon\?ope=login/);
  const login = page.getByRole('dialog', { name: en.account.loginTitle });
  await login.getByLabel(en.account.accountLabel).fill(email);
  await login.getByLabel(en.account.password).fill('coupon2026');
  await login.getByRole('button', { name: en.account.loginSubmit }).click();
  await expect(login).toBeHidden();

  await card.getByRole('button', { name: `${en.coupons.claim}: ${COUPON}` }).click();
  await expect(card.getByRole('status')).toContainText(en.coupons.claimedNote);
  // How many the visitor holds, of how many one may hold; still said after a reload.
  const holding = en.coupons.holding.replace('{held}', '1').replace('{limit}', '2');
  await expect(card.getByTestId('coupon-held')).toContainText(holding);
  await page.reload();
  await expect(card.getByTestId('coupon-held')).toContainText(holding);
  // The coupon centre itself logs nothing (the configurator's superseded price requests are its own concern).
  expect(problems).toEqual([]);
  await card.getByRole('link', { name: en.coupons.useNow }).click();
  await expect(page).toHaveURL(/\/product\/vps-buy/);

  // One month of the entry plan does not reach the $20 minimum: the price is still shown, and why it cannot be
  // ordered is said where the order button is.
  await page.getByLabel(en.buy.coupon).selectOption({ label: COUPON });
  await expect(page.getByTestId('total')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(page.getByTestId('order-blocked')).toHaveText(en.api.order.couponThreshold);
  await expect(page.getByRole('button', { name: en.buy.order })).toBeDisabled();
  await expect(page.getByRole('button', { name: en.buy.order })).toHaveAccessibleDescription(
    en.api.order.couponThreshold,
  );
  // Twelve months of the entry plan pass the $20 minimum.
  await page.getByLabel(en.buy.period).selectOption('12');
  await expect(page).toHaveURL(/months=12/);
  await page.getByLabel(en.buy.coupon).selectOption({ label: COUPON });
  await expect(page).toHaveURL(/coupon=\d+/);
  await expect(page.getByTestId('discount')).toHaveText('-$5.00');
  await expect(page.getByTestId('order-blocked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.buy.order })).toBeEnabled();
});

test('sign-up says what it asks for: an e-mail address, a mobile number optional', async ({ page }) => {
  for (const locale of ['en', 'zh', 'ja'] as const) {
    await page.goto(locale === 'en' ? '/signUp' : `/${locale}/signUp`);
    await expect(page.getByText(MESSAGES[locale].pages.signUp.intro)).toBeVisible();
    await expect(page.getByLabel(MESSAGES[locale].account.phoneOptional)).not.toHaveAttribute('required');
  }
});
