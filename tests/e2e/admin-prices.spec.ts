import { request as httpRequest } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import { expect, test } from './fixtures';
import { type Instance, startInstance } from './instances';
import { expectNoAxeViolations, newStaffContext, type SessionStaff, staffInBrowser, staffWithSession } from './staff';

/**
 * The prices screen (docs/product/back-office-prices.md) on two instances of one site: a manager schedules a
 * plan's own Hong Kong price about 20 s ahead, checks what customers will pay in USD, HKD and JPY, and at that
 * time the new price is on the Chinese product page and in the configurator's quote of the OTHER instance, within
 * 2 s (docs/decisions/042-scheduled-prices.md); support reads the same screen with nothing to change and is
 * refused by the API. Both instances run on a database of their own, since the price changes for every page.
 * In the `scheduled-prices` project (playwright.config.ts), after the `instances` one: it times the change, so it runs
 * apart from the suite and from the other timed spec.
 */
const en = adminEn.admin;
const rateText = en.resources['prices/currencies'];
const PLAN = 'std-1c1g';
/** Hong Kong's own price for the plan: below every region's ($5.00 in Los Angeles), so the "from" price too. */
const NEW_PRICE = '4.35';
/** What customers pay for a month at $4.35 with the seed's rates (HKD 7.78, JPY 154.2), as the site writes it. */
const SHOWN = { USD: '$4.35', HKD: 'HK$33.84', JPY: '¥671' } as const;
const BEFORE_HK = { USD: '$6.00', HKD: 'HK$46.68', JPY: '¥925' } as const;

let first: Instance;
let second: Instance;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const base = Number(process.env.E2E_PORT ?? 3210);
  first = await startInstance('e2e-prices', base + 92);
  second = await startInstance('e2e-prices-b', base + 93, { databaseUrl: first.databaseUrl });
});

test.afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** One plain request to an instance, as a visitor's browser would send it. */
function ask(
  baseURL: string,
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-language': 'zh-CN,zh;q=0.9', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const asked = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: { ...headers, host: url.host, origin: url.origin },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    asked.on('error', reject);
    asked.end(options.body);
  });
}

/** The configurator's quote for the plan in Hong Kong, in HKD, from an instance: the total in cents. */
async function hongKongQuote(baseURL: string): Promise<number> {
  const answer = await ask(baseURL, '/api/product/cvm/quote', {
    method: 'POST',
    body: JSON.stringify({ regionId: 'hong-kong', planId: PLAN, imageId: 'ubuntu-24.04', currency: 'HKD' }),
  });
  return (JSON.parse(answer.body) as { message: { totalMinor: number } }).message.totalMinor;
}

async function staffPage(browser: import('@playwright/test').Browser, role: 'manager' | 'support') {
  const person: SessionStaff = await staffWithSession(role, `${role} prices`, first.databaseUrl);
  const context: BrowserContext = await newStaffContext(browser, first.baseURL);
  await staffInBrowser(context, first.baseURL, person);
  const page: Page = await context.newPage();
  await page.goto('/admin/prices');
  await expect(page.getByRole('heading', { level: 1, name: en.prices.title })).toBeVisible();
  return { person, context, page };
}

