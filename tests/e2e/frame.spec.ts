import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { LOCALES, localizedPath, MESSAGES, watchConsole } from './support';

test.describe('the site frame', () => {
  for (const locale of LOCALES) {
    test(`home in ${locale} fits the screen, has no axe violations, and is captured`, async ({ page }, info) => {
      const problems = watchConsole(page);
      await page.goto(localizedPath(locale, '/'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES[locale].pages.home.heading);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Nothing wider than the viewport: no sideways scrolling on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.screenshot({ path: `screenshots/home-${locale}-${info.project.name}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  }

  test('the skip link moves keyboard focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: MESSAGES.en.nav.skipToContent });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});
