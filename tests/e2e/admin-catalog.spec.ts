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
const shared = adminEn.admin.resource;
const resources = adminEn.admin.resources;
const disks = resources['catalog/disks'];
const traffic = resources['catalog/traffic'];
const plans = resources['catalog/plans'];
const securityGroups = resources['catalog/security-groups'];
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
      await page.getByLabel(shared.search, { exact: true }).fill(imageId);
      const rows = page.getByTestId('catalog/images-list').getByTestId('row');
      await expect(rows).toHaveCount(1);
      await page.screenshot({ path: shot('images'), fullPage: true });
      await expectNoAxeViolations(page);
      await rows.first().getByTestId('edit').click();
      const dialog = page.getByRole('dialog', { name: `E2E Linux ${tag}` });
      const tokyo = dialog.getByRole('checkbox', { name: 'Tokyo', exact: true });
      await expect(tokyo).toBeChecked();
      await tokyo.uncheck();
      await page.screenshot({ path: shot('image-editor'), fullPage: false });
      await expectNoAxeViolations(page);
      await dialog.getByTestId('resource-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('resource-notice')).toContainText(shared.saved);

      await expect(async () => {
        expect(await configuratorImages(site, 'tokyo')).not.toContain(imageId);
      }).toPass({ timeout: 20_000 });
      expect(await configuratorImages(site, 'osaka')).toContain(imageId);
    });

    await test.step('the manager changes the disk price: the configurator shows the new price', async () => {
      await page.goto('/admin/catalog/disks');
      await page.getByLabel(shared.search, { exact: true }).fill(diskId);
      const rows = page.getByTestId('catalog/disks-list').getByTestId('row');
      await expect(rows).toHaveCount(1);
      await rows.first().getByTestId('edit').click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel(disks.fields.pricePerGbCents);
      await expect(price).toHaveValue('0.07');
      await price.fill('0.13');
      await dialog.getByTestId('resource-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(rows.first()).toContainText('$0.13');
      await expect(async () => {
        await site.goto('/en/product/vps-buy?regionId=osaka');
        await expect(site.locator(`select[name=diskId] option[value="${diskId}"]`)).toContainText('0.13', {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
    });

    await test.step('refusals at the field keep what was typed', async () => {
      // Checked in the browser by the API's own schema: a negative price.
      await page.getByTestId('catalog/disks-list').getByTestId('row').first().getByTestId('edit').click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel(disks.fields.pricePerGbCents);
      await price.fill('-1');
      await dialog.getByTestId('resource-save').click();
      await expect(dialog.getByTestId('catalog/disks-form-pricePerGbCents-error')).toHaveText(
        adminEn.api.admin.catalogNegative,
      );
      await expect(price).toHaveValue('-1');
      await expect(price).toBeFocused();
      await page.screenshot({ path: shot('disk-refused'), fullPage: false });
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // Checked by the server only: a code the catalog already has.
      await page.goto('/admin/catalog/traffic');
      await page.getByTestId('resource-new').click();
      const create = page.getByRole('dialog', { name: traffic.new });
      await create.getByLabel(traffic.fields.id, { exact: true }).fill('traffic-500g');
      await create.getByLabel(traffic.fields.gb).fill('700');
      await create.getByLabel(traffic.fields.monthlyPriceCents).fill('4.00');
      await create.getByTestId('resource-save').click();
      await expect(create.getByTestId('catalog/traffic-form-id-error')).toHaveText(adminEn.api.admin.duplicate);
      await expect(create.getByLabel(traffic.fields.id, { exact: true })).toHaveValue('traffic-500g');
      await expect(create.getByLabel(traffic.fields.gb)).toHaveValue('700');
      await expect(create.getByLabel(traffic.fields.monthlyPriceCents)).toHaveValue('4.00');
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
  // The overview lists every kind the catalog declares, each a screen of its own.
  await page.goto('/admin/catalog');
  const kinds = page.getByTestId('catalog-kinds').getByRole('listitem');
  await expect(kinds).toHaveCount(12);
  await page.screenshot({ path: shot('overview'), fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: plans.title, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/plans$/);

  await expect(page.getByText(shared.readOnly)).toBeVisible();
  await expect(page.getByTestId('resource-new')).toHaveCount(0);
  const rows = page.getByTestId('catalog/plans-list').getByTestId('row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('delete')).toHaveCount(0);
  await page.screenshot({ path: shot('support-plans'), fullPage: true });
  await expectNoAxeViolations(page);
  await rows.first().getByTestId('edit').click();
  const dialog = page.getByRole('dialog', { name: 'Standard 1 vCPU / 1 GB' });
  await expect(dialog.getByTestId('resource-form')).toBeVisible();
  await expect(dialog.getByTestId('resource-save')).toHaveCount(0);
  await expect(dialog.getByLabel(plans.fields.cpu)).toBeDisabled();
  // Pickers show the saved choice (the first plan is a standard one), and the prices are the pricing screen's.
  await expect(dialog.getByLabel(plans.fields.lineId)).toHaveValue('standard');
  await expect(dialog.getByTestId('catalog/plans-form-monthlyPriceCents')).not.toBeEmpty();
  await expect(dialog).toContainText(plans.fields.monthlyPriceCentsHint);
  await page.screenshot({ path: shot('support-plan'), fullPage: false });
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');

  // A template's rules, each with its note in three languages, read the same way.
  await page.goto('/admin/catalog/security-groups');
  await page.getByLabel(shared.search, { exact: true }).fill('web-server');
  const groups = page.getByTestId('catalog/security-groups-list').getByTestId('row');
  await expect(groups).toHaveCount(1);
  await groups.first().getByTestId('edit').click();
  const rules = page.getByRole('dialog').getByTestId('catalog/security-groups-form-rules');
  await expect(rules.getByLabel(securityGroups.fields.ports).first()).toHaveValue('22');
  await expect(rules.getByRole('button', { name: securityGroups.rules.add })).toBeDisabled();
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
