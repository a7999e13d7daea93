import { expect, test } from './fixtures';
import { MESSAGES } from './support';

test('switching language keeps the path and remembers the choice for a year', async ({ page, context }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.en.pages.about.heading);

  await page.getByRole('link', { name: '简体中文' }).click();
  await expect(page).toHaveURL(/\/zh\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.zh.pages.about.heading);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
  expect(cookie?.value).toBe('zh');
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page).toHaveURL(/\/ja\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.ja.pages.about.heading);

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.en.pages.about.heading);
  expect(new URL(page.url()).pathname).toBe('/about');
});

test('a dynamic page keeps its parameters when the language changes', async ({ page }) => {
  await page.goto('/zh/doc/article/refund');
  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page).toHaveURL(/\/ja\/doc\/article\/refund$/);
});

test('a cache in front of the site is told that pages depend on the language and currency asked for', {
  tag: '@desktop-only',
}, async ({ playwright, baseURL }) => {
  // Each as a first visit: no cookie from an earlier answer.
  const firstVisit = async (path: string, headers: Record<string, string>) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const answer = await visitor.get(path, { headers, maxRedirects: 0 });
    const seen = { status: answer.status(), headers: answer.headers() };
    await visitor.dispose();
    return seen;
  };
  const varyOf = async (path: string, headers: Record<string, string>) => {
    // Asked twice: the second answer is the server's kept copy, which must say the same.
    await firstVisit(path, headers);
    return ((await firstVisit(path, headers)).headers.vary ?? '').toLowerCase().split(/\s*,\s*/);
  };
  const english = { 'accept-language': 'en-US,en;q=0.9' };
  expect(await varyOf('/product/vps', english)).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
  expect(await varyOf('/ja/product/vps', english)).toContain('cookie');
  expect(await varyOf('/ja/product/vps', english)).not.toContain('accept-language');
  // The first visit a shared copy of `/` would have wrongly answered: a Chinese browser is sent to /zh.
  const chinese = await firstVisit('/', { 'accept-language': 'zh-CN,zh;q=0.9' });
  expect(chinese.status).toBe(307);
  expect(chinese.headers.location).toBe('/zh');
  expect(chinese.headers.vary?.toLowerCase()).toContain('accept-language');
});

test('the footer speaks the page language: no English rights notice on the Chinese and Japanese pages', async ({
  page,
}) => {
  const year = String(new Date().getFullYear());
  for (const [locale, path] of [
    ['ja', '/ja/about'],
    ['zh', '/zh/about'],
  ] as const) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer).not.toContainText(/All rights reserved/i);
    await expect(footer).toContainText(
      MESSAGES[locale].footer.rights.replace('{year}', year).replace('{brand}', 'Cirrus Cloud'),
    );
  }
});
