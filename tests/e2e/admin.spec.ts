import type { BrowserContext, Page } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import { waitForMail } from './mailbox';
import {
  completeSetup,
  createOwner,
  deleteAnnouncement,
  expectNoAxeViolations,
  invite,
  navigationLinks,
  newStaffContext,
  resetOwner,
  staffInBrowser,
  staffWithSession,
} from './staff';

/**
 * The back office end to end (docs/product/back-office-api.md): the first owner made by the command, their setup
 * link and authenticator, an editor invited by mail, an announcement published in three languages and read on
 * the public site, an owner-only call refused to the editor, two editors saving the same announcement (the
 * second sees the 409 view), and the owner reverting a change from the audit log: an older one refused with what
 * it would lose, the latest once. Each project (phone, desktop) runs the whole story with its own people.
 */
const en = adminEn.admin;
const fields = en.resources.announcements.fields;

test('the back office: owner from the command, an editor invited by mail, an announcement in three languages, a 409 and a revert', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const shot = (name: string) => `screenshots/admin-${name}-${info.project.name}.png`;
  const ownerEmail = `owner-${tag}@example.com`;
  const editors = [
    { email: `editor1-${tag}@example.com`, name: `Kenji ${tag}`, role: 'editor' },
    { email: `editor2-${tag}@example.com`, name: `Mei ${tag}`, role: 'editor' },
  ];

  const ownerContext = await newStaffContext(browser, baseURL);
  const owner = await ownerContext.newPage();
  await test.step('the first owner sets up from the link the command prints', async () => {
    const link = await createOwner(ownerEmail);
    // The command names nobody: the greeting's name is whatever it chose.
    await completeSetup(owner, link, new RegExp(`^${en.dashboard.title.replace('{name}', '.+')}$`), shot('setup'));
    await expect(await navigationLinks(owner)).toHaveText([
      en.nav.dashboard,
      en.resources.announcements.title,
      en.resources.articles.title,
      en.nav.translations,
      en.nav.jobs,
      en.nav.history,
      en.nav.footerLinks,
      en.nav.catalog,
      en.nav.prices,
      en.nav.promotions,
      en.nav.orders,
      en.resources.invoices.title,
      en.nav.finance,
      en.nav.customers,
      en.resources['tax-rules'].title,
      en.resources['affiliate-terms'].title,
      en.resources.affiliates.title,
      en.resources['affiliate-commissions'].title,
      en.resources['affiliate-payouts'].title,
      en.resources.reviews.title,
      en.resources['contact-messages'].title,
      en.nav.deliveries,
      en.nav.audit,
      en.resources.staff.title,
    ]);
    await owner.screenshot({ path: shot('dashboard-owner'), fullPage: true });
    await expectNoAxeViolations(owner);

    // Their own account, from their name in the header: the ten recovery codes of the setup are all left.
    await owner.getByTestId('admin-who').click();
    await expect(owner.getByRole('heading', { level: 1, name: en.account.title })).toBeVisible();
    await expect(owner.getByTestId('recovery-left')).toHaveText('10 recovery codes left.');
    await owner.screenshot({ path: shot('account'), fullPage: true });
    await expectNoAxeViolations(owner);
  });

  const editorContexts: BrowserContext[] = [];
  const editorPages: Page[] = [];
  await test.step('the owner invites two editors; each sets up from the mailed link', async () => {
    for (const person of editors) {
      const link = await invite(owner, person);
      const context = await newStaffContext(browser, baseURL);
      const page = await context.newPage();
      await completeSetup(page, link, person.name);
      editorContexts.push(context);
      editorPages.push(page);
    }
    await owner.reload();
    await expect(owner.getByTestId('staff-list').getByTestId('row'))
      .toHaveCount(3, { timeout: 10_000 })
      .catch(() => {});
    await owner.screenshot({ path: shot('staff'), fullPage: true });
    await expectNoAxeViolations(owner);
  });
  const [kenji, mei] = editorPages as [Page, Page];

  await test.step('an editor sees no owner-only navigation and the server refuses the owner-only call', async () => {
    await expect(await navigationLinks(kenji)).toHaveText([
      en.nav.dashboard,
      en.resources.announcements.title,
      en.resources.articles.title,
      en.nav.translations,
      en.nav.jobs,
      en.nav.history,
      en.nav.footerLinks,
      en.nav.catalog,
      en.nav.prices,
      en.nav.promotions,
      en.resources['tax-rules'].title,
      en.resources['affiliate-terms'].title,
      en.nav.audit,
    ]);
    const refused = await kenji.context().request.get('/api/admin/staff');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 4030, message: 'api.admin.forbidden' });
    await kenji.goto('/admin/staff');
    // The screen keeps its heading for a role that may not read it, and says why it shows nothing.
    await expect(kenji.getByRole('heading', { level: 1, name: en.resources.staff.title })).toBeVisible();
    await expect(kenji.getByTestId('forbidden')).toHaveText(adminEn.api.admin.forbidden);
    await kenji.screenshot({ path: shot('staff-editor'), fullPage: true });
    await expectNoAxeViolations(kenji);
  });

  const title = { en: `Osaka region opens ${tag}`, zh: `大阪区域开放 ${tag}`, ja: `大阪リージョン開設 ${tag}` };
  let id = 0;
  await test.step('the editor publishes an announcement in three languages; the public site shows it in Japanese', async () => {
    await kenji.goto('/admin/announcements/new');
    await kenji.getByTestId('resource-save').click();
    await expect(kenji.getByTestId('announcements-form-translations-en-title-error')).toHaveText(
      'This field is required.',
    );
    for (const [lang, text] of Object.entries(title)) {
      const column = kenji.getByTestId(`language-${lang}`);
      await column.getByLabel(fields.title).fill(text);
      await column.getByLabel(fields.body).fill(`**${text}**\n\n- 1\n- 2`);
      await expect(kenji.getByTestId(`preview-${lang}`)).toContainText(text);
    }
    await kenji.getByLabel(fields.pinned).check();
    await kenji.screenshot({ path: shot('editor'), fullPage: true });
    await expectNoAxeViolations(kenji);
    await kenji.getByTestId('resource-save').click();
    await expect(kenji).toHaveURL(/\/admin\/announcements\/\d+/);
    id = Number(/\/announcements\/(\d+)/.exec(kenji.url())?.[1]);
    await expect(kenji.getByTestId('resource-notice')).toContainText(en.resource.saved);

    const site = await kenji.context().newPage();
    await site.goto(`/ja/doc/announce/detail/${id}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(title.ja);
    await site.close();

    await kenji.goto('/admin/announcements');
    await kenji.getByLabel(en.resource.search, { exact: true }).fill(tag);
    await expect(kenji.getByTestId('announcements-list').getByTestId('row')).toHaveCount(1);
    await kenji.screenshot({ path: shot('announcements'), fullPage: true });
    await expectNoAxeViolations(kenji);
  });

  await test.step('two editors save the same announcement: the second sees both versions and keeps what was typed', async () => {
    await kenji.goto(`/admin/announcements/${id}`);
    await mei.goto(`/admin/announcements/${id}`);
    const kenjiTitle = kenji.getByTestId('language-en').getByLabel(fields.title);
    const meiTitle = mei.getByTestId('language-en').getByLabel(fields.title);
    await expect(kenjiTitle).toHaveValue(title.en);
    await expect(meiTitle).toHaveValue(title.en);

    await meiTitle.fill(`${title.en} (Mei)`);
    await mei.getByTestId('resource-save').click();
    await expect(mei.getByTestId('resource-notice')).toContainText(en.resource.saved);

    await kenjiTitle.fill(`${title.en} (Kenji)`);
    await kenji.getByTestId('resource-save').click();
    const conflict = kenji.getByTestId('conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByTestId('conflict-theirs').first()).toHaveText(`${title.en} (Mei)`);
    await expect(conflict.getByTestId('conflict-mine').first()).toHaveText(`${title.en} (Kenji)`);
    await expect(kenjiTitle).toHaveValue(`${title.en} (Kenji)`);
    await kenji.screenshot({ path: shot('conflict'), fullPage: true });
    await expectNoAxeViolations(kenji);
    await conflict.getByTestId('overwrite').click();
    await expect(kenji.getByTestId('resource-notice')).toContainText(en.resource.saved);
    await kenji.reload();
    await expect(kenjiTitle).toHaveValue(`${title.en} (Kenji)`);
  });

  await test.step('the owner cannot undo Mei’s change without losing Kenji’s later one: nothing changes, both are shown', async () => {
    await owner.goto('/admin/audit');
    // The kind is kept in the address, as every list's filters are.
    await owner.getByLabel(en.resources.audit.filters.kind).selectOption('announcement');
    await expect(owner).toHaveURL(/[?&]kind=announcement/);
    // The phone and desktop runs share the database: this run's announcement is found by its number.
    const meis = owner
      .getByTestId('audit')
      .getByTestId('row')
      .filter({ hasText: `#${id} ` })
      .filter({ hasText: editors[1]?.name ?? '' });
    await expect(meis).toHaveCount(1);
    await meis.getByTestId('audit-toggle').click();
    const detail = owner.locator(`#audit-detail-${await meis.getAttribute('data-id')}`);
    await detail.getByTestId('revert').click();
    const changed = detail.getByTestId('conflict');
    await expect(changed.getByRole('heading', { name: en.audit.changedTitle })).toBeFocused();
    await expect(changed.getByTestId('conflict-theirs')).toHaveText([`${title.en} (Kenji)`]);
    await expect(changed.getByTestId('conflict-mine')).toHaveText([`${title.en} (Mei)`]);
    await owner.screenshot({ path: shot('audit-changed-since'), fullPage: true });
    await expectNoAxeViolations(owner);
    await meis.getByTestId('audit-toggle').click();
    await expect(detail).toHaveCount(0);
  });

  await test.step('the owner finds the overwrite in the audit log and reverts it, once', async () => {
    const rows = owner
      .getByTestId('audit')
      .getByTestId('row')
      .filter({ hasText: `#${id} ` });
    const latest = rows.first();
    await expect(latest).toContainText(`#${id}`);
    await expect(latest).toContainText(editors[0]?.name ?? '');
    await latest.getByTestId('audit-toggle').click();
    const detail = owner.getByTestId('audit-detail');
    await expect(detail.getByTestId('audit-before')).toContainText('(Mei)');
    await expect(detail.getByTestId('audit-after')).toContainText('(Kenji)');
    // The changed fields come first, one row each; bookkeeping (version, updated) is left out.
    const changes = detail.getByTestId('audit-changes');
    await expect(changes.getByRole('row', { name: /translations\.en\.title/ })).toContainText('(Kenji)');
    await expect(changes).not.toContainText('version');
    await owner.screenshot({ path: shot('audit'), fullPage: true });
    await expectNoAxeViolations(owner);
    await detail.getByTestId('revert').click();
    await expect(detail.getByRole('status')).toHaveText(en.audit.revertDone);
    // Undone once: the entry names its undo and offers it no more.
    await expect(rows.getByTestId('audit-reverted-by')).toHaveCount(1);
    await expect(detail.getByTestId('revert')).toHaveCount(0);

    await kenji.goto(`/admin/announcements/${id}`);
    await expect(kenji.getByTestId('language-en').getByLabel(fields.title)).toHaveValue(`${title.en} (Mei)`);
  });

  // Pinned and newest, it would head every later spec's announcement ticker.
  await deleteAnnouncement(kenji, id);
  for (const context of [ownerContext, ...editorContexts]) await context.close();
});

