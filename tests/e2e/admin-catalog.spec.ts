import type { APIRequestContext, Page } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, newStaffContext, staffHeaders, staffInBrowser, staffWithSession } from './staff';

/**
 * The catalog editors against the real API and the public configurator (docs/product/back-office-catalog.md): a
 * manager withdraws an OS image from one region and sees it leave the configurator there only, changes a disk
 * product's price and sees it on the configurator, and is refused at the field with what was typed kept; support
 * reads the same screens without a way to change them, and the API refuses them. Each project (phone, desktop)
 * works on an image and a disk of its own, made for the story and deleted after it, so other specs' catalog
 * reads never meet them in a state they did not expect.
 */
const en = adminEn.admin.catalog;
const names = (text: string) => ({ en: text, zh: `${text}（中文）`, ja: `${text}（日本語）` });

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  const body = (await response.json()) as { code: number; message: Record<string, unknown> };
  expect(body.code, JSON.stringify(body)).toBe(2000);
  return body.message;
}

/** The image ids the public configurator offers in a region, as a visitor's browser sees them. */
async function configuratorImages(page: Page, regionId: string): Promise<string[]> {
  await page.goto(`/en/product/vps-buy?regionId=${regionId}`);
  await expect(page.locator(`input[name=regionId][value=${regionId}]`)).toBeChecked();
  return page
    .locator('select[name=imageId] option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

test('a manager withdraws an image from a region, prices a disk, and is refused at the field', async ({
  browser,
  baseURL,
  playwright,
}, info) => {
  test.setTimeout(240_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const shot = (name: string) => `screenshots/admin-catalog-${name}-${info.project.name}.png`;
  const manager = await staffWithSession('manager');
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: staffHeaders(manager) });
  const imageId = `e2e-image-${tag}`;
  const diskId = `e2e-disk-${tag}`;
  await ok(
    await api.post('/api/admin/catalog/images', {
      data: {
        id: imageId,
        family: 'e2e',
        name: `E2E Linux ${tag}`,
        release: '1',
        minDiskGb: 10,
        sort: 9000,
        regions: ['tokyo', 'osaka'],
      },
    }),
  );
  await ok(
    await api.post('/api/admin/catalog/disks', {
      data: {
        id: diskId,
        name: names(`E2E volume ${tag}`),
        mediaType: 'SSD',
        minGb: 10,
        maxGb: 100,
        stepGb: 10,
        pricePerGbCents: 7,
        maxIops: 1000,
        sort: 9000,
      },
    }),
  );

  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', manager);
  const page = await context.newPage();
  const site = await context.newPage();
  try {
    await test.step('the image is offered in Tokyo and Osaka to begin with', async () => {
      await expect(async () => {
        expect(await configuratorImages(site, 'tokyo')).toContain(imageId);
      }).toPass({ timeout: 20_000 });
    });

    await test.step('the manager unticks Tokyo: the image leaves the configurator there, and stays in Osaka', async () => {
      await page.goto('/admin/catalog/images');
      await page.getByLabel(en.search).fill(imageId);
      const rows = page.getByTestId('catalog-rows').getByTestId('row');
      await expect(rows).toHaveCount(1);
      await page.screenshot({ path: shot('images'), fullPage: true });
      await expectNoAxeViolations(page);
      await rows.first().getByTestId('open-item').click();
      const dialog = page.getByRole('dialog', { name: en.editTitle.replace('{id}', imageId) });
      await expect(dialog.getByTestId('region-tokyo')).toBeChecked();
      await dialog.getByTestId('region-tokyo').uncheck();
      await page.screenshot({ path: shot('image-editor'), fullPage: false });
      await expectNoAxeViolations(page);
      await dialog.getByTestId('catalog-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('catalog-notice')).toContainText(en.saved);

      await expect(async () => {
        expect(await configuratorImages(site, 'tokyo')).not.toContain(imageId);
      }).toPass({ timeout: 20_000 });
      expect(await configuratorImages(site, 'osaka')).toContain(imageId);
    });

    await test.step('the manager changes the disk price: the configurator shows the new price', async () => {
      await page.goto('/admin/catalog/disks');
      await page.getByLabel(en.search).fill(diskId);
      const rows = page.getByTestId('catalog-rows').getByTestId('row');
      await expect(rows).toHaveCount(1);
      await rows.first().getByTestId('open-item').click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel(en.fields.pricePerGbCents);
      await expect(price).toHaveValue('0.07');
      await price.fill('0.13');
      await dialog.getByTestId('catalog-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(rows.first()).toContainText('$0.13/GB');
      await expect(async () => {
        await site.goto('/en/product/vps-buy?regionId=osaka');
        await expect(site.locator(`select[name=diskId] option[value="${diskId}"]`)).toContainText('0.13', {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
    });

    await test.step('refusals at the field keep what was typed', async () => {
      // Checked in the browser by the API's own schema: a negative price.
      await page.getByTestId('catalog-rows').getByTestId('row').first().getByTestId('open-item').click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel(en.fields.pricePerGbCents);
      await price.fill('-1');
      await dialog.getByTestId('catalog-save').click();
      await expect(dialog.getByTestId('catalog-pricePerGbCents-error')).toHaveText(adminEn.api.admin.catalogNegative);
      await expect(price).toHaveValue('-1');
      await expect(price).toBeFocused();
      await page.screenshot({ path: shot('disk-refused'), fullPage: false });
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // Checked by the server only: a code the catalog already has.
      await page.goto('/admin/catalog/traffic');
      await page.getByTestId('catalog-new').click();
      const create = page.getByRole('dialog');
      await create.getByLabel(en.fields.id).fill('traffic-500g');
      await create.getByLabel(en.fields.gb).fill('700');
      await create.getByLabel(en.fields.monthlyPriceCents).fill('4.00');
      await create.getByTestId('catalog-save').click();
      await expect(create.getByTestId('catalog-id-error')).toHaveText(adminEn.api.admin.catalogDuplicate);
      await expect(create.getByLabel(en.fields.id)).toHaveValue('traffic-500g');
      await expect(create.getByLabel(en.fields.gb)).toHaveValue('700');
      await expect(create.getByLabel(en.fields.monthlyPriceCents)).toHaveValue('4.00');
      await page.screenshot({ path: shot('traffic-duplicate'), fullPage: false });
      await expectNoAxeViolations(page);
    });
  } finally {
    for (const [kind, id] of [
      ['images', imageId],
      ['disks', diskId],
    ] as const) {
      const current = (await (await api.get(`/api/admin/catalog/${kind}/${id}`)).json()) as {
        message?: { version?: number };
      };
      if (current.message?.version)
        await api.delete(`/api/admin/catalog/${kind}/${id}?version=${current.message.version}`);
    }
    await api.dispose();
    await context.close();
  }
});

test('support reads the catalog without a way to change it, and the API refuses them', async ({
  browser,
  baseURL,
  playwright,
}, info) => {
  // Two accessibility scans of a long page on a phone: more than the default half minute on a busy machine.
  test.setTimeout(90_000);
  const shot = (name: string) => `screenshots/admin-catalog-${name}-${info.project.name}.png`;
  const support = await staffWithSession('support');
  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', support);
  const page = await context.newPage();
  await page.goto('/admin/catalog/plans');
  await expect(page.getByTestId('catalog-read-only')).toHaveText(en.readOnly);
  await expect(page.getByTestId('catalog-new')).toHaveCount(0);
  const rows = page.getByTestId('catalog-rows').getByTestId('row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: shot('support-plans'), fullPage: true });
  await expectNoAxeViolations(page);
  await rows.first().getByTestId('open-item').click();
  const dialog = page.getByRole('dialog', { name: en.viewTitle.replace('{id}', 'std-1c1g') });
  await expect(dialog.getByTestId('catalog-form')).toBeVisible();
  await expect(dialog.getByTestId('catalog-save')).toHaveCount(0);
  await expect(dialog.getByTestId('catalog-delete')).toHaveCount(0);
  await expect(dialog.getByLabel(en.fields.cpu)).toBeDisabled();
  // Pickers show the saved choice (the first plan is a standard one), and the prices are the pricing screen's.
  await expect(dialog.getByLabel(en.fields.lineId)).toHaveValue('standard');
  await expect(dialog.getByTestId('catalog-monthlyPriceCents')).toContainText(en.pricingOwns);
  await page.screenshot({ path: shot('support-plan'), fullPage: false });
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');

  // A template's rules, each with its note in three languages, read the same way.
  await page.goto('/admin/catalog/security-groups');
  await page.getByLabel(en.search).fill('web-server');
  const groups = page.getByTestId('catalog-rows').getByTestId('row');
  await expect(groups).toHaveCount(1);
  await groups.first().getByTestId('open-item').click();
  const rules = page.getByRole('dialog').getByTestId('catalog-rules');
  await expect(rules.getByLabel(en.fields.ports).first()).toHaveValue('22');
  await expect(rules.getByRole('button', { name: en.addRule })).toBeDisabled();
  await page.screenshot({ path: shot('support-security-group'), fullPage: false });
  await expectNoAxeViolations(page);

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: staffHeaders(support) });
  const plan = (await (await api.get('/api/admin/catalog/plans/std-1c2g')).json()) as {
    message: Record<string, unknown>;
  };
  const refused = await api.put('/api/admin/catalog/plans/std-1c2g', { data: { ...plan.message } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ code: 4030, message: 'api.admin.forbidden' });
  await api.dispose();
  await context.close();
});
