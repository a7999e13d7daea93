import adminEn from '../../src/i18n/admin/en.json';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, newStaffContext, staffInBrowser, staffWithSession } from './staff';

/**
 * The dashboard (docs/product/back-office-dashboard.md) as a manager: the charts of the last 30 days, another
 * period chosen with the mouse and with the keyboard, the data tables opened from the keyboard, a custom period
 * refused next to its field when it ends before it starts. A paid order 20 days ago makes the 30-day revenue
 * differ from the 7-day one whatever else the e2e database holds.
 */
const en = adminEn.admin.dashboard;

test('the dashboard: charts over a period, another period, the data tables', async ({ browser, baseURL }, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  await withE2eDatabase(async (db) => {
    const user = await db.query<{ id: number }>(
      `insert into users (email, username, password_hash, status, locale, created_at, activated_at)
       values ($1, $2, 'x', 'active', 'en', now() - interval '20 days', now() - interval '20 days') returning id`,
      [`dash-${tag}@example.com`, `dash${tag}`],
    );
    await db.query(
      `insert into orders (number, user_id, idempotency_key, kind, status, pay_by, paid_at, currency, rate,
                           subtotal_minor, discount_minor, total_minor, config, lines, created_at)
       values ($1, $2, $1, 'vps', 'active', now() - interval '20 days', now() - interval '20 days', 'USD', 1,
               12345, 0, 12345, '{}', '[]', now() - interval '20 days')`,
      [`DASH-${tag}`, user.rows[0]?.id],
    );
  });
  try {
    const manager = await staffWithSession('manager', `Manager ${tag}`);
    const context = await newStaffContext(browser, baseURL);
    await staffInBrowser(context, baseURL ?? '', manager);
    const page = await context.newPage();
    const shot = (name: string) => `screenshots/admin-dashboard-${name}-${info.project.name}.png`;

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: en.title.replace('{name}', manager.name) })).toBeVisible();
    const usdRevenue = page.getByTestId('dashboard-sales').locator('dd').first();
    const firstTableRows = page.getByTestId('chart-sales-orders').locator('tbody tr');

    await test.step('the last 30 days, every section a manager sees, each chart drawn', async () => {
      await expect(page.getByRole('radio', { name: en.period.preset.replace('{days}', '30') })).toBeChecked();
      await expect(page.getByTestId('dashboard-period')).toContainText('(30 days)');
      for (const section of ['sales', 'signups', 'coupons', 'groups']) {
        await expect(page.getByTestId(`dashboard-${section}`)).toBeVisible();
      }
      // Seven charts (orders, revenue in three currencies, sign-ups, coupons, group-buys), each a canvas.
      await expect(page.locator('figure canvas')).toHaveCount(7, { timeout: 20_000 });
      await expect(firstTableRows).toHaveCount(30);
      await expect(page.getByRole('img', { name: /Paid orders per day/ })).toBeVisible();
      await page.screenshot({ path: shot('30-days'), fullPage: true });
      await expectNoAxeViolations(page);
    });

    const thirtyDays = await usdRevenue.textContent();

    await test.step('7 days: the charts and tables change', async () => {
      await page.getByText(en.period.preset.replace('{days}', '7'), { exact: true }).click();
      await expect(page.getByTestId('dashboard-period')).toContainText('(7 days)');
      await expect(firstTableRows).toHaveCount(7);
      await expect(usdRevenue).not.toHaveText(thirtyDays ?? '');
    });

    await test.step('90 days with the keyboard', async () => {
      await page.getByRole('radio', { name: en.period.preset.replace('{days}', '7') }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: en.period.preset.replace('{days}', '90') })).toBeChecked();
      await expect(page.getByTestId('dashboard-period')).toContainText('(90 days)');
      await expect(firstTableRows).toHaveCount(90);
    });

    await test.step('a data table opens from the keyboard and reads every day', async () => {
      const figure = page.getByTestId('chart-signups');
      const summary = figure.locator('summary');
      await summary.focus();
      await expect(summary).toBeFocused();
      await page.keyboard.press('Enter');
      const table = figure.getByRole('table');
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText([en.day, en.signups.created, en.signups.activated]);
      await expect(table.locator('tbody tr')).toHaveCount(90);
      // Its scrolling box is next in the tab order, so a keyboard reader can scroll it.
      await page.keyboard.press('Tab');
      await expect(figure.getByRole('region')).toBeFocused();
      await page.screenshot({ path: shot('table'), fullPage: true });
      await expectNoAxeViolations(page);
    });

    await test.step('a custom period that ends before it starts is refused next to its field', async () => {
      await page.getByText(en.period.custom, { exact: true }).click();
      await page.getByLabel(en.period.from).fill('2026-03-10');
      await page.getByLabel(en.period.to).fill('2026-03-01');
      await page.getByRole('button', { name: en.period.show }).click();
      await expect(page.getByTestId('period-to-error')).toHaveText(adminEn.api.admin.dashboardPeriodReversed);
      await page.getByLabel(en.period.to).fill('2026-03-14');
      await page.getByRole('button', { name: en.period.show }).click();
      await expect(page.getByTestId('dashboard-period')).toContainText('(5 days)');
      await expect(firstTableRows).toHaveCount(5);
      await page.screenshot({ path: shot('custom'), fullPage: true });
    });

    await context.close();
  } finally {
    // The dated order and its customer would count in every later dashboard of the e2e database.
    await withE2eDatabase(async (db) => {
      await db.query('delete from orders where number = $1', [`DASH-${tag}`]);
      await db.query('delete from users where email = $1', [`dash-${tag}@example.com`]);
    });
  }
});