test('owners get staff back in: an invitation sent again, a second factor reset and a person removed, each confirmed; an owner reset from the command line', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const shot = (name: string) => `screenshots/admin-staff-${name}-${info.project.name}.png`;
  const owner = await staffWithSession('owner', `Owner ${tag}`);
  const people = {
    waiting: { email: `waiting-${tag}@example.com`, name: `Aiko ${tag}` },
    lost: { email: `lost-${tag}@example.com`, name: `Bao ${tag}` },
  };
  // Aiko never used her invitation; Bao set up long ago and has lost his phone and his recovery codes.
  await withE2eDatabase(async (db) => {
    await db.query(`insert into staff (email, name, role) values ($1, $2, 'editor')`, [
      people.waiting.email,
      people.waiting.name,
    ]);
    await db.query(
      `insert into staff (email, name, role, password_hash, totp_secret) values ($1, $2, 'support', 'scrypt$unused', 'UNUSEDUNUSEDUNUS')`,
      [people.lost.email, people.lost.name],
    );
  });
  const context = await newStaffContext(browser, baseURL);
  await staffInBrowser(context, baseURL ?? '', owner);
  const page = await context.newPage();
  const words = en.resources.staff;
  const resend = words.actions['resend-invitation'];
  const reset = words.actions['reset-second-factor'];
  await page.goto('/admin/staff');
  await page.getByLabel(en.resource.search).fill(tag);
  const rows = page.getByTestId('staff-list').getByTestId('row');
  await expect(rows).toHaveCount(3);
  const row = (name: string) => rows.filter({ hasText: name });
  await expect(row(people.waiting.name)).toContainText(words.options.state.invited);
  await expect(row(people.lost.name)).toContainText(words.options.state.active);
  await page.screenshot({ path: shot('list'), fullPage: true });
  await expectNoAxeViolations(page);

  await test.step('from the keyboard: the invitation sent again, with a new link by mail', async () => {
    // Someone not set up has no second factor to reset.
    await expect(
      row(people.waiting.name).getByRole('button', { name: `${reset.label}: ${people.waiting.name}` }),
    ).toHaveCount(0);
    await row(people.waiting.name)
      .getByRole('button', { name: `${resend.label}: ${people.waiting.name}` })
      .focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: resend.title.replace('{name}', people.waiting.name) });
    await expect(confirm.getByRole('button', { name: en.cancel })).toBeFocused();
    await page.screenshot({ path: shot('resend-confirm'), fullPage: true });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: resend.label, exact: true }).click();
    await expect(page.getByTestId('resource-notice')).toHaveText(resend.done.replace('{name}', people.waiting.name));
    expect(await waitForMail(people.waiting.email, '/admin/setup?token=')).toContain(owner.name);
  });

  await test.step('a second factor reset: asked first, Escape keeps everything, the confirmation resets', async () => {
    const button = row(people.lost.name).getByRole('button', { name: `${reset.label}: ${people.lost.name}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: reset.title.replace('{name}', people.lost.name) });
    await expect(confirm.getByRole('button', { name: en.cancel })).toBeFocused();
    await page.screenshot({ path: shot('reset-confirm'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: reset.label, exact: true }).click();
    await expect(page.getByTestId('resource-notice')).toHaveText(reset.done.replace('{name}', people.lost.name));
    await expect(row(people.lost.name)).toContainText(words.options.state.invited);
    await waitForMail(people.lost.email, '/admin/setup?token=');
  });

  await test.step('disabling someone is asked first, then signs them out', async () => {
    await row(people.lost.name)
      .getByRole('button', { name: `${en.resource.edit}: ${people.lost.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: people.lost.name });
    await expect(dialog.getByLabel(words.fields.email, { exact: true })).not.toBeEditable();
    await dialog.getByLabel(words.fields.status, { exact: true }).selectOption('disabled');
    await dialog.getByTestId('resource-save').click();
    const confirm = page.getByRole('alertdialog', {
      name: words.confirm.status.disabled.title.replace('{name}', people.lost.name),
    });
    await page.screenshot({ path: shot('disable-confirm'), fullPage: true });
    await confirm.getByRole('button', { name: words.confirm.status.disabled.label, exact: true }).click();
    await expect(page.getByTestId('resource-notice')).toHaveText(en.resource.saved);
    await expect(row(people.lost.name)).toContainText(words.options.state.disabled);
  });

  await test.step('a person removed after a confirmation leaves the list', async () => {
    await row(people.waiting.name)
      .getByRole('button', { name: `${words.delete}: ${people.waiting.name}` })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: words.deleteTitle.replace('{name}', people.waiting.name),
    });
    await confirm.getByRole('button', { name: words.delete, exact: true }).click();
    await expect(page.getByTestId('resource-notice')).toHaveText(words.deleted.replace('{name}', people.waiting.name));
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: shot('removed'), fullPage: true });
    await expectNoAxeViolations(page);
  });

  await test.step('an owner who cannot sign in is reset from the command line and sets up again', async () => {
    const link = await resetOwner(owner.email);
    await page.reload();
    await expect(page.getByTestId('admin-sign-in')).toBeVisible();
    await completeSetup(page, link, owner.name);
  });
  await context.close();
});

test('/admin stays out of the sitemap and robots.txt keeps crawlers away', { tag: '@desktop-only' }, async ({
  request,
}) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin');
  const page = await request.get('/admin');
  expect(page.headers()['cache-control']).toMatch(/no-store|private/);
  expect(await page.text()).toContain('noindex');
});
