import type { Page } from '@playwright/test';
import { DOC_SLUGS } from '../../src/lib/routes';
import { expect, test } from './fixtures';
import { LOCALES, localizedPath, watchConsole } from './support';

/** Every yen amount in the page's visible text, as written (`￥1,234`, `¥2`, `JP¥1.06`). */
async function yenAmounts(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return text.match(/[¥￥]\s?\d[\d,]*(?:[.．]\d+)?/g) ?? [];
}

test.describe('yen amounts (docs/decisions/009-pricing-and-orders.md: whole yen for hourly prices)', () => {
  for (const path of ['/ja/product/vps', '/ja/doc/article/vps-pricing', '/ja/doc/article/pricing']) {
    test(`${path} writes every yen amount in whole yen`, { tag: '@desktop-only' }, async ({ page }) => {
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

type Box = { name: string; left: number; right: number; top: number; bottom: number };

/** Boxes of `selector` in the page (layout forced, so blocks not yet rendered near the viewport count too). */
async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      const name = e.closest('tr')?.querySelector('th')?.textContent ?? e.textContent ?? '';
      return { name: name.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
}

/** Scroll boxes around tables that are wider than themselves (they would scroll sideways). */
async function sidewaysScrollers(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements.flatMap((e) =>
        e.scrollWidth > e.clientWidth
          ? [`${e.getAttribute('aria-label') ?? ''}: ${e.scrollWidth} > ${e.clientWidth}`]
          : [],
      ),
    );
}

/** Cells whose text (their column's label included) is wider than the cell, so it runs into the next one. */
async function overflowingCells(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((cells) =>
      cells.flatMap((c) =>
        c.scrollWidth > c.clientWidth + 1 ? [`${c.textContent}: ${c.scrollWidth} > ${c.clientWidth}`] : [],
      ),
    );
}

const outside = (list: Box[], width: number) =>
  list.filter((b) => b.left < 0 || b.right > width || b.right <= b.left).map((b) => `${b.name} ${b.left}..${b.right}`);

test.describe('plan tables on phones (docs/decisions/038-tables-on-phones.md)', () => {
  for (const locale of LOCALES) {
    test(`/product/vps reads as plan cards with their prices on screen in ${locale}`, { tag: '@phone-only' }, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const width = page.viewportSize()?.width ?? 375;
      await page.goto(localizedPath(locale, '/product/vps'));
      await expect(page.getByTestId('monthly-price').first()).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await sidewaysScrollers(page, 'main div:has(> table)')).toEqual([]);
      for (const part of ['th[scope="row"]', '[data-testid="monthly-price"]', '[data-testid="hourly-price"]', 'a']) {
        const list = await boxes(page, `main tbody ${part}`);
        expect(list.length, part).toBe(14);
        expect(outside(list, width), part).toEqual([]);
      }
      expect(await overflowingCells(page, 'main tbody :is(td, th)')).toEqual([]);
      // A card: the plan's name, price and Configure link within one screen's height of each other.
      const first = page.locator('main tbody tr').first();
      const card = await first.boundingBox();
      expect(card?.height ?? 0).toBeLessThan(420);
      const name = await first.locator('th').boundingBox();
      const price = await first.getByTestId('monthly-price').boundingBox();
      expect(price?.y ?? 0).toBeGreaterThan(name?.y ?? 0);
      await page.screenshot({ path: `screenshots/price-tables-vps-${locale}-phone.png` });
      await first.scrollIntoViewIfNeeded();
      await expect(first.getByTestId('monthly-price')).toBeInViewport({ ratio: 1 });
      await expect(first.getByRole('link')).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `screenshots/price-tables-vps-card-${locale}-phone.png` });
      // The narrowest phone: nothing runs out of its cell or off the screen there either.
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await overflowingCells(page, 'main tbody :is(td, th)')).toEqual([]);
      expect(outside(await boxes(page, 'main tbody :is(td, th)'), 320)).toEqual([]);
      await page.locator('main tbody tr').last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/price-tables-vps-last-${locale}-320.png` });
      expect(problems).toEqual([]);
    });

    test(`article tables need no sideways scrolling on a phone in ${locale}`, { tag: '@phone-only' }, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const problems = watchConsole(page);
      const width = page.viewportSize()?.width ?? 375;
      for (const slug of DOC_SLUGS) {
        await page.goto(localizedPath(locale, `/doc/article/${slug}`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), slug).toBe(0);
        expect(await sidewaysScrollers(page, 'article section:has(> table)'), slug).toEqual([]);
        expect(outside(await boxes(page, 'article table tbody :is(td, th)'), width), slug).toEqual([]);
        expect(await overflowingCells(page, 'article table tbody :is(td, th)'), slug).toEqual([]);
        // The narrowest phone too.
        await page.setViewportSize({ width: 320, height: 640 });
        expect(await sidewaysScrollers(page, 'article section:has(> table)'), `${slug} at 320 px`).toEqual([]);
        expect(await overflowingCells(page, 'article table tbody :is(td, th)'), `${slug} at 320 px`).toEqual([]);
        await page.setViewportSize({ width, height: 812 });
      }
      await page.goto(localizedPath(locale, '/doc/article/vps-pricing'));
      const row = page.locator('[data-catalog="vps-plans"] tbody tr').first();
      await row.scrollIntoViewIfNeeded();
      await expect(row.locator('td').nth(5)).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `screenshots/price-tables-article-${locale}-phone.png` });
      expect(problems).toEqual([]);
    });
  }

  test('the domain price list needs no sideways scrolling on a phone', { tag: '@phone-only' }, async ({ page }) => {
    const problems = watchConsole(page);
    for (const locale of LOCALES) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(localizedPath(locale, '/product/domain'));
      const table = page.getByTestId('domain-price-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 812 });
        expect(await sidewaysScrollers(page, 'main div:has(> table)'), `${locale} at ${width} px`).toEqual([]);
        const cells = '[data-testid="domain-price-table"] tbody :is(td, th)';
        expect(outside(await boxes(page, cells), width), `${locale} at ${width} px`).toEqual([]);
        expect(await overflowingCells(page, cells), `${locale} at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 375, height: 812 });
      await table.locator('tbody tr').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/price-tables-domain-${locale}-phone.png` });
    }
    expect(problems).toEqual([]);
  });

  test('the stacked tables are still tables to a screen reader', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/product/vps');
    // Every section laid out (sections below the first screen wait for the viewport, `render-when-near`).
    await page.evaluate(() => {
      for (const e of document.querySelectorAll<HTMLElement>('main section')) e.style.contentVisibility = 'visible';
    });
    // Chromium's own accessibility tree, not Playwright's reading of the markup.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; ignored?: boolean }[];
    };
    const count = (role: string) => nodes.filter((n) => !n.ignored && n.role?.value === role).length;
    expect(count('table')).toBe(4);
    expect(count('columnheader')).toBe(4 * 10);
    expect(count('rowheader')).toBe(14);
    expect(count('cell')).toBe(14 * 9);
  });

  for (const locale of LOCALES) {
    test(`at desktop width the plans are still a table in ${locale}`, { tag: '@desktop-only' }, async ({ page }) => {
      await page.goto(localizedPath(locale, '/product/vps'));
      const table = page.locator('main table').first();
      expect(await table.evaluate((t) => getComputedStyle(t).display)).toBe('table');
      await expect(table.locator('thead')).toBeVisible();
      // One line a plan: name, price and Configure link side by side.
      const row = table.locator('tbody tr').first();
      const name = await row.locator('th').boundingBox();
      const price = await row.getByTestId('monthly-price').boundingBox();
      const link = await row.getByRole('link').boundingBox();
      expect(price?.x ?? 0).toBeGreaterThan(name?.x ?? 0);
      expect(link?.x ?? 0).toBeGreaterThan(price?.x ?? 0);
      expect(
        Math.abs((price?.y ?? 0) + (price?.height ?? 0) / 2 - ((name?.y ?? 0) + (name?.height ?? 0) / 2)),
      ).toBeLessThan(12);
      await page.screenshot({ path: `screenshots/price-tables-vps-${locale}-desktop.png` });
      await page.goto(localizedPath(locale, '/doc/article/vps-pricing'));
      const article = page.locator('[data-catalog="vps-plans"] table');
      expect(await article.evaluate((t) => getComputedStyle(t).display)).toBe('table');
      await expect(article.locator('thead')).toBeVisible();
      await article.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/price-tables-article-${locale}-desktop.png` });
    });
  }
});
