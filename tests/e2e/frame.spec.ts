import { expect, expectNoAxeViolations, test } from './fixtures';
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
      await expectNoAxeViolations(page);
      // The bands below the first screen are laid out only as they near the viewport (render-when-near,
      // globals.css); a full-page capture does not scroll, so it is told to draw them all, as a reader scrolling
      // down would see them.
      await page.screenshot({
        path: `screenshots/home-${locale}-${info.project.name}.png`,
        fullPage: true,
        style: '* { content-visibility: visible !important; }',
      });
      expect(problems).toEqual([]);
    });
  }

  // Each weight is a face the browser looks up, and on Linux Chromium each lookup is a round trip to the
  // browser process inside the first layout (globals.css, the font note): regular and semibold only.
  test('text is drawn in two weights, regular and semibold', async ({ page }) => {
    const pages = ['/', '/product/vps', '/product/vps-buy', '/ac/coupon', '/doc/article/pricing', '/no-such-page'];
    for (const [i, path] of pages.entries()) {
      await page.goto(localizedPath(LOCALES[i % LOCALES.length] ?? 'en', path));
      const weights = await page.evaluate(() => {
        const seen = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() && node.parentElement) seen.add(getComputedStyle(node.parentElement).fontWeight);
        }
        return [...seen].sort();
      });
      expect(weights, path).toEqual(['400', '600']);
    }
  });

  test('the skip link moves keyboard focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: MESSAGES.en.nav.skipToContent });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("the build's files (decision 022)", { tag: '@desktop-only' }, () => {
  test('every script the home page loads arrives compressed, immutable, and from memory once kept', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto('/');
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      // Each server process keeps its own copy, made beside the first answer: ask until two come from memory.
      await expect
        .poll(
          async () => {
            const answers = [];
            for (let i = 0; i < 2; i += 1) {
              const res = await page.request.get(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
              await res.body();
              answers.push(res.headers());
            }
            return answers.map((h) => `${h['x-static-cache']} ${h['content-encoding']} ${h['cache-control']}`);
          },
          { timeout: 10_000 },
        )
        .toEqual(Array(2).fill('hit br public, max-age=31536000, immutable'));
    }
  });
});

test.describe('kept documents (decisions 018 and 030)', () => {
  test('carry their stylesheet inside, and hydration and client navigation add no second one', async ({ page }) => {
    const path = '/doc/article/pricing';
    let requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) requested.push(new URL(request.url()).pathname);
    });
    // Each server process keeps its own copy, made beside the first answer: load until the page is one.
    await expect
      .poll(
        async () => {
          requested = [];
          return (await page.goto(path))?.headers()['x-document-cache'];
        },
        { timeout: 15_000 },
      )
      .toMatch(/^(hit|stale)$/);
    const styles = () =>
      page.evaluate(() => ({
        inline: document.head.querySelectorAll('style').length,
        links: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('media')),
        // The header is sticky only by the site's own rules.
        header: getComputedStyle(document.querySelector('header') as Element).position,
      }));
    expect(await styles()).toEqual({ inline: 1, links: ['print'], header: 'sticky' });
    // A client navigation renders the same stylesheet resource: React finds the link and adds none.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('a[href="/product/vps"]:visible').first().click();
    await expect(page).toHaveURL(/\/product\/vps$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await styles()).toEqual({ inline: 1, links: ['print'], header: 'sticky' });
    // The print copy may be fetched once, at the lowest priority; nothing asks for it twice.
    expect(new Set(requested).size).toBe(requested.length);
  });
});
