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
