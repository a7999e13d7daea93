import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { watchConsole } from './support';

/** Every yen amount in the page's visible text, as written (`￥1,234`, `¥2`, `JP¥1.06`). */
async function yenAmounts(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text.match(/[¥￥]\s?\d[\d,]*(?:[.．]\d+)?/g) ?? [];
}

test.describe('yen amounts (docs/decisions/009-pricing-and-orders.md: whole yen for hourly prices)', () => {
  for (const path of ['/ja/product/vps', '/ja/doc/article/vps-pricing', '/ja/doc/article/pricing']) {
    test(`${path} writes every yen amount in whole yen`, async ({ page }, info) => {
      test.skip(info.project.name === 'phone', 'the same text at every width');
      const problems = watchConsole(page);
      await page.goto(path);
      const amounts = await yenAmounts(page);
      // Both columns of every plan: a monthly and an hourly price each.
      expect(amounts.length).toBeGreaterThanOrEqual(2 * 14);
      expect(amounts.filter((a) => /[.．]/.test(a))).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
