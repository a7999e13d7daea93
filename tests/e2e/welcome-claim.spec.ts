import { customerWithSession, type SessionCustomer, signInBrowser } from './customers';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './staff';
import { MESSAGES, watchConsole } from './support';

/**
 * The welcome offer on /welcome-signup (docs/product/states.md): a newly activated customer claims it once and
 * sees it claimed; a second claim, from a tab opened before the first, is refused (409) and that tab shows the
 * claim too, with the bundle given once; an account activated too long ago is told why, in its language.
 */
const zh = MESSAGES.zh;
const made: SessionCustomer[] = [];

test.afterAll(async () => {
  // Their sessions, claims and coupons go with them (cascade).
  await withE2eDatabase((db) => db.query('delete from users where id = any($1)', [made.map((c) => c.userId)]));
});

test('a new customer claims the welcome bundle once; a second claim is refused and the bundle is not doubled', async ({
  page,
  context,
  baseURL,
}, info) => {
  const problems = watchConsole(page);
  const customer = await customerWithSession('welcome', { locale: 'zh' });
  made.push(customer);
  await signInBrowser(context, baseURL ?? '', customer);

  // Two tabs, both offering the claim (the button is enabled once the page's live call has answered).
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto('/zh/welcome-signup');
    await expect(tab.getByRole('button', { name: zh.welcome.claim })).toBeEnabled();
  }

  const first = page.waitForResponse('**/api/welcome/claim');
  await page.getByRole('button', { name: zh.welcome.claim }).click();
  expect((await (await first).json()).code).toBe(2000);
  await expect(page.getByTestId('welcome-claimed')).toHaveText(zh.welcome.claimed);
  await expect(page.getByRole('button', { name: zh.welcome.claim })).toHaveCount(0);

  const second = other.waitForResponse('**/api/welcome/claim');
  await other.getByRole('button', { name: zh.welcome.claim }).click();
  const refused = await second;
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ code: 4090, message: 'api.welcome.claimed' });
  expect(zh.api.welcome.claimed).not.toBe(MESSAGES.en.api.welcome.claimed);
  await expect(other.getByTestId('welcome-claimed')).toHaveText(zh.welcome.claimed);
  await other.close();

  const counts = await withE2eDatabase(async (db) => {
    const mine = await db.query('select 1 from user_coupons where user_id = $1', [customer.userId]);
    const bundle = await db.query('select 1 from coupons where welcome');
    return { mine: mine.rowCount, bundle: bundle.rowCount };
  });
  expect(counts.bundle).toBeGreaterThan(0);
  expect(counts.mine).toBe(counts.bundle);

  await page.getByTestId('welcome-claimed').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/coverage/welcome-${info.project.name}.png` });
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test('an account activated more than 30 days ago is told, in Japanese, that the offer is for new accounts', async ({
  page,
  context,
  baseURL,
}) => {
  const customer = await customerWithSession('welcomeold', { locale: 'ja' });
  made.push(customer);
  await withE2eDatabase((db) =>
    db.query(`update users set activated_at = now() - interval '40 days' where id = $1`, [customer.userId]),
  );
  await signInBrowser(context, baseURL ?? '', customer);
  await page.goto('/ja/welcome-signup');
  await expect(page.getByTestId('welcome-unavailable')).toHaveText(MESSAGES.ja.api.welcome.notNew);
  await expect(page.getByRole('button', { name: MESSAGES.ja.welcome.claim })).toHaveCount(0);
});
