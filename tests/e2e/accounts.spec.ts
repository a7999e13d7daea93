import strengthEn from '../../src/i18n/password-strength/en.json';
import strengthZh from '../../src/i18n/password-strength/zh.json';
import { forgetSignUpCounts } from './database';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { waitForMail } from './mailbox';
import { MESSAGES, waitForShell } from './support';

const zh = MESSAGES.zh;
/** The strength meter's words, loaded with it rather than with the page (src/components/account/password-meter.tsx). */
const STRENGTH = { en: strengthEn, zh: strengthZh };

test.describe('accounts in Chinese on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('register through ?ope=reg, activate from the mail, log in, see the masked account, log out', {
    tag: '@phone-only',
  }, async ({ page }) => {
    await forgetSignUpCounts();
    const email = `zh${Date.now().toString(36)}@example.com`;

    await page.goto('/zh/about?ope=reg');
    const dialog = page.getByRole('dialog', { name: zh.account.registerTitle });
    await expect(dialog).toBeVisible();

    // Field errors in the visitor's language before anything is sent.
    await dialog.getByRole('button', { name: zh.account.registerSubmit }).click();
    await expect(dialog.getByText(zh.validation.required).first()).toBeVisible();
    await dialog.getByLabel(zh.account.email).fill('not-an-address');
    await dialog.getByRole('button', { name: zh.account.registerSubmit }).click();
    await expect(dialog.getByText(zh.validation.email)).toBeVisible();

    await dialog.getByLabel(zh.account.email).fill(email);
    // The strength meter says, in Chinese and in words, why a password will be refused, then that a passphrase is
    // strong (docs/decisions/056-account-passwords.md).
    const strength = dialog.getByTestId('password-strength').getByRole('status');
    await dialog.getByLabel(zh.account.password, { exact: true }).fill('12345678');
    await expect(strength).toContainText(zh.validation.passwordCommon);
    await expect(strength).toContainText(STRENGTH.zh.levels['0']);
    await dialog.getByLabel(zh.account.password, { exact: true }).fill('青山 白云 小猫 咪咪');
    await expect(strength).toContainText(STRENGTH.zh.summary.replace('{level}', STRENGTH.zh.levels['4']));
    await dialog.getByLabel(zh.account.confirmPassword).fill('青山 白云 小猫 咪咪');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: zh.account.registerSubmit }).click();
    await expect(dialog.getByTestId('register-done')).toContainText(zh.account.checkInbox);

    await dialog.getByRole('button', { name: zh.account.close }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/zh\/about$/);

    const mail = await waitForMail(email);
    const link = /https?:\/\/\S+\/zh\/activate\?code=[\w-]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    await page.goto(link ?? '');
    await expect(page.getByTestId('activation-state')).toHaveAttribute('data-state', 'activated');
    await expect(page.getByText(zh.account.activation.activated.title)).toBeVisible();

    await page.goto('/zh?ope=login');
    const login = page.getByRole('dialog', { name: zh.account.loginTitle });
    await login.getByLabel(zh.account.accountLabel).fill(email);
    await login.getByLabel(zh.account.password).fill('青山 白云 小猫 咪咪');
    await login.getByRole('button', { name: zh.account.loginSubmit }).click();
    await expect(login).toBeHidden();

    const account = page.getByRole('button', { name: zh.shell.account.menu });
    await expect(account).toContainText(`${email.slice(0, 4)}****`);

    // A new tab of the same browser recovers the session from its cookie.
    const other = await page.context().newPage();
    await other.goto('/zh/jobs');
    await expect(other.getByRole('button', { name: zh.shell.account.menu })).toContainText(`${email.slice(0, 4)}****`);
    await other.close();

    await account.click();
    await page.getByRole('menuitem', { name: zh.shell.account.logout }).click();
    await expect(page).toHaveURL(/\/zh$/);
    await expect(page.getByRole('link', { name: zh.nav.login })).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  test('a reused activation link says so', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/zh/activate?code=not-a-real-code');
    await expect(page.getByTestId('activation-state')).toHaveAttribute('data-state', 'invalid');
    await expect(page.getByText(zh.account.activation.invalid.title)).toBeVisible();
  });
});

test.describe('the login dialog and the keyboard', () => {
  test('Escape closes it and gives focus back to the link that opened it', async ({ page }) => {
    const en = MESSAGES.en;
    await page.goto('/jobs');
    await waitForShell(page);
    const login = page.getByRole('banner').getByRole('link', { name: en.nav.login });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: en.account.loginTitle });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/jobs\?ope=login$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(login).toBeFocused();
  });
});

