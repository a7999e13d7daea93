import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import adminJa from '../../src/i18n/admin/ja.json';
import { sessionHeaders } from './customers';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, newStaffContext, type StaffRole, staffInBrowser, staffWithSession } from './staff';

/**
 * What operators read on the back office's screens, in their language and at both widths
 * (docs/product/back-office-orders.md, docs/product/back-office-promotions.md): an order's lines, plan and history
 * named rather than coded; which campaign is the pop-up now and why the others are not; tables and the header
 * that keep their short words whole in Japanese; the scrollable article preview reachable by keyboard; the
 * deliveries' retry buttons named by what they show.
 */
const en = adminEn.admin;
const ja = adminJa.admin;

/** A list row's cell under the column of this heading (each cell names its column, decision 038). */
const cell = (row: Locator, heading: string) => row.locator(`td[data-label="${heading}"]`);

/** A signed-in staff member's page, the back office in `language`. */
async function staffPage(
  browser: Browser,
  baseURL: string | undefined,
  role: StaffRole,
  language: 'en' | 'ja',
  contexts: BrowserContext[],
  name?: string,
): Promise<Page> {
  const context = await newStaffContext(browser, baseURL);
  contexts.push(context);
  await staffInBrowser(context, baseURL ?? '', await staffWithSession(role, name));
  await context.addCookies([{ name: 'admin_locale', value: language, url: `${baseURL}/admin` }]);
  return context.newPage();
}

