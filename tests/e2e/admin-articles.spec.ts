import adminEn from '../../src/i18n/admin/en.json';
import { LOCALE_LABEL } from '../../src/lib/locales';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, newStaffContext, staffInBrowser, staffWithSession } from './staff';

/**
 * An editor adds a documentation article in the back office and then moves it to another address: the site shows
 * it at once, and the old address answers a permanent redirect to the new one (docs/product/back-office-api.md).
 * An editor posts a job, its department and location chosen by name, and the careers page shows it. What each
 * test adds is its own, and is removed afterwards.
 */
const en = adminEn.admin;
const fields = en.resources.articles.fields;

test('an editor adds an article, moves it, and its old address redirects to the new one', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const first = `e2e-guide-${tag}`;
  const moved = `${first}-moved`;
  const shot = (name: string) => `screenshots/admin-article-${name}-${info.project.name}.png`;
  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', await staffWithSession('editor'));
  const editor = await context.newPage();
  try {
    await test.step('a taken address is refused next to the field, and what was typed stays', async () => {
      await editor.goto('/admin/articles');
      await editor.getByTestId('resource-new').click();
      await expect(editor).toHaveURL(/\/admin\/articles\/new$/);
      await expect(editor.getByRole('heading', { level: 1, name: en.resources.articles.new })).toBeVisible();
      await editor.getByLabel(fields.slug).fill('refund');
      await editor.getByLabel(fields.category).selectOption('developer');
      const english = editor.getByTestId('language-en');
      await english.getByLabel(fields.title).fill(`Mounting a volume ${tag}`);
      await english.getByLabel(fields.summary).fill('Attach a block-storage volume and mount it at boot.');
      await english.getByLabel(fields.body).fill('## Attach\n\nOpen the console and attach the volume.');
      const chinese = editor.getByTestId('language-zh');
      await chinese.getByLabel(fields.title).fill(`挂载云硬盘 ${tag}`);
      await chinese.getByLabel(fields.summary).fill('挂载云硬盘并设置开机自动挂载。');
      await chinese.getByLabel(fields.body).fill('## 挂载\n\n在控制台中将云硬盘挂载到实例。');
      await editor.getByTestId('resource-save').click();
      await expect(editor.getByTestId('articles-form-slug-error')).toHaveText(adminEn.api.admin.slugTaken);
      await expect(english.getByLabel(fields.body)).toHaveValue(/attach the volume/);
      await editor.screenshot({ path: shot('taken'), fullPage: true });
      await expectNoAxeViolations(editor);
    });

    await test.step('saved under its own address, the site shows it', async () => {
      await editor.getByLabel(fields.slug).fill(first);
      await editor.getByTestId('resource-save').click();
      await expect(editor).toHaveURL(new RegExp(`/admin/articles/${first}\\?created=1$`));
      await expect(editor.getByTestId('resource-notice')).toContainText(en.resource.saved);
      const site = await context.newPage();
      await expect(async () => {
        await site.goto(`/zh/doc/article/${first}`);
        await expect(site.getByRole('heading', { level: 1 })).toHaveText(`挂载云硬盘 ${tag}`, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await site.close();
    });

    await test.step('moved: the old address redirects for good to the new one', async () => {
      await expect(editor.getByLabel(fields.slug)).toHaveValue(first);
      await editor.getByLabel(fields.slug).fill(moved);
      await editor.getByTestId('resource-save').click();
      await expect(editor).toHaveURL(new RegExp(`/admin/articles/${moved}\\?moved=${first}$`));
      await expect(editor.getByTestId('resource-notice')).toContainText(`/doc/article/${first}`);
      await editor.screenshot({ path: shot('moved'), fullPage: true });
      await expectNoAxeViolations(editor);

      // The first answer after the move is a fresh render: it once carried its Location twice.
      const answer = await editor.request.get(`/zh/doc/article/${first}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(308);
      const locations = answer.headersArray().filter((header) => header.name.toLowerCase() === 'location');
      expect(locations).toHaveLength(1);
      expect(locations[0]?.value).toMatch(new RegExp(`/zh/doc/article/${moved}$`));
      const site = await context.newPage();
      await site.goto(`/zh/doc/article/${first}`);
      await expect(site).toHaveURL(new RegExp(`/zh/doc/article/${moved}$`));
      await expect(site.getByRole('heading', { level: 1 })).toHaveText(`挂载云硬盘 ${tag}`);
      await site.close();
    });
  } finally {
    // The article is this test's own: it goes, and every instance is told, as a back-office change would.
    await withE2eDatabase(async (db) => {
      await db.query('delete from doc_articles where slug in ($1, $2)', [first, moved]);
      await db.query(`select pg_notify('cirrus_changes', $1)`, [
        JSON.stringify({ kinds: ['articles'], at: Date.now() }),
      ]);
    });
    await context.close();
  }
});

test('an editor posts a job with its department and location chosen by name, and the careers page shows it', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', await staffWithSession('editor'));
  const editor = await context.newPage();
  const title = `Site reliability engineer ${tag}`;
  try {
    await editor.goto('/admin/jobs');
    await editor.getByTestId('resource-new').click();
    const dialog = editor.getByRole('dialog', { name: en.resources.jobs.new });
    const english = `${LOCALE_LABEL.en} (${en.resource.required})`;
    const field = (name: keyof typeof en.resources.jobs.fields) =>
      dialog.getByRole('group', { name: en.resources.jobs.fields[name] });
    await field('title').getByLabel(english).fill(title);
    await field('title').getByLabel(LOCALE_LABEL.zh).fill(`网站可靠性工程师 ${tag}`);
    await field('summary').getByLabel(english).fill('Keep eight regions running through every change.');
    await field('responsibilities').getByLabel(english).fill('Run the on-call rota\nAutomate recoveries');
    await field('requirements').getByLabel(english).fill('Five years with Linux in production');
    await dialog.getByLabel(en.resources.jobs.fields.department).selectOption({ label: 'Infrastructure' });
    await dialog.getByLabel(en.resources.jobs.fields.location).selectOption({ label: 'Tokyo' });
    await editor.screenshot({ path: `screenshots/admin-job-form-${info.project.name}.png`, fullPage: false });
    await expectNoAxeViolations(editor);
    await dialog.getByTestId('resource-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(editor.getByTestId('resource-notice')).toContainText(en.resource.saved);

    const site = await context.newPage();
    await expect(async () => {
      await site.goto('/zh/jobs');
      await expect(site.getByText(`网站可靠性工程师 ${tag}`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await site.close();
  } finally {
    await withE2eDatabase(async (db) => {
      await db.query(`delete from jobs where title->>'en' = $1`, [title]);
      await db.query(`select pg_notify('cirrus_changes', $1)`, [JSON.stringify({ kinds: ['jobs'], at: Date.now() })]);
    });
    await context.close();
  }
});
