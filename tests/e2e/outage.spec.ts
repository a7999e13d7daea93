import pg from 'pg';
import { expect, test } from './fixtures';
import { type Instance, startInstance } from './instances';
import { MESSAGES } from './support';

/**
 * The database stops under a running site (an instance of its own, so the other specs keep theirs) shortly after
 * an operator's change: pages kept in memory are still served, those from before the change too
 * (docs/decisions/055-stale-kept-pages.md), a page that needs the database is the translated "temporarily
 * unavailable" page with status 503 and Retry-After, an unknown path is still the 404 page, and the API answers
 * 503 (5030). Runs in the desktop project only (playwright.config.ts): it is about the server, not the width.
 */
const ja = MESSAGES.ja;
let site: Instance;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startInstance('e2e-outage', Number(process.env.E2E_PORT ?? 3210) + 80);
});

test.afterAll(async () => {
  await site?.close();
});

/**
 * Renames the newest announcement, in every language (the requests carry the language cookie of the pages asked
 * before), and announces it as the back office does (src/server/changes/bus.ts).
 */
async function renameNewestAnnouncement(title: string): Promise<void> {
  const db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(
      `update announcement_translations set title = $1
         where announcement_id = (select id from announcements order by published_at desc, id desc limit 1)`,
      [title],
    );
    await db.query('select pg_notify($1, $2)', ['cirrus_changes', JSON.stringify({ kinds: ['announcements'] })]);
    await db.query('commit');
  } finally {
    await db.end();
  }
}

test('pages kept in memory stay, pages that need the database say 503 in the visitor language', async ({
  page,
  request,
}) => {
  // Kept copies before the outage.
  for (const path of ['/ja', '/', '/doc', '/about']) {
    await expect
      .poll(async () => (await request.get(`${site.baseURL}${path}`)).headers()['x-document-cache'], {
        timeout: 20_000,
      })
      .toMatch(/^(hit|stale)$/);
  }
  // An operator's change: the home page shows it at once while the database answers (in Japanese: the requests
  // carry the language cookie `/ja` set).
  const changed = `Outage drill ${Date.now().toString(36)}`;
  await renameNewestAnnouncement(changed);
  await expect.poll(async () => (await request.get(`${site.baseURL}/`)).text(), { timeout: 10_000 }).toContain(changed);

  await site.stopDatabase();

  const home = await request.get(`${site.baseURL}/ja`);
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('lang="ja-JP"');
  // Pages kept before the change are still answered, and say they are copies from before it.
  for (const path of ['/doc', '/about']) {
    const kept = await request.get(`${site.baseURL}${path}`);
    expect(kept.status(), path).toBe(200);
    expect(kept.headers()['x-document-cache'], path).toBe('stale-if-error');
  }
  // Rendered after the change: the change is still shown.
  const changedHome = await request.get(`${site.baseURL}/`);
  expect(changedHome.status()).toBe(200);
  expect(await changedHome.text()).toContain(changed);

  const search = await page.goto(`${site.baseURL}/ja/doc/search/refund`);
  expect(search?.status()).toBe(503);
  expect(Number(search?.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ja.errors.unavailableTitle);
  await expect(page.getByText(ja.errors.unavailableMessage)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  // The tab says so too, with one title.
  await expect(page).toHaveTitle(ja.errors.unavailableTitle);
  await expect(page.locator('title')).toHaveCount(1);
  // Inside the site's shell: its header and footer are there, without the data that needs the database.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.screenshot({ path: 'screenshots/outage-ja-desktop.png', fullPage: true });
  // Going on from it, the next page's own title is back (the kept home page needs no database).
  await page.getByRole('main').getByRole('link', { name: ja.errors.backHome }).click();
  await expect(page).toHaveURL(new RegExp(`${site.baseURL}/ja$`));
  await expect(page).toHaveTitle(new RegExp(`^Cirrus Cloud - ${ja.meta.tagline}`));
  await expect(page.locator('title')).toHaveCount(1);

  const missing = await page.goto(`${site.baseURL}/ja/nope/xyz`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(
    ja.errors.notFoundMessage.replace('{path}', '/ja/nope/xyz'),
  );
  await expect(page).toHaveTitle(new RegExp(`^${ja.errors.notFoundTitle} \\| `));
  await expect(page.locator('title')).toHaveCount(1);

  const api = await request.get(`${site.baseURL}/api/home/rating`);
  expect(api.status()).toBe(503);
  expect(await api.json()).toEqual({ code: 5030, message: 'api.dependencyDown' });
  expect(api.headers()['retry-after']).toBeDefined();
});
