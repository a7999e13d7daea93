import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forgetSignUpCounts, withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { waitForMail } from './mailbox';
import { MESSAGES } from './support';

/**
 * What a stranger cannot learn or do (docs/decisions/033-login-limits.md, 034-hostile-input.md): a sign-up with a
 * taken address looks like any other, only the owner hears of it, and a password is reset from the mail; another
 * site's page cannot post forms to the API in the visitor's name.
 */
test.describe('a taken address and a forgotten password', () => {
  test('the sign-up answers as for a new address, the owner is mailed, and resets the password from the mail', async ({
    page,
  }, info) => {
    // Four password hashes at OWASP's cost (docs/decisions/033-login-limits.md) and three mails: 23-31 s on the
    // shared 2-core machine, against the default 30 s.
    test.setTimeout(60_000);
    // Japanese on the desktop run, Chinese on the phone run: one journey per language and width.
    const locale = info.project.name === 'phone' ? 'zh' : 'ja';
    const m = MESSAGES[locale];
    const email = `${locale}${Date.now().toString(36)}@example.com`;

    const signUp = async () => {
      await forgetSignUpCounts();
      await page.goto(`/${locale}/about?ope=reg`);
      const dialog = page.getByRole('dialog', { name: m.account.registerTitle });
      await dialog.getByLabel(m.account.email).fill(email);
      await dialog.getByLabel(m.account.password, { exact: true }).fill('cloud2026');
      await dialog.getByLabel(m.account.confirmPassword).fill('cloud2026');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: m.account.registerSubmit }).click();
      const done = dialog.getByTestId('register-done');
      await expect(done).toBeVisible();
      return done.innerText();
    };

    const first = await signUp();
    const activation = await waitForMail(email, '/activate?code=');
    await page.goto(/https?:\/\/\S+\/activate\?code=[\w-]+/.exec(activation)?.[0] ?? '');
    await expect(page.getByTestId('activation-state')).toHaveAttribute('data-state', 'activated');

    // The same address again: the same words on screen, whoever types it.
    expect(await signUp()).toBe(first);
    const notice = await waitForMail(email, '/resetPassword');
    expect(notice).toContain(`/${locale}?ope=login`);
    const resetPage = /https?:\/\/\S+\/resetPassword(?=\s)/.exec(notice)?.[0];
    expect(resetPage, notice).toBeTruthy();

    // The owner asks for a reset link from the page the mail points at.
    await page.goto(resetPage ?? '');
    await page.getByLabel(m.account.email).fill(email);
    await page.getByRole('button', { name: m.account.reset.requestSubmit }).click();
    await expect(page.getByTestId('reset-sent')).toContainText(email);
    const resetMail = await waitForMail(email, '/resetPassword?code=');
    await page.goto(/https?:\/\/\S+\/resetPassword\?code=[\w-]+/.exec(resetMail)?.[0] ?? '');

    // Each field says what is wrong with it, in the visitor's language.
    await page.getByLabel(m.account.reset.newPassword).fill('sky2027');
    await page.getByLabel(m.account.confirmPassword).fill('sky2028');
    await page.getByRole('button', { name: m.account.reset.submit }).click();
    await expect(page.getByTestId(/-password-error$/)).toHaveText(m.validation.passwordLength);
    await expect(page.getByText(m.validation.passwordMismatch)).toBeVisible();
    await page.getByLabel(m.account.reset.newPassword).fill('sky 2027 at dawn');
    await page.getByLabel(m.account.confirmPassword).fill('sky 2027 at dawn');
    await page.getByRole('button', { name: m.account.reset.submit }).click();
    await expect(page.getByTestId('reset-state')).toHaveAttribute('data-state', 'done');

    await page.getByTestId('reset-state').getByRole('link', { name: m.account.reset.login }).click();
    const login = page.getByRole('dialog', { name: m.account.loginTitle });
    await login.getByLabel(m.account.accountLabel).fill(email);
    await login.getByLabel(m.account.password).fill('sky 2027 at dawn');
    await login.getByRole('button', { name: m.account.loginSubmit }).click();
    await expect(login).toBeHidden();
    await expect(page.getByRole('button', { name: m.shell.account.menu })).toContainText(`${email.slice(0, 4)}****`);
  });

  test('the login dialog leads to the reset page', async ({ page }) => {
    await page.goto('/?ope=login');
    const login = page.getByRole('dialog', { name: MESSAGES.en.account.loginTitle });
    await login.getByRole('link', { name: MESSAGES.en.account.forgotPassword }).click();
    await expect(page).toHaveURL(/\/resetPassword$/);
    await expect(login).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.en.pages.resetPassword.heading);
  });
});

// Answers of the server, the same at every width.
test.describe('forms on another site', { tag: '@desktop-only' }, () => {
  let attacker: Server;
  let attackerOrigin = '';

  test.beforeAll(async ({ baseURL }) => {
    // An attacker's page on another origin: text/plain forms whose bodies parse as JSON, posted to our API.
    const page = `<!doctype html><html><body>
      <form id="login" method="post" enctype="text/plain" action="${baseURL}/api/login">
        <input name='{"account":"attacker@example.com","password":"x","pad":"' value='"}'>
      </form>
      <form id="contact" method="post" enctype="text/plain" action="${baseURL}/api/contact">
        <input name='{"name":"Forged","email":"forged@example.com","topic":"sales","message":"forged-${Date.now()}","pad":"' value='"}'>
      </form>
    </body></html>`;
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });

  test.afterAll(() => attacker?.close());

  for (const form of ['login', 'contact'] as const) {
    test(`a text/plain form posted to /api/${form} from another origin is refused`, async ({ page, context }) => {
      await page.goto(attackerOrigin);
      const answer = page.waitForResponse((r) => r.url().endsWith(`/api/${form}`));
      await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
      const res = await answer;
      expect([403, 415]).toContain(res.status());
      expect(await res.json()).toMatchObject({ code: expect.any(Number), message: expect.stringMatching(/^api\./) });
      expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false);
      if (form === 'contact') {
        const stored = await withE2eDatabase((db) =>
          db.query("select count(*)::int as n from contact_messages where email = 'forged@example.com'"),
        );
        expect(stored.rows[0]?.n).toBe(0);
      }
    });
  }
});
