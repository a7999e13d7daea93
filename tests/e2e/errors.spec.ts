import { expect, test } from './fixtures';
import { MESSAGES } from './support';

const CASES = [
  { path: '/activity/pintuan/part-vps/abc', locale: 'en' as const },
  { path: '/doc/article/nope', locale: 'en' as const },
  { path: '/doc/announce/detail/999999', locale: 'en' as const },
  { path: '/no/such/page', locale: 'en' as const },
  { path: '/zh/doc/article/nope', locale: 'zh' as const },
  { path: '/ja/activity/pintuan/part-vps/0', locale: 'ja' as const },
  { path: '/ja/%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84', locale: 'ja' as const },
];

test.describe('not found (SPEC §2, §8)', () => {
  for (const { path, locale } of CASES) {
    test(`${path} answers 404 with the translated message`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const shownPath = decodeURI(path);
      const message = MESSAGES[locale].errors.notFoundMessage.replace('{path}', shownPath);
      await expect(page.getByTestId('error-message')).toHaveText(message);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('link', { name: MESSAGES[locale].errors.backHome })).toBeVisible();
    });
  }

  test('an unknown API path answers the 4040 envelope, not an HTML page', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ code: 4040, message: 'api.notFound' });
  });
});
