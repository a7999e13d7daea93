import type { BrowserContext, Page } from '@playwright/test';
import adminEn from '../../src/i18n/admin/en.json';
import { LOCALE_LABEL } from '../../src/lib/locales';
import { withE2eDatabase } from './database';
import { expect, test } from './fixtures';
import {
  completeSetup,
  createOwner,
  deleteAnnouncement,
  expectNoAxeViolations,
  invite,
  navigationLinks,
  newStaffContext,
} from './staff';

/**
 * The back office's content and support screens against the real API (docs/product/back-office-api.md): a
 * support person approves a pending review and answers a contact message, an editor sees an announcement made
 * without Japanese in the missing-translations view, and edits a documentation article (an unknown placeholder
 * refused next to the Japanese body, then a save read on the public site, then the original text put back).
 * Each project (phone, desktop) runs the story with its own people and its own article, so the two never save
 * over each other.
 */
const en = adminEn.admin;
const approve = en.resources.reviews.actions.approve;
/** The refusal under an article's Japanese body (the form's ids: resource, field, language, part). */
const bodyError = 'articles-form-translations-ja-body-error';
const ARTICLE = { phone: 'affiliate', desktop: 'abuse' } as Record<string, string>;

// The reviews (one approved) and the contact message the test wrote go after it, so later home pages and inboxes
// read without them.
let ownTag: string | undefined;
test.afterEach(async () => {
  const tag = ownTag;
  ownTag = undefined;
  if (tag === undefined) return;
  await withE2eDatabase(async (db) => {
    await db.query(`delete from reviews where author_name in ($1, $2)`, [`Reviewer ${tag}`, `Late ${tag}`]);
    await db.query('delete from contact_messages where email = $1', [`visitor-${tag}@example.com`]);
    await db.query(`select pg_notify('cirrus_changes', $1)`, [JSON.stringify({ kinds: ['reviews'], at: Date.now() })]);
  });
});

