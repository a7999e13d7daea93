import type { Page } from '@playwright/test';
import { answerCookiePanel, expect, expectNoAxeViolations, test, waitForScriptsAfterNavigation } from './fixtures';
import { localizedPath, MESSAGES, watchConsole } from './support';

const en = MESSAGES.en;
const zh = MESSAGES.zh;
// Seeded (src/server/db/seed/data/promotions.ts): a team of 3 in Tokyo.
const OFFER_EN = 'Tokyo Standard 2 vCPU / 4 GB, 12 months, team of 3';
const PASSWORD = 'groupbuy2026';
const SHOTS = 'test-results/pintuan';

/** Logs in through the page's own dialog (?ope=login links open it). */
async function logIn(page: Page, texts: typeof en | typeof zh, email: string) {
  const dialog = page.getByRole('dialog', { name: texts.account.loginTitle });
  await dialog.getByLabel(texts.account.accountLabel).fill(email);
  await dialog.getByLabel(texts.account.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: texts.account.loginSubmit }).click();
  await expect(dialog).toBeHidden();
}

test('open a group in English, join it from a second browser in Chinese through the share link', {
  tag: '@desktop-only',
}, async ({ page, browser, activatedCustomer }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const leaderEmail = (await activatedCustomer('lead', { password: PASSWORD })).email;
  const joinerEmail = (await activatedCustomer('join', { password: PASSWORD })).email;

  // The leader opens a group on the list page.
  await page.goto('/activity/pintuan/vps');
  const card = page.getByTestId('pintuan-offer').filter({ has: page.getByRole('heading', { name: OFFER_EN }) });
  await expect(card).toContainText(en.pintuan.groupPrice);
  await card.getByRole('link', { name: en.pintuanActions.logInToOpen }).click();
  await expect(page).toHaveURL(/\?ope=login/);
  await logIn(page, en, leaderEmail);
  await card.getByRole('button', { name: `${en.pintuanActions.open}: ${OFFER_EN}` }).click();
  await expect(page).toHaveURL(/\/activity\/pintuan\/part-vps\/\d+$/);
  const groupId = /part-vps\/(\d+)$/.exec(page.url())?.[1];
  const group = page.getByTestId('pintuan-group');
  await expect(group.getByTestId('seats-left')).toHaveText('2 seats left');
  await expect(group.getByRole('status')).toContainText(en.pintuanActions.youLead);
  await expect(group.getByTestId('pintuan-members').getByRole('listitem').filter({ hasText: '****' })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: en.pintuan.rulesTitle })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/join-leader-1280.png`, fullPage: true });

  // A different customer opens the share link in Chinese in another browser and joins.
  const other = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  await answerCookiePanel(other);
  other.on('page', waitForScriptsAfterNavigation);
  const joiner = await other.newPage();
  const joinerProblems = watchConsole(joiner);
  await joiner.goto(`/zh/activity/pintuan/part-vps/${groupId}`);
  const joinerGroup = joiner.getByTestId('pintuan-group');
  await expect(joinerGroup.getByTestId('seats-left')).toHaveText('还差 2 人');
  await expect(joiner.getByRole('heading', { name: zh.pintuan.rulesTitle })).toBeVisible();
  await joinerGroup.getByRole('link', { name: zh.pintuanActions.logInToJoin }).click();
  await logIn(joiner, zh, joinerEmail);
  await joinerGroup.getByLabel(zh.pintuanActions.image).selectOption({ label: 'Debian 12 (Bookworm)' });
  await joinerGroup.getByRole('button', { name: zh.pintuanActions.join }).click();
  await expect(joinerGroup.getByTestId('seats-left')).toHaveText('还差 1 人');
  await expect(joinerGroup.getByRole('status')).toContainText(zh.pintuanActions.youJoined);
  await expect(joinerGroup.getByRole('link', { name: /支付订单 CC\d{8}/ })).toBeVisible();
  await joiner.screenshot({ path: `${SHOTS}/join-member-zh-375.png`, fullPage: true });

  // The leader's page, reloaded, shows the new member masked and one seat left.
  await page.reload();
  await expect(group.getByTestId('seats-left')).toHaveText('1 seat left');
  const masked = `${joinerEmail.split('@')[0]?.slice(0, 4)}****`;
  await expect(group.getByTestId('pintuan-members')).toContainText(masked);
  await expect(group.getByTestId('pintuan-members')).not.toContainText(joinerEmail);
  await expect(group.getByTestId('pintuan-members').getByRole('listitem').filter({ hasText: '****' })).toHaveCount(2);

  // The group shows on the list as joinable once the list's 15 s revalidation has passed.
  await expect(async () => {
    await page.goto('/activity/pintuan/vps');
    const link = page.getByTestId('joinable-groups').locator(`a[href$="/activity/pintuan/part-vps/${groupId}"]`);
    await expect(link).toHaveAccessibleName(/lead\*{4}/, { timeout: 1000 });
  }).toPass({ timeout: 45_000, intervals: [5000] });
  await page.screenshot({ path: `${SHOTS}/list-with-group-1280.png`, fullPage: true });
  expect(problems).toEqual([]);
  expect(joinerProblems).toEqual([]);
  await other.close();
});

test('the group-buy list reads well, is keyboard reachable and passes axe', async ({ page }, info) => {
  const problems = watchConsole(page);
  await page.goto('/activity/pintuan/vps');
  await expect(page.getByTestId('pintuan-offer').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: en.pintuan.openGroups })).toBeVisible();
  // The first call to action is reachable with the keyboard.
  const firstAction = page
    .getByTestId('pintuan-offer')
    .first()
    .getByRole('link', { name: en.pintuanActions.logInToOpen });
  await firstAction.focus();
  await expect(firstAction).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/list-${info.project.name}.png`, fullPage: true });
  await page.goto('/ja/activity/pintuan/vps');
  await expect(page.getByRole('heading', { name: MESSAGES.ja.pintuan.rulesTitle })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a malformed or unknown group id is the 404 page in the visitor’s language', async ({ page }) => {
  for (const [id, locale] of [
    ['abc', 'en'],
    ['0', 'zh'],
    ['99999999', 'ja'],
  ] as const) {
    const path = localizedPath(locale, `/activity/pintuan/part-vps/${id}`);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      MESSAGES[locale].errors.notFoundMessage.replace('{path}', path),
    );
    await expect(page.getByRole('link', { name: MESSAGES[locale].errors.backHome })).toBeVisible();
  }
});