/** The short texts (a word or two: 販売中, 編集) of `elements` that the browser laid out over more than one line. */
async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      if ((node.textContent ?? '').trim().length > 5) return [];
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return lines.size > 1 ? [`${node.textContent} (${lines.size} lines)`] : [];
    }),
  );
}

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test('an order in Japanese: its plan, lines and history in words, not codes', async ({
  activatedCustomer,
  browser,
  baseURL,
  request,
}, info) => {
  test.setTimeout(120_000);
  const buyer = await activatedCustomer('on');
  const created = await request.post('/api/home/coupon-server/order/create', {
    headers: sessionHeaders(buyer),
    data: {
      regionId: 'tokyo',
      planId: 'std-1c2g',
      imageId: 'debian-12',
      months: 12,
      currency: 'JPY',
      dataDisks: [{ diskId: 'disk-nvme', sizeGb: 50 }],
      idempotencyKey: randomUUID(),
    },
  });
  const order = (await created.json()).message as { id: number; number: string };
  expect(order.number).toBeTruthy();
  const page = await staffPage(browser, baseURL, 'support', 'ja', contexts);

  await page.goto(`/admin/orders?customer=${buyer.userId}`);
  const row = page.getByTestId('orders-list').getByTestId('row');
  await expect(row).toHaveCount(1);
  await expect(cell(row, ja.resources.orders.fields.product)).toHaveText('スタンダード 1vCPU / 2GB');

  await page.goto(`/admin/orders/${order.id}`);
  const lines = page.locator('section[aria-labelledby="order-lines"]').getByTestId('row');
  await expect(lines.first()).toContainText(ja.orders.lineKinds.plan);
  await expect(lines.first()).toContainText('スタンダード 1vCPU / 2GB');
  await expect(lines.nth(1)).toContainText('NVMe SSD ボリューム 50 GB');
  const term = ja.orders.lineKinds.term.split('{')[0] ?? '';
  await expect(lines.filter({ hasText: term })).toHaveCount(1);
  const history = page.getByTestId('order-history').getByTestId('row');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(ja.orders.reasons.created);
  await page.screenshot({ path: `screenshots/admin-order-ja-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});

test('campaigns: the screen says which one is the pop-up now, and why the others are not', async ({
  browser,
  baseURL,
}, info) => {
  const page = await staffPage(browser, baseURL, 'manager', 'ja', contexts);
  await page.goto('/admin/promotions/campaigns');
  const rows = page.getByTestId('campaigns-list').getByTestId('row');
  const shown = (title: string) => cell(rows.filter({ hasText: title }), ja.resources.campaigns.fields.shown);
  // The seed's running campaigns: one pop-up, the others on the campaigns page only.
  await expect(shown('冬のクラウドセール')).toContainText(ja.resources.campaigns.options.shown.popup);
  await expect(shown('みんなで共同購入')).toContainText(ja.resources.campaigns.options.shown.page);
  await expect(page.getByText(ja.resources.campaigns.intro)).toBeVisible();
  await page.screenshot({ path: `screenshots/admin-campaigns-ja-${info.project.name}.png`, fullPage: true });
  await expectNoAxeViolations(page);
});

test('Japanese catalog tables keep their short words whole at 1280 px', { tag: '@desktop-only' }, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await staffPage(browser, baseURL, 'manager', 'ja', contexts);
  for (const path of ['/admin/catalog/disks', '/admin/catalog/bandwidth', '/admin/catalog/snapshot-policies']) {
    await page.goto(path);
    const table = page.locator('table');
    await expect(table.getByTestId('row').first()).toBeVisible();
    // The column headings ("販売中", "表示順"), each cell's option, code, yes or no, and the row's actions ("編集").
    const words = table.locator('th, td span:not(:has(*)), td code, td button, td a');
    expect(await brokenWords(words), path).toEqual([]);
    // Nor does the page scroll sideways to make room for them.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      path,
    ).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: 'screenshots/admin-catalog-ja-desktop.png', fullPage: true });
});

test('the header keeps "sign out" on one line on a phone', { tag: '@phone-only' }, async ({ browser, baseURL }) => {
  // A long name, as people have: the name gives way, not the button.
  const page = await staffPage(browser, baseURL, 'manager', 'ja', contexts, 'Alexandra Montgomery-Watanabe');
  await page.goto('/admin');
  const signOut = page.getByRole('button', { name: ja.signOut });
  await expect(signOut).toBeVisible();
  expect(await brokenWords(signOut)).toEqual([]);
  await page.screenshot({ path: 'screenshots/admin-header-ja-phone.png' });
  await expectNoAxeViolations(page);
});

test('an article: its new form words its hints, and its preview scrolls by keyboard', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const page = await staffPage(browser, baseURL, 'editor', 'en', contexts);
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('heading', { level: 1, name: en.resources.articles.new })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/admin\.[\w.]+/);
  // A manager reads articles without changing them. The API article's code blocks are wider than its preview, at
  // either width: each scrolls sideways, and must be reachable by keyboard even in a form that is read only.
  const reader = await staffPage(browser, baseURL, 'manager', 'en', contexts);
  await reader.goto('/admin/articles/api');
  const preview = reader.getByTestId('preview-en');
  const code = preview.locator('pre').first();
  await expect(code).toBeVisible();
  expect(await code.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  await expect(reader.getByTestId('language-en').getByLabel(en.resources.articles.fields.title)).toBeDisabled();
  await reader.screenshot({ path: `screenshots/admin-article-preview-${info.project.name}.png`, fullPage: false });
  await expectNoAxeViolations(reader, { include: '[data-testid="preview-en"]' });
});

test('deliveries: "Retry now" is named by what it shows', async ({ browser, baseURL }) => {
  // A mail waiting for its next try (an hour away), so the list offers to retry it now.
  const subject = `Waiting ${randomUUID()}`;
  const id = await withE2eDatabase(async (db) => {
    const made = await db.query<{ id: number }>(
      `insert into mail_outbox (kind, recipient, subject, text, html, attempts, last_error, next_attempt_at)
       values ('activation', 'waiting@example.com', $1, 't', 'h', 1, '421 try later', now() + interval '1 hour')
       returning id`,
      [subject],
    );
    return made.rows[0]?.id ?? 0;
  });
  try {
    const page = await staffPage(browser, baseURL, 'support', 'en', contexts);
    await page.goto('/admin/deliveries?kind=mail&state=failed');
    const row = page.getByTestId('deliveries-list').getByTestId('row').filter({ hasText: subject });
    const retry = row.getByRole('button', { name: new RegExp(`^${en.resources.deliveries.actions.retry.label}`) });
    await expect(retry).toHaveText(en.resources.deliveries.actions.retry.label);
    const { violations } = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  } finally {
    await withE2eDatabase((db) => db.query('delete from mail_outbox where id = $1', [id]));
  }
});
