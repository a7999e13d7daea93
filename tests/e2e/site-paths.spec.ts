import { SITE_PATH_CORPUS } from '../support/site-path-corpus';
import { withE2eDatabase } from './database';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES } from './support';

/**
 * A footer link is a path on this site or an https address elsewhere (docs/decisions/053-site-paths.md). The API
 * refuses the corpus of bypasses (tests/api/admin.test.ts, tests/api/admin-promotions.test.ts); here, in Chromium:
 * rows saved before that check never reach the footer, a stored site path followed from the footer stays on the
 * site, and a page link whose path the browser resolves to `//host` on this origin is not handed to the router,
 * which would read it as another host. One width: the footer and the router are the same at both.
 */
test.describe('site paths in the browser', { tag: '@desktop-only' }, () => {
  const tag = `sp${Date.now().toString(36)}`;
  const hostile = SITE_PATH_CORPUS.refused.filter((e) => !e.webAddress);

  test.afterAll(async () => {
    await withE2eDatabase(async (db) => {
      await db.query(`delete from footer_links where name->>'en' like $1`, [`% ${tag}`]);
      await db.query(`select pg_notify('cirrus_changes', $1)`, [JSON.stringify({ kinds: ['footer'], at: Date.now() })]);
    });
  });

  test('the footer keeps its visitors on the site', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    // Rows as an editor could save them before the check: each would be a link in every page's footer.
    await withE2eDatabase(async (db) => {
      for (const [i, { value }] of hostile.entries()) {
        await db.query(`insert into footer_links (name, link, sort, active) values ($1, $2, 900, true)`, [
          { en: `Bypass ${i} ${tag}` },
          value,
        ]);
      }
    });
    // Anything else leaving the site is answered here, so a link that got out shows as a page on another origin.
    await page.context().route(
      (url) => url.origin !== origin,
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' }),
    );

    // A search nobody made before: its page is rendered now, with the footer read after the rows went in.
    await page.goto(`/doc/search/${tag}`);
    const footer = page.getByRole('contentinfo');
    const resources = footer.getByRole('navigation', { name: MESSAGES.en.footer.resourcesTitle });
    await expect(resources.getByRole('link', { name: 'API documentation' })).toBeVisible();
    await expect(footer.getByRole('link', { name: new RegExp(`^Bypass \\d+ ${tag}$`) })).toHaveCount(0);
    for (const link of await footer.getByRole('link').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      const url = new URL(href, origin);
      if (url.origin !== origin) await expect(link, href).toHaveAttribute('target', '_blank');
      else expect(url.pathname.startsWith('//'), href).toBe(false);
    }
    await expectNoAxeViolations(page, { include: 'footer' });

    // A page link whose path the browser resolves to `//host` on this origin, as such a row was drawn: the
    // browser follows it and stays here.
    for (const value of ['/.//evil.example', '/%2e//evil.example', '/x/../..//evil.example']) {
      await page.goto(`/doc/search/${tag}`);
      await page.evaluate((href) => {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = 'probe';
        link.dataset.pageLink = '';
        link.id = 'probe';
        document.querySelector('footer nav')?.append(link);
      }, value);
      const before = page.url();
      await page.locator('#probe').click();
      await page.waitForURL((url) => url.href !== before);
      expect(new URL(page.url()).origin, value).toBe(origin);
    }

    // A stored site path, clicked: the article, on this site.
    await page.goto(`/doc/search/${tag}`);
    await resources.getByRole('link', { name: 'API documentation' }).click();
    await expect(page).toHaveURL(`${origin}/doc/article/api`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
