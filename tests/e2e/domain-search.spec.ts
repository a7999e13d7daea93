import { randomBytes } from 'node:crypto';
import { withE2eDatabase } from './database';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES, watchConsole } from './support';

/**
 * The domain search as a visitor types it (docs/product/screens.md, /product/domain): a name typed and sent with
 * Enter, every suffix listed as available (first-year price) or taken (transfer price) in the page's currency, and
 * the summary in a live region so a screen reader announces it. The taken name is this test's own registration.
 */
const taken: string[] = [];

test.afterAll(async () => {
  await withE2eDatabase((db) => db.query('delete from domain_registrations where fqdn = any($1)', [taken]));
});

const CASES = [
  { locale: 'en', path: '/product/domain', price: /\$[\d,]+\.\d{2}/, notHk: true },
  { locale: 'zh', path: '/zh/product/domain', price: /HK\$[\d,]+\.\d{2}/, notHk: false },
  // Japanese pages in yen: with consumption tax first, without it beside (docs/decisions/066-tax.md).
  { locale: 'ja', path: '/ja/product/domain', price: /^[^￥]*￥[\d,]+（税込）／税抜 ￥[\d,]+/, notHk: true },
] as const;

test('a typed name, sent with Enter, lists available and taken suffixes with prices in the page currency', async ({
  page,
}, info) => {
  const problems = watchConsole(page);
  const label = `cov${info.project.name}${randomBytes(3).toString('hex')}`;
  taken.push(`${label}.com`);
  await withE2eDatabase((db) => db.query('insert into domain_registrations (fqdn) values ($1)', [`${label}.com`]));

  for (const { locale, path, price, notHk } of CASES) {
    const t = MESSAGES[locale].domain;
    await page.goto(path);
    const input = page.getByRole('textbox', { name: t.search.label });
    await input.focus();
    await page.keyboard.type(label);
    const answered = page.waitForResponse('**/api/domain/suffix/check');
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);

    const rows = page.getByTestId('domain-result');
    const comRow = rows.filter({ has: page.getByText(`${label}.com`, { exact: true }) });
    await expect(comRow).toHaveAttribute('data-state', 'taken');
    await expect(comRow).toContainText(t.state.taken);
    await expect(comRow).toContainText(price);

    const available = rows.and(page.locator('[data-state="available"]'));
    const count = await available.count();
    expect(count, locale).toBeGreaterThan(1);
    await expect(available.first()).toContainText(t.state.available);
    await expect(available.first()).toContainText(price);
    if (notHk) await expect(available.first()).not.toContainText('HK$');

    // The summary is a polite live region, present before the search so its change is announced.
    const summary = page.getByRole('status').filter({ hasText: label });
    await expect(summary).toHaveAttribute('aria-live', 'polite');
    const expected = {
      en: `${count} suffixes are available for ${label}.`,
      zh: `${label} 有 ${count} 个后缀可注册。`,
      ja: `${label} は ${count} 種類のドメインで取得できます。`,
    }[locale];
    await expect(summary).toHaveText(expected);
    // The field keeps focus: another Enter searches again without reaching for the button.
    await expect(input).toBeFocused();
  }

  await page.getByTestId('domain-search-summary').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/coverage/domain-${info.project.name}.png` });
  // The search form and its results: the whole page, with its long price table, takes axe 8 to 15 seconds.
  await expectNoAxeViolations(page, { include: ['form:has(#domain-name)', '#domain-results'] });
  expect(problems).toEqual([]);
});