test('the back office: review moderation, the contact inbox, missing translations and a documentation article', async ({
  browser,
  baseURL,
}, info) => {
  test.setTimeout(300_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  ownTag = tag;
  const shot = (name: string) => `screenshots/admin-${name}-${info.project.name}.png`;
  const slug = ARTICLE[info.project.name] ?? 'affiliate';
  const contexts: BrowserContext[] = [];

  const ownerContext = await newStaffContext(browser, baseURL);
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  await createOwner(`owner-${tag}@example.com`).then((link) =>
    completeSetup(owner, link, new RegExp(`^${en.dashboard.title.replace('{name}', '.+')}$`)),
  );

  const people: Record<'support' | 'editor', Page> = {} as Record<'support' | 'editor', Page>;
  for (const role of ['support', 'editor'] as const) {
    const person = { email: `${role}-${tag}@example.com`, name: `${role} ${tag}`, role };
    const link = await invite(owner, person);
    const context = await newStaffContext(browser, baseURL);
    contexts.push(context);
    const page = await context.newPage();
    await completeSetup(page, link, person.name);
    people[role] = page;
  }
  const { support, editor } = people;

  await test.step('support sees the support screens in the navigation', async () => {
    await expect(await navigationLinks(support)).toHaveText([
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
      en.nav.customers,
      en.resources['tax-rules'].title,
      en.resources['affiliate-terms'].title,
      en.resources.affiliates.title,
      en.resources['affiliate-commissions'].title,
      en.resources.reviews.title,
      en.resources['contact-messages'].title,
      en.nav.deliveries,
      en.nav.audit,
    ]);
  });

  await test.step('support approves a pending review after confirming; it leaves the queue', async () => {
    const author = `Reviewer ${tag}`;
    await withE2eDatabase((db) =>
      db.query(`insert into reviews (author_name, locale, rating, body, status) values ($1, 'ja', 4, $2, 'pending')`, [
        author,
        `とても速いサーバーです。${tag}`,
      ]),
    );
    await support.goto('/admin/reviews');
    await support.getByLabel(en.resource.search, { exact: true }).fill(tag);
    const rows = support.getByTestId('reviews-list').getByTestId('row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(author);
    await expect(rows.first()).toContainText(LOCALE_LABEL.ja);
    await support.screenshot({ path: shot('reviews'), fullPage: true });
    await expectNoAxeViolations(support);

    await rows.first().getByTestId('action-approve').click();
    const dialog = support.getByRole('alertdialog', { name: approve.title });
    await expect(dialog).toBeVisible();
    await support.screenshot({ path: shot('reviews-confirm'), fullPage: false });
    await dialog.getByRole('button', { name: approve.label }).click();
    await expect(support.getByTestId('resource-notice')).toContainText(approve.done);
    await expect(rows).toHaveCount(0);

    // The status is in the address: the approved ones, then the queue again.
    await support.getByTestId('filter-status').selectOption('approved');
    await expect(support).toHaveURL(/[?&]status=approved/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(author);

    await support.getByTestId('filter-status').selectOption('pending');
  });

  await test.step('a review decided elsewhere meanwhile: the refusal in words, and the row leaves the queue', async () => {
    const author = `Late ${tag}`;
    const rows = support.getByTestId('reviews-list').getByTestId('row');
    // The search first, kept in the address; the review arrives after it, and the page is read again.
    await support.getByLabel(en.resource.search, { exact: true }).fill(`Slow support. ${tag}`);
    await expect(support).toHaveURL(/[?&]q=Slow/);
    await withE2eDatabase((db) =>
      db.query(`insert into reviews (author_name, locale, rating, body, status) values ($1, 'en', 2, $2, 'pending')`, [
        author,
        `Slow support. ${tag}`,
      ]),
    );
    await support.reload();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(author);
    await withE2eDatabase((db) =>
      db.query(`update reviews set status = 'rejected', moderated_at = now() where author_name = $1`, [author]),
    );
    await rows.first().getByTestId('action-approve').click();
    await support.getByRole('alertdialog').getByRole('button', { name: approve.label }).click();
    await expect(support.getByTestId('resource-notice')).toContainText(adminEn.api.admin.alreadyModerated);
    await expect(rows).toHaveCount(0);
  });

  await test.step('support reads a contact message and finds the reply link', async () => {
    const name = `Visitor ${tag}`;
    const email = `visitor-${tag}@example.com`;
    await withE2eDatabase((db) =>
      db.query(
        `insert into contact_messages (name, email, topic, message, locale, ip)
         values ($1, $2, 'billing', $3, 'en', '127.0.0.1')`,
        [name, email, `Hello,\nplease send the invoice again. ${tag}`],
      ),
    );
    await support.goto('/admin/contact');
    await support.getByLabel(en.resource.search, { exact: true }).fill(tag);
    const rows = support.getByTestId('contact-messages-list').getByTestId('row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('link', { name: email })).toHaveAttribute('href', /^mailto:visitor-/);
    await support.screenshot({ path: shot('contact'), fullPage: true });
    await expectNoAxeViolations(support);
    await rows.first().getByTestId('edit').click();
    const message = support.getByRole('dialog', { name });
    await expect(message).toContainText('please send the invoice again');
    await expectNoAxeViolations(support);
    await support.keyboard.press('Escape');
    await expect(message).toBeHidden();
  });

  await test.step('an announcement made without Japanese is listed as missing it', async () => {
    await editor.goto('/admin/announcements/new');
    const title = `Untranslated ${tag}`;
    const fields = en.resources.announcements.fields;
    await editor.getByTestId('language-en').getByLabel(fields.title).fill(title);
    await editor.getByTestId('language-en').getByLabel(fields.body).fill('English only, for now.');
    await editor.getByTestId('language-zh').getByLabel(fields.title).fill(`未翻译 ${tag}`);
    await editor.getByTestId('language-zh').getByLabel(fields.body).fill('只有中文和英文。');
    await editor.getByTestId('resource-save').click();
    await expect(editor).toHaveURL(/\/admin\/announcements\/\d+/);
    const id = /\/announcements\/(\d+)/.exec(editor.url())?.[1];

    await editor.goto('/admin/translations');
    const item = editor.getByTestId('translations-list').getByTestId('row').filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('missing-language')).toHaveText([LOCALE_LABEL.ja]);
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/announcements/${id}`);
    await editor.screenshot({ path: shot('translations'), fullPage: false });
    await expectNoAxeViolations(editor);
    await deleteAnnouncement(editor, Number(id));
  });

  await test.step('an editor edits an article: an unknown placeholder is refused next to the Japanese body', async () => {
    await editor.goto('/admin/articles');
    await expect(editor.getByTestId('articles-list').getByTestId('row').first()).toBeVisible();
    await expectNoAxeViolations(editor);
    await editor.goto(`/admin/articles/${slug}`);
    const ja = editor.getByTestId('language-ja');
    const body = ja.getByLabel(en.resources.articles.fields.body);
    await expect(body).not.toHaveValue('');
    const original = await body.inputValue();
    const placeholder = `{{catalog:no-such-table-${tag}}}`;
    try {
      await body.fill(`${original}\n\n${placeholder}\n`);
      await expect(editor.getByTestId('unknown-ja')).toContainText(placeholder);
      await editor.getByTestId('resource-save').click();
      await expect(editor.getByTestId(bodyError)).toHaveText(adminEn.api.admin.unknownPlaceholder);
      await expect(body).toBeFocused();
      await editor.screenshot({ path: shot('article-error'), fullPage: true });
      await expectNoAxeViolations(editor);

      const line = `追記 ${tag}`;
      await body.fill(`${original}\n\n${line}\n`);
      await expect(editor.getByTestId('unknown-ja')).not.toContainText(placeholder);
      await expect(editor.getByTestId('preview-html-ja')).toContainText(line);
      await editor.getByTestId('resource-save').click();
      await expect(editor.getByTestId('resource-notice')).toContainText(en.resource.saved);
      await expect(editor.getByTestId(bodyError)).toHaveCount(0);

      const site = await editor.context().newPage();
      await expect(async () => {
        await site.goto(`/ja/doc/article/${slug}`);
        await expect(site.locator('article')).toContainText(line, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await site.close();
    } finally {
      // Other specs read the articles: the original text goes back however this step ended.
      await editor.goto(`/admin/articles/${slug}`);
      await body.fill(original);
      await editor.getByTestId('resource-save').click();
      await expect(editor.getByTestId('resource-notice')).toContainText(en.resource.saved);
    }
  });

  await test.step('an editor adds a footer link: a bad address is refused next to it; then deletes the link', async () => {
    for (const path of ['jobs', 'history']) {
      await editor.goto(`/admin/${path}`);
      await expect(editor.getByTestId(`${path}-list`).getByTestId('row').first()).toBeVisible();
      await expectNoAxeViolations(editor);
    }
    await editor.screenshot({ path: shot('history'), fullPage: false });
    await editor.goto('/admin/footer-links');
    await editor.getByTestId('resource-new').click();
    const dialog = editor.getByRole('dialog', { name: en.resources['footer-links'].new });
    const name = `Status ${tag}`;
    await dialog.getByLabel(`${LOCALE_LABEL.en} (${en.resource.required})`).fill(name);
    await dialog.getByLabel(en.resources['footer-links'].fields.link).fill('javascript:alert(1)');
    // Hidden from the site: other specs read the footer.
    await dialog.getByLabel(en.resources['footer-links'].fields.active).uncheck();
    await dialog.getByTestId('resource-save').click();
    await expect(dialog.getByTestId('footer-links-form-link-error')).toHaveText(adminEn.api.admin.linkInvalid);
    await editor.screenshot({ path: shot('footer-link-error'), fullPage: false });
    await expectNoAxeViolations(editor);
    await dialog.getByLabel(en.resources['footer-links'].fields.link).fill(`/doc/article/${slug}`);
    await dialog.getByTestId('resource-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(editor.getByTestId('resource-notice')).toContainText(en.resource.saved);
    const row = editor.getByTestId('footer-links-list').getByTestId('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `${en.resource.delete}: ${name}` }).click();
    await editor.getByRole('alertdialog').getByRole('button', { name: en.resource.delete }).click();
    await expect(row).toHaveCount(0);
  });

  for (const context of contexts) await context.close();
});
