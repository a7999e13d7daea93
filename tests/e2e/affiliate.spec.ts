import { createHash, randomBytes } from 'node:crypto';
import { signInBrowser } from './customers';
import { forgetSignUpCounts, withE2eDatabase } from './database';
import { answerCookiePanel, expect, expectNoAxeViolations, test, waitForScriptsAfterNavigation } from './fixtures';
import { waitForMail } from './mailbox';
import { payOrderAsCustomerCentre } from './payments';
import { MESSAGES } from './support';

const { zh, ja } = MESSAGES;

/**
 * The affiliate programme end to end (docs/decisions/070-affiliate-programme.md): an affiliate joins in Chinese on a
 * phone and shares a link; a friend follows it in Japanese on a desktop with advertising consent
 * (docs/decisions/071-referral-consent.md), signs up, activates and orders; the affiliate's dashboard counts the
 * click, the sign-up and the order.
 */
test('an affiliate shares a link in zh at 375 px, a friend signs up in ja at 1280 px and orders; the dashboard shows it', {
  tag: '@desktop-only',
}, async ({ page, browser, activatedCustomer, baseURL }) => {
  const base = baseURL ?? '';
  const affiliate = await activatedCustomer('aff', { locale: 'zh' });
  const phone = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 800 }, locale: 'zh-CN' });
  phone.on('page', waitForScriptsAfterNavigation);
  await answerCookiePanel(phone);
  await signInBrowser(phone, base, affiliate);
  const affiliatePage = await phone.newPage();
  await affiliatePage.goto('/zh/affiliate');
  await expect(affiliatePage.getByTestId('affiliate-terms')).toContainText('15%');
  await affiliatePage.getByRole('checkbox', { name: zh.affiliate.join.accept }).check();
  await affiliatePage.getByRole('button', { name: zh.affiliate.join.button }).click();
  await expect(affiliatePage.getByTestId('affiliate-code')).toHaveText(/^[0-9A-Z]{10}$/);
  await affiliatePage.getByLabel(zh.affiliate.link.page).fill('/product/vps');
  const shared = (await affiliatePage.getByTestId('affiliate-link').textContent()) ?? '';
  expect(shared).toMatch(/\/zh\/product\/vps\?aff=[0-9A-Z]{10}$/);
  await expectNoAxeViolations(affiliatePage);
  // Both browsers run on this machine: the affiliate's joining address would refuse the friend as a self-referral
  // (same_address), so the affiliate is taken to have joined from elsewhere.
  await withE2eDatabase((db) =>
    db.query('update affiliates set join_ip_hash = null where user_id = $1', [affiliate.userId]),
  );

  // The friend reads Japanese and has said yes to advertising cookies.
  await page.context().addInitScript(() => window.localStorage.setItem('cookieSelect3', '0'));
  const friendLink = new URL(shared.replace('/zh/', '/ja/'));
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/affiliate/click'));
  await page.goto(friendLink.pathname + friendLink.search);
  expect((await (await beacon).json()).message.token).toBeTruthy();
  // The address loses the code; the referral cookie holds the click.
  await expect(page).toHaveURL(/\/ja\/product\/vps$/);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'affRef')).toBe(true);
  await expectNoAxeViolations(page);

  await forgetSignUpCounts();
  const email = `affja${Date.now().toString(36)}@example.com`;
  await page.goto('/ja/product/vps?ope=reg');
  const dialog = page.getByRole('dialog', { name: ja.account.registerTitle });
  await dialog.getByLabel(ja.account.email).fill(email);
  await dialog.getByLabel(ja.account.password, { exact: true }).fill('青い 海 白い 雲 2026');
  await dialog.getByLabel(ja.account.confirmPassword).fill('青い 海 白い 雲 2026');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: ja.account.registerSubmit }).click();
  await expect(dialog.getByTestId('register-done')).toContainText(ja.account.checkInbox);
  const link = /https?:\/\/\S+\/ja\/activate\?code=[\w-]+/.exec(await waitForMail(email))?.[0];
  await page.goto(link ?? '');
  await expect(page.getByTestId('activation-state')).toHaveAttribute('data-state', 'activated');

  // The friend orders (through the API, as the configurator does) and the customer centre reports it paid.
  const friend = await withE2eDatabase(async (db) => {
    const sid = randomBytes(32).toString('base64url');
    const csrf = randomBytes(32).toString('base64url');
    const user = await db.query<{ id: number }>(
      `update users set billing_country = 'JP' where email = $1 returning id`,
      [email],
    );
    const id = user.rows[0]?.id ?? 0;
    await db.query(
      `insert into sessions (id, user_id, csrf_token, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(sid).digest('hex'), id, csrf],
    );
    return { id, sid, csrf };
  });
  try {
    const made = await page.request.post('/api/home/coupon-server/order/create', {
      data: {
        regionId: 'tokyo',
        imageId: 'ubuntu-24.04',
        planId: 'std-1c1g',
        currency: 'JPY',
        billingCountry: 'JP',
        idempotencyKey: randomBytes(8).toString('hex'),
      },
      headers: { cookie: `sid=${friend.sid}`, 'x-csrf-token': friend.csrf, origin: base },
    });
    expect(made.status(), await made.text()).toBe(200);
    await payOrderAsCustomerCentre(page, (await made.json()).message.number);

    await affiliatePage.reload();
    const stats = affiliatePage.getByTestId('affiliate-stats');
    await expect(stats.getByText(zh.affiliate.stats.clicks).locator('..')).toContainText('1');
    await expect(stats.getByText(zh.affiliate.stats.signUps).locator('..')).toContainText('1');
    await expect(stats.getByText(zh.affiliate.stats.orders).locator('..')).toContainText('1');
    await expect(affiliatePage.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(affiliatePage);

    // The affiliate chooses PayPal, by keyboard: a mistyped address is refused at the field in Chinese, the
    // corrected one is saved and shown back masked, with the minimum payout that applies to it.
    const payout = affiliatePage.getByTestId('affiliate-payout-form');
    await payout.getByLabel(zh.affiliate.payout.form.method).selectOption('paypal');
    const account = payout.getByLabel(zh.affiliate.payout.form.paypal);
    await account.fill('zhang.wei@example');
    await account.press('Enter');
    await expect(account).toHaveAccessibleDescription(new RegExp(zh.validation.email.replace(/[.()]/g, '\\$&')));
    await account.fill('zhang.wei@example.com');
    await account.press('Enter');
    await expect(payout.getByRole('status')).toHaveText(
      zh.affiliate.payout.form.saved.replace('{method}', zh.affiliate.payout.methods.paypal),
    );
    await expect(affiliatePage.getByTestId('affiliate-payout-current')).toContainText('z***@example.com');
    await expect(affiliatePage.getByTestId('affiliate-next-payout')).toContainText(zh.affiliate.payout.methods.paypal);
    await expect(affiliatePage.getByTestId('affiliate-payout-current')).not.toContainText('zhang.wei');
    await expectNoAxeViolations(affiliatePage);
  } finally {
    await phone.close();
    await withE2eDatabase(async (db) => {
      await db.query('delete from orders where user_id = $1', [friend.id]);
      await db.query('delete from users where id = $1', [friend.id]);
    });
  }
});
