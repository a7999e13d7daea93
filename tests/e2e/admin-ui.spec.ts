import type { Page, Route } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import adminJa from '../../src/i18n/admin/ja.json';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { navigationLinks } from './staff';
import { watchConsole } from './support';

/**
 * The back office's screens against answers of the documented shapes (docs/product/back-office-api.md), served
 * by the test instead of the server: each screen's states (a refused field, the 409 view) on demand, at both
 * widths, with axe-core. tests/e2e/admin.spec.ts goes through the real API end to end.
 */
const en = adminEn.admin;
const ja = adminJa.admin;
const fields = en.resources.announcements.fields;

/** The signed-in owner, as the session's answer holds them (the staff row's schema). */
const owner = {
  id: 1,
  email: 'owner@example.com',
  name: 'Olivia Owner',
  role: 'owner',
  locale: 'en',
  status: 'active',
  state: 'active',
  enrolled: true,
  version: 1,
  lastSeenAt: null,
  createdAt: '2026-04-01T08:00:00.000Z',
};
const snapshot = {
  id: 5,
  category: 'maintenance',
  pinned: true,
  publishedAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-04-30T12:00:00.000Z',
  version: 3,
  translations: {
    en: {
      title: 'Tokyo network maintenance',
      body: 'We will upgrade the **core routers**.\n\n- 02:00–04:00 JST\n- No action needed',
    },
    zh: { title: '东京网络维护', body: '我们将升级**核心路由器**。' },
    ja: { title: '', body: '' },
  },
};

const ok = (route: Route, message: unknown) => route.fulfill({ json: { code: 2000, message } });
const refuse = (route: Route, status: number, body: Record<string, unknown>) => route.fulfill({ status, json: body });

/**
 * A signed-in owner (or nobody, until the sign-in form is sent) and the lists the screens read; `mailWaiting`: a
 * server without SMTP_URL, that many mails in its outbox.
 */
async function fakeApi(page: Page, options: { signedIn: boolean; mailWaiting?: number }) {
  let signedIn = options.signedIn;
  const notices =
    options.mailWaiting === undefined
      ? []
      : [{ key: 'mailNotSent', values: { waiting: options.mailWaiting, more: 'no' } }];
  const puts: unknown[] = [];
  await page.route('**/api/admin/**', async (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace('/api/admin', '');
    const method = route.request().method();
    if (path === '/auth/me')
      return signedIn
        ? ok(route, { staff: owner, csrfToken: 'csrf' })
        : refuse(route, 401, { code: 4010, message: 'api.unauthorized' });
    if (path === '/auth/login') {
      const body = route.request().postDataJSON();
      if (body.totpCode !== '123456') return refuse(route, 401, { code: 4011, message: 'api.admin.loginFailed' });
      signedIn = true;
      return ok(route, { staff: owner, csrfToken: 'csrf' });
    }
    if (path === '/auth/setup/inspect') {
      return ok(route, {
        email: 'new@example.com',
        name: 'Kenji Editor',
        role: 'editor',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Cirrus:new%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Cirrus',
      });
    }
    if (path === '/announcements/preview') {
      // The real preview is the site's renderer on the server; a paragraph of the escaped body stands in for it.
      const body = String(route.request().postDataJSON().body ?? '');
      return ok(route, { html: body ? `<p>${body.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>` : '' });
    }
    if (path === '/announcements' && method === 'GET') {
      return ok(route, {
        total: 42,
        page: Number(url.searchParams.get('page') ?? 1),
        rows: 20,
        capped: false,
        items: [
          snapshot,
          {
            id: 4,
            category: 'product',
            pinned: false,
            publishedAt: '2027-01-10T01:00:00.000Z',
            updatedAt: '2026-04-29T08:00:00.000Z',
            version: 1,
            translations: {
              en: { title: 'New region: Osaka', body: 'Osaka opens.' },
              zh: { title: '新区域：大阪', body: '大阪开放。' },
              ja: { title: '新リージョン：大阪', body: '大阪リージョン開設。' },
            },
          },
        ],
      });
    }
    if (path === '/announcements/5' && method === 'GET') return ok(route, snapshot);
    if (path === '/announcements/5' && method === 'PUT') {
      const body = route.request().postDataJSON();
      puts.push(body);
      if (body.version === snapshot.version) {
        return refuse(route, 409, {
          code: 4090,
          message: 'api.admin.staleVersion',
          current: {
            ...snapshot,
            version: 4,
            updatedAt: '2026-05-01T08:00:00.000Z',
            translations: {
              ...snapshot.translations,
              en: { ...snapshot.translations.en, title: 'Tokyo maintenance moved' },
            },
          },
        });
      }
      return ok(route, { ...snapshot, ...body, version: body.version + 1 });
    }
    if (path === '/audit') {
      return ok(route, {
        total: 2,
        capped: false,
        next: null,
        items: [
          {
            id: 12,
            at: '2026-05-01T08:00:00.000Z',
            staff: { id: 2, name: 'Kenji Editor', email: 'kenji@example.com' },
            kind: 'announcement',
            entityId: '5',
            action: 'update',
            before: { title: 'Tokyo network maintenance' },
            after: { title: 'Tokyo maintenance moved' },
            revertOf: null,
            version: 2,
            revertedBy: null,
          },
          {
            id: 1,
            at: '2026-04-01T08:00:00.000Z',
            staff: null,
            kind: 'staff',
            entityId: '1',
            action: 'create',
            before: null,
            after: { email: 'owner@example.com', role: 'owner' },
            revertOf: null,
            version: null,
            revertedBy: null,
          },
        ],
      });
    }
    if (path === '/staff') {
      return ok(route, {
        total: 2,
        page: 1,
        rows: 20,
        items: [
          {
            ...owner,
            lastSeenAt: '2026-05-01T08:00:00.000Z',
          },
          {
            id: 2,
            email: 'kenji@example.com',
            name: 'Kenji Editor',
            role: 'editor',
            status: 'disabled',
            state: 'disabled',
            locale: 'ja',
            enrolled: true,
            version: 2,
            lastSeenAt: null,
            createdAt: '2026-04-02T08:00:00.000Z',
          },
        ],
        capped: false,
      });
    }
    if (path === '/dashboard') {
      // A quiet week: the charts draw empty days.
      const from = url.searchParams.get('from') ?? '2026-05-01';
      const days = Array.from({ length: 7 }, (_, i) =>
        new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10),
      );
      const zeros = days.map(() => 0);
      return ok(route, {
        from,
        to: url.searchParams.get('to') ?? from,
        tz: url.searchParams.get('tz') ?? 'UTC',
        days,
        signups: { created: zeros, activated: zeros, totalCreated: 0, totalActivated: 0 },
        notices,
      });
    }
    if (path === '/deliveries') {
      const at = '2026-05-01T08:00:00.000Z';
      return ok(route, {
        total: 1,
        capped: false,
        next: null,
        notices,
        items: [
          {
            id: 'mail-7',
            kind: 'mail',
            outboxId: 7,
            type: 'activation',
            subject: 'Activate your Cirrus Cloud account',
            recipient: 'new.customer@example.com',
            eventId: null,
            orderId: null,
            orderNumber: null,
            state: 'pending',
            attempts: 0,
            lastError: null,
            nextAttemptAt: at,
            createdAt: at,
            doneAt: null,
          },
        ],
      });
    }
    return refuse(route, 404, { code: 4040, message: 'api.notFound' });
  });
  return { puts };
}