test('a manager schedules a Hong Kong price; at its time both instances show it within 2 s', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await staffPage(browser, 'manager');

  // Both instances have rendered the pages before the change: what they keep is what must be let go.
  for (const instance of [first, second]) {
    const before = await ask(instance.baseURL, '/zh/product/vps');
    expect(before.body).toContain('HK$38.90');
    expect(before.body).not.toContain(SHOWN.HKD);
    expect(await hongKongQuote(instance.baseURL)).toBe(4668);
  }

  const row = page.locator(`[data-testid="plan-row"][data-id="${PLAN}"]`);
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/admin-prices-desktop.png', fullPage: true });
  // The rate form with its history, opened and left without saving.
  await page.getByRole('button', { name: `${en.prices.changeRate}: JPY` }).click();
  const rates = page.getByRole('dialog', { name: en.prices.rateTitle.replace('{code}', 'JPY') });
  await expect(rates.getByLabel(rateText.fields.rate)).toHaveValue('154.2');
  await expect(rates.getByTestId('rate-history')).toContainText('154.2');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/admin-prices-rate-desktop.png' });
  await page.keyboard.press('Escape');
  await expect(rates).toHaveCount(0);
  await row.getByRole('button', { name: new RegExp(`^${en.prices.change}`) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en.prices.scope).selectOption('hong-kong');
  await dialog.getByLabel(en.prices.fields.monthlyPrice).fill(NEW_PRICE);
  await dialog.getByLabel(en.prices.whenLater).check();
  // About 20 s ahead, to the second, in the browser's time zone (the datetime field's own).
  const due = Math.ceil((Date.now() + 20_000) / 1000) * 1000;
  const local = await page.evaluate((at) => {
    const date = new Date(at);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, due);
  await dialog.getByLabel(en.prices.startsAt).fill(local);

  await dialog.getByTestId('price-preview-button').click();
  const preview = dialog.getByTestId('price-preview');
  await expect(preview).toBeVisible();
  for (const code of ['USD', 'HKD', 'JPY'] as const) {
    const cell = preview.locator(
      `[data-testid="preview-row"][data-region="hong-kong"][data-currency="${code}"] td[data-column="1"]`,
    );
    await expect(cell.getByTestId('preview-after')).toHaveText(SHOWN[code]);
    await expect(cell).toContainText(BEFORE_HK[code]);
  }
  // Tokyo keeps its price: a plan's own Hong Kong price moves Hong Kong only.
  await expect(
    preview.locator('[data-testid="preview-row"][data-region="tokyo"] [data-testid="preview-after"]'),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/admin-prices-preview-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'screenshots/admin-prices-preview-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: en.prices.schedule }).click();
  await expect(page.getByTestId('prices-notice')).toContainText(en.prices.scheduled);
  const scheduled = page.locator('[data-testid="scheduled-status"][data-status="pending"]');
  await expect(scheduled).toHaveCount(1);
  expect(due - Date.now(), 'scheduled with time to spare').toBeGreaterThan(3_000);

  // Nothing changes before its time, on either instance.
  while (Date.now() < due - 1_000) {
    expect(await hongKongQuote(second.baseURL)).toBe(4668);
    expect((await ask(second.baseURL, '/zh/product/vps')).body).not.toContain(SHOWN.HKD);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));

  // From its time: the product page and the quote of each instance, asked side by side until they show it.
  const reached: Record<string, number> = {};
  const views = [
    ['second instance quote', async () => (await hongKongQuote(second.baseURL)) === 3384],
    [
      'second instance /zh/product/vps',
      async () => (await ask(second.baseURL, '/zh/product/vps')).body.includes(SHOWN.HKD),
    ],
    [
      'first instance /zh/product/vps',
      async () => (await ask(first.baseURL, '/zh/product/vps')).body.includes(SHOWN.HKD),
    ],
  ] as const;
  await Promise.all(
    views.map(async ([name, shows]) => {
      while (Date.now() - due < 10_000) {
        if (await shows()) {
          reached[name] = Date.now() - due;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }),
  );
  console.log(`[prices] start time to each view (ms): ${JSON.stringify(reached)}`);
  for (const [name] of views) expect(reached[name], name).toBeLessThan(2_000);

  // A visitor on the second instance sees it in the configurator too.
  const visitor = await browser.newContext({ baseURL: second.baseURL, locale: 'zh-CN' });
  const buy = await visitor.newPage();
  await buy.goto(`/zh/product/vps-buy?regionId=hong-kong&planId=${PLAN}&imageId=ubuntu-24.04`);
  await expect(buy.getByTestId('price-summary').getByTestId('total')).toHaveText(SHOWN.HKD);
  await buy.screenshot({ path: 'screenshots/admin-prices-configurator-second-instance.png' });
  await visitor.close();

  // The list says it applied (it looks again every few seconds while a change is pending).
  await expect(page.locator('[data-testid="scheduled-status"][data-status="applied"]')).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(row).toContainText(SHOWN.USD);
  await context.close();
});

test('support reads the prices but has no save button, and the API refuses a change', async ({ browser }) => {
  test.setTimeout(90_000);
  const { person, context, page } = await staffPage(browser, 'support');
  await expect(page.getByText(en.prices.readOnly)).toBeVisible();
  await expect(page.locator(`[data-testid="plan-row"][data-id="${PLAN}"]`)).toBeVisible();
  await expect(page.getByTestId('price-change')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.prices.saveNow })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${en.prices.changeRate}`) })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'screenshots/admin-prices-support-phone.png', fullPage: true });
  // The rate history reads the same for everyone; support gets it without a form.
  await page.getByRole('button', { name: `${en.prices.rateHistory}: HKD` }).click();
  const history = page.getByRole('dialog', { name: en.prices.rateTitle.replace('{code}', 'HKD') });
  await expect(history.getByTestId('rate-history')).toContainText('7.78');
  await expect(history.getByLabel(rateText.fields.rate)).toBeDisabled();
  await expect(history.getByTestId('resource-save')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'screenshots/admin-prices-rate-history-phone.png' });
  await page.keyboard.press('Escape');

  const headers = { cookie: `staff_sid=${person.sid}`, 'x-csrf-token': person.csrf };
  const change = { target: 'planRegion', planId: PLAN, regionId: 'hong-kong', monthlyPrice: '1.00', hourlyPrice: '' };
  for (const [method, path, body] of [
    ['PUT', '/api/admin/prices', { change, version: 1 }],
    ['POST', '/api/admin/prices/scheduled', { change, startsAt: new Date(Date.now() + 60_000).toISOString() }],
    ['PUT', '/api/admin/prices/currencies/HKD', { rate: '7.9', version: 1 }],
  ] as const) {
    const answer = await ask(first.baseURL, path, { method, body: JSON.stringify(body), headers });
    expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    expect(JSON.parse(answer.body)).toEqual({ code: 4030, message: 'api.admin.forbidden' });
  }
  // Still the price the manager scheduled: nothing support sent was saved.
  expect(await hongKongQuote(second.baseURL)).toBe(3384);
  await context.close();
});