test.describe('the sign-up form', () => {
  test('shows each field error at once: the passwords differ while the address is still wrong', async ({ page }) => {
    const ja = MESSAGES.ja;
    await page.goto('/ja/signUp');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: ja.account.registerSubmit }) });
    await form.getByLabel(ja.account.email).fill('not-an-address');
    await form.getByLabel(ja.account.password, { exact: true }).fill('cloud2026');
    await form.getByLabel(ja.account.confirmPassword).fill('cloud2027');
    await form.getByRole('button', { name: ja.account.registerSubmit }).click();
    await expect(form.getByText(ja.validation.email)).toBeVisible();
    await expect(form.getByText(ja.validation.passwordMismatch)).toBeVisible();
    // On the repeated password's own field, announced with it.
    await expect(form.getByLabel(ja.account.confirmPassword)).toHaveAccessibleDescription(
      ja.validation.passwordMismatch,
    );
  });
});

test.describe('a new password (docs/decisions/056-account-passwords.md)', () => {
  test('a common one is refused with the reason before and after sending; a passphrase with symbols is taken', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    const en = MESSAGES.en;
    await forgetSignUpCounts();
    await page.goto('/signUp');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: en.account.registerSubmit }) });
    const password = form.getByLabel(en.account.password, { exact: true });
    const strength = form.getByTestId('password-strength').getByRole('status');
    await form.getByLabel(en.account.email).fill(`pw${Date.now().toString(36)}@example.com`);
    await password.fill('password1');
    await expect(strength).toHaveText(
      `${STRENGTH.en.summary.replace('{level}', STRENGTH.en.levels['0'])} ${en.validation.passwordCommon}`,
    );
    // Read with the field, not only announced while typing.
    await expect(password).toHaveAccessibleDescription(new RegExp(en.validation.passwordCommon.replace(/[.]/g, '\\.')));
    await expectNoAxeViolations(page);

    // The server refuses it too, under the field; the meter does not say it twice.
    await form.getByLabel(en.account.confirmPassword).fill('password1');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: en.account.registerSubmit }).click();
    await expect(form.getByText(en.validation.passwordCommon)).toHaveCount(1);
    await expect(password).toHaveAttribute('aria-invalid', 'true');

    await password.fill('Moonlit river; 7 cranes!!');
    await expect(strength).toHaveText(STRENGTH.en.summary.replace('{level}', STRENGTH.en.levels['4']));
    await form.getByLabel(en.account.confirmPassword).fill('Moonlit river; 7 cranes!!');
    await form.getByRole('button', { name: en.account.registerSubmit }).click();
    await expect(page.getByTestId('register-done')).toBeVisible();
  });
});

test.describe('a form whose schema cannot load', () => {
  test('says the request failed and keeps what was typed (docs/product/targets.md#performance: the schema loads on submit)', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    const en = MESSAGES.en;
    await page.goto('/signUp');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: en.account.registerSubmit }) });
    await form.getByLabel(en.account.email).fill('offline@example.com');
    // The connection drops after the page has loaded: the schema's chunk (zod included) never arrives.
    await page.route('**/_next/static/chunks/**', (route) => route.abort());
    await form.getByRole('button', { name: en.account.registerSubmit }).click();
    await expect(form.getByRole('alert')).toHaveText(en.api.requestFailed);
    await expect(form.getByLabel(en.account.email)).toHaveValue('offline@example.com');
  });
});

test.describe('the activation page in Japanese', () => {
  test('its resend form checks the address in Japanese, then sends one request for two quick submits', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    const ja = MESSAGES.ja;
    await page.goto('/ja/activate');
    await expect(page.getByTestId('activation-state')).toHaveAttribute('data-state', 'missing');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: ja.account.activation.resend }) });
    await form.getByLabel(ja.account.email).fill('not-an-address');
    await form.getByRole('button', { name: ja.account.activation.resend }).click();
    await expect(form.getByText(ja.validation.email)).toBeVisible();

    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/activate/resend')) sent += 1;
    });
    await form.getByLabel(ja.account.email).fill('resend-twice@example.com');
    // Two submits in one task, before React re-renders: the second must not send again.
    await form.evaluate((element) => {
      const f = element as HTMLFormElement;
      f.requestSubmit();
      f.requestSubmit();
    });
    await expect(page.getByRole('status').filter({ hasText: ja.account.activation.resent })).toBeVisible();
    expect(sent).toBe(1);
  });
});