test('sign-in: a field left wrong is named next to it, a refused code as an alert, then the dashboard', async ({
  page,
}, info) => {
  const problems = watchConsole(page);
  await fakeApi(page, { signedIn: false });
  await page.goto('/admin');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const form = page.getByTestId('admin-sign-in');
  await form.getByLabel(en.signIn.email).fill('owner@example.com');
  await form.getByLabel(en.signIn.password).fill('correct horse battery');
  await form.getByLabel(en.signIn.code).fill('12');
  await form.getByRole('button', { name: en.signIn.submit }).click();
  await expect(page.getByTestId('sign-in-code-error')).toHaveText(adminEn.api.admin.totpInvalid);
  await expect(form.getByLabel(en.signIn.code)).toBeFocused();
  await page.screenshot({ path: `screenshots/admin-ui-sign-in-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await form.getByLabel(en.signIn.code).fill('000000');
  await form.getByRole('button', { name: en.signIn.submit }).click();
  await expect(page.getByTestId('sign-in-error')).toHaveText(adminEn.api.admin.loginFailed);
  await expect(form.getByLabel(en.signIn.password)).toHaveValue('correct horse battery');

  await form.getByLabel(en.signIn.code).fill('123 456');
  await form.getByRole('button', { name: en.signIn.submit }).click();
  await expect(page.getByRole('heading', { name: en.dashboard.title.replace('{name}', owner.name) })).toBeVisible();
  await expect(await navigationLinks(page)).toHaveText([
    en.nav.dashboard,
    en.resources.announcements.title,
    en.resources.articles.title,
    en.nav.translations,
    en.nav.jobs,
    en.nav.history,
    en.nav.footerLinks,
    en.nav.catalog,
    en.nav.prices,
    en.nav.promotions,
    en.nav.orders,
    en.resources.invoices.title,
    en.nav.finance,
    en.nav.customers,
    en.resources['tax-rules'].title,
    en.resources['affiliate-terms'].title,
    en.resources.affiliates.title,
    en.resources['affiliate-commissions'].title,
    en.resources['affiliate-payouts'].title,
    en.resources.reviews.title,
    en.resources['contact-messages'].title,
    en.nav.deliveries,
    en.nav.audit,
    en.resources.staff.title,
  ]);
  await page.screenshot({ path: `screenshots/admin-ui-dashboard-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
});

test('mail not sent: the dashboard and the deliveries screen say so, and how many mails wait', async ({
  page,
}, info) => {
  await fakeApi(page, { signedIn: true, mailWaiting: 3 });
  await page.goto('/admin');
  const notice = page.getByTestId('notice-mailNotSent');
  await expect(notice).toContainText('SMTP_URL');
  await expect(notice).toContainText('3 mails');
  await page.screenshot({ path: `screenshots/admin-ui-mail-not-sent-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await notice.getByRole('link', { name: en.notices.links.mailNotSent }).click();
  await expect(page).toHaveURL(/\/admin\/deliveries/);
  await expect(page.getByTestId('deliveries-list').getByTestId('row')).toHaveCount(1);
  await expect(page.getByTestId('notice-mailNotSent')).toContainText('SMTP_URL');
  await page.screenshot({ path: `screenshots/admin-ui-deliveries-not-sent-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});

test('setup link: the secret as a QR code and as text; a short password is refused next to its field', async ({
  page,
}, info) => {
  await fakeApi(page, { signedIn: false });
  await page.goto('/admin/setup?token=abcdefghijklmnopqrstuvwxyz012345');
  await expect(page.getByTestId('setup-qr')).toBeVisible();
  await expect(page.getByTestId('setup-secret')).toHaveText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  await page.getByLabel(en.setup.password, { exact: true }).fill('short');
  await page.getByLabel(en.setup.confirm).fill('shorter');
  await page.getByRole('button', { name: en.setup.submit }).click();
  await expect(page.getByTestId('setup-password-error')).toHaveText(adminEn.api.admin.passwordTooShort);
  await expect(page.getByTestId('setup-confirm-error')).toHaveText(en.setup.mismatch);
  await page.screenshot({ path: `screenshots/admin-ui-setup-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});

test('announcements: the list, the editor in three languages, and the 409 view that keeps what was typed', async ({
  page,
}, info) => {
  test.setTimeout(60_000); // four accessibility scans of a long form
  const { puts } = await fakeApi(page, { signedIn: true });
  await page.goto('/admin/announcements');
  await expect(page.getByTestId('announcements-list').getByTestId('row')).toHaveCount(2);
  await expect(page.getByText(en.resources.announcements.options.state.scheduled)).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-ui-announcements-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: `${en.resource.open}: Tokyo network maintenance` }).click();
  await expect(page.getByTestId('language-en').getByLabel(fields.title)).toHaveValue('Tokyo network maintenance');
  await expect(page.getByTestId('preview-ja')).toContainText(en.editor.fallback);
  await page.getByTestId('language-ja').getByLabel(fields.title).fill('東京ネットワークメンテナンス');
  await expect(page.getByTestId('preview-ja')).toContainText('東京ネットワークメンテナンス');
  // A title without its text is refused next to the field, and nothing typed is lost.
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('announcements-form-translations-ja-body-error')).toHaveText('This field is required.');
  await page.getByTestId('language-ja').getByLabel(fields.body).fill('コアルーターを更新します。');
  await page.screenshot({ path: `screenshots/admin-ui-editor-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByTestId('resource-save').click();
  const conflict = page.getByTestId('conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('conflict-theirs').first()).toHaveText('Tokyo maintenance moved');
  await expect(page.getByTestId('language-ja').getByLabel(fields.title)).toHaveValue('東京ネットワークメンテナンス');
  await page.screenshot({ path: `screenshots/admin-ui-conflict-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await conflict.getByTestId('overwrite').click();
  await expect(page.getByTestId('resource-notice')).toContainText(en.resource.saved);
  expect((puts.at(-1) as { version: number }).version).toBe(4);
});

test('audit log and staff, and the whole back office in Japanese', async ({ page }, info) => {
  test.setTimeout(60_000); // three accessibility scans, one of a long log entry, and a change of language
  await fakeApi(page, { signedIn: true });
  await page.goto('/admin/audit');
  await page.getByTestId('audit-toggle').first().click();
  await expect(page.getByTestId('audit-after')).toContainText('Tokyo maintenance moved');
  await expect(page.getByTestId('revert')).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-ui-audit-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await page.goto('/admin/staff');
  await page.getByTestId('resource-new').click();
  const dialog = page.getByRole('dialog', { name: en.resources.staff.new });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(en.resources.staff.fields.email, { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: en.resources.staff.create }).click();
  await expect(dialog.getByTestId('staff-form-email-error')).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-ui-invite-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('resource-new')).toBeFocused();

  await page.getByTestId('admin-language').selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByRole('heading', { name: ja.resources.staff.title })).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-ui-staff-ja-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  // Remembered for the back office only.
  await page.reload();
  await expect(page.getByRole('heading', { name: ja.resources.staff.title })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_locale');
  expect(cookie?.path).toBe('/admin');
});
