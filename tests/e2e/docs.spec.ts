import type { Page } from '@playwright/test';
import { DOC_SLUGS } from '../../src/lib/routes';
import { SITEMAP_STATIC_PATHS } from '../../src/lib/seo-routes';
import { docArticles } from '../../src/server/db/seed/data/content';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { HTML_LANG, LOCALES, type Locale, localizedPath, MESSAGES, watchConsole } from './support';

/** A monthly price in the language's default currency (docs/product/states.md#currency: USD for en, HKD for zh, JPY for ja). */
const PRICE: Record<Locale, RegExp> = {
  en: /^\$[\d,]+\.\d{2}$/,
  zh: /^HK\$[\d,]+\.\d{2}$/,
  // With consumption tax first, and without it on the next line (docs/decisions/066-tax.md).
  ja: /^[¥￥][\d,]+（税込）税抜 [¥￥][\d,]+$/,
};

const title = (slug: string, locale: Locale) => docArticles.find((a) => a.slug === slug)?.translations[locale].title;

type LdDoc = {
  '@type': string;
  offers?: { priceCurrency: string; offers: { price: string }[] };
  itemListElement?: { name: string; item: string }[];
};

async function jsonLd(page: Page): Promise<LdDoc[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test.describe('documentation articles', () => {
  for (const locale of LOCALES) {
    // Every article in every language is rendered by routes.spec.ts, with its heading and its first section.
    test(`pricing tables come from the catalog in the ${locale} default currency`, { tag: '@desktop-only' }, async ({
      page,
    }) => {
      // One width only: the same HTML at every width.
      await page.goto(localizedPath(locale, '/doc/article/vps-pricing'));
      const monthly = page.locator('[data-catalog="vps-plans"] tbody tr').first().locator('td').nth(5);
      await expect(monthly).toHaveText(PRICE[locale]);
      await page.goto(localizedPath(locale, '/doc/article/pricing'));
      for (const name of ['vps-plans', 'disk-products', 'bandwidth', 'traffic', 'domains']) {
        await expect(page.locator(`[data-catalog="${name}"] tbody tr`).first(), name).toBeVisible();
      }
      // Long articles get a table of contents whose links reach their headings.
      const toc = page.getByRole('navigation', { name: MESSAGES[locale].doc.toc });
      const first = toc.getByRole('link').first();
      const target = await first.getAttribute('href');
      expect(target).toMatch(/^#.+/);
      await expect(page.locator(`[id="${decodeURIComponent(target?.slice(1) ?? '')}"]`)).toHaveCount(1);
    });
  }

  test('a price follows the currency the visitor chose', { tag: '@desktop-only' }, async ({
    page,
    context,
    baseURL,
  }) => {
    // One width only: the same HTML at every width.
    await context.addCookies([{ name: 'currency', value: 'JPY', url: baseURL ?? 'http://localhost' }]);
    await page.goto('/doc/article/vps-pricing');
    const cell = page.locator('[data-catalog="vps-plans"] tbody tr').first().locator('td').nth(5);
    await expect(cell).toHaveText(/^[¥￥][\d,]+$/);
  });

  test('an unknown article slug or announcement id is the translated 404 page', { tag: '@desktop-only' }, async ({
    page,
  }) => {
    // One width only: the same HTML at every width.
    for (const [path, locale] of [
      ['/ja/doc/article/no-such-article', 'ja'],
      ['/zh/doc/announce/detail/999999', 'zh'],
      ['/doc/announce/detail/abc', 'en'],
    ] as const) {
      // Each as a first visit: a language remembered from the page before would send an unprefixed address there.
      await page.context().clearCookies();
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      // The page says so in the visitor's language, naming the address asked for.
      const message = MESSAGES[locale].errors.notFoundMessage.replace('{path}', path);
      await expect(page.getByTestId('error-message'), path).toHaveText(message);
      await expect(page.getByRole('link', { name: MESSAGES[locale].errors.backHome })).toBeVisible();
    }
  });

  test('a table skipped below a phone’s first screen keeps at least its real height', { tag: '@phone-only' }, async ({
    page,
  }) => {
    // src/lib/table-height.ts: too short a box would let the skipped rows overlap the blocks after it.
    // One width only: tables are laid out on approach only below the desktop layout.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const short: string[] = [];
    let tables = 0;
    for (const locale of LOCALES) {
      for (const slug of DOC_SLUGS) {
        await page.goto(localizedPath(locale, `/doc/article/${slug}`));
        const heights = await page.evaluate(() => {
          const sections = [...document.querySelectorAll<HTMLElement>('article section')];
          const kept = sections.map((s) => ({
            skippable: getComputedStyle(s).contentVisibility === 'auto',
            kept: Number.parseFloat(getComputedStyle(s).getPropertyValue('--render-when-near-size')) * 16,
          }));
          for (const s of sections) s.style.contentVisibility = 'visible';
          return kept.map((k, i) => ({ ...k, real: sections[i]?.clientHeight ?? 0 }));
        });
        for (const [i, h] of heights.entries()) {
          tables += 1;
          if (!h.skippable || !(h.kept >= h.real))
            short.push(`${locale} ${slug} table ${i + 1}: ${h.kept} < ${h.real}`);
        }
      }
    }
    expect(tables).toBeGreaterThan(30);
    expect(short).toEqual([]);
  });

  test('the article page is captured and has no axe violations', async ({ page }, info) => {
    // The pricing article is long (five live tables); axe needs time on two shared cores.
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await page.goto('/doc/article/pricing');
    await expect(page.locator('[data-catalog="vps-plans"]')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/docs-article-pricing-${info.project.name}.png`, fullPage: true });
    await page.goto('/ja/doc/article/api');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

test.describe('announcements', () => {
  test('are listed 10 per page with an accessible page navigation', async ({ page }, info) => {
    const problems = watchConsole(page);
    await page.goto('/zh/doc/announce');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.zh.pages.docAnnounce.heading);
    const list = page.locator('main ul.divide-y > li');
    await expect(list).toHaveCount(10);
    const nav = page.getByRole('navigation', { name: MESSAGES.zh.doc.pagination });
    await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `screenshots/docs-announce-${info.project.name}.png`, fullPage: true });

    await nav.getByRole('link', { name: MESSAGES.zh.doc.next }).click();
    await expect(page).toHaveURL(/\/zh\/doc\/announce\?page=2$/);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('2');
    const rest = await list.count();
    expect(rest).toBeGreaterThan(0);
    expect(rest).toBeLessThanOrEqual(10);

    await list.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/zh\/doc\/announce\/detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    expect(problems).toEqual([]);
  });

  test('a page number out of range or not a number is a 404', { tag: '@desktop-only' }, async ({ page }) => {
    // One width only: the same HTML at every width.
    for (const query of ['?page=999', '?page=0', '?page=abc']) {
      const response = await page.goto(`/doc/announce${query}`);
      expect(response?.status(), query).toBe(404);
    }
  });
});

test.describe('documentation search', () => {
  for (const [locale, term, slug] of [
    ['zh', '宽限期', 'pricing'],
    ['ja', '猶予期間', 'pricing'],
  ] as const) {
    test(`finds a ${locale} word written without spaces and highlights it`, async ({ page }, info) => {
      const problems = watchConsole(page);
      await page.goto(localizedPath(locale, `/doc/search/${encodeURIComponent(term)}`));
      const results = page.getByTestId('search-results');
      const hit = results.getByRole('listitem').first();
      await expect(hit.getByRole('link')).toHaveText(title(slug, locale) ?? '');
      await expect(hit.getByRole('link')).toHaveAttribute('href', localizedPath(locale, `/doc/article/${slug}`));
      await expect(hit.locator('mark').first()).toHaveText(term);
      await expectNoAxeViolations(page);
      if (locale === 'zh') {
        await page.screenshot({ path: `screenshots/docs-search-zh-${info.project.name}.png`, fullPage: true });
      }
      expect(problems).toEqual([]);
    });
  }

  test('a typo shows the results of the corrected search, and says so with a link to it', async ({ page }, info) => {
    // Three languages, each with an axe pass and a second page.
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    for (const [locale, typo, suggestion] of [
      ['en', 'refnd', 'refund'],
      ['zh', 'OpenSSHH', 'openssh'],
      ['ja', 'スナプショット', 'スナップショット'],
    ] as const) {
      await page.goto(localizedPath(locale, `/doc/search/${encodeURIComponent(typo)}`));
      const said = page.getByTestId('search-suggestion');
      const text = MESSAGES[locale].doc.showingResultsFor.replace('{query}', typo).replace(/<\/?link>/g, '');
      await expect(said).toHaveText(text.replace('{suggestion}', suggestion));
      const link = said.getByRole('link', { name: suggestion });
      await expect(link).toHaveAttribute(
        'href',
        localizedPath(locale, `/doc/search/${encodeURIComponent(suggestion)}`),
      );
      await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
      await expectNoAxeViolations(page);
      if (locale === 'ja') {
        await page.screenshot({
          path: `screenshots/docs-search-suggestion-ja-${info.project.name}.png`,
          fullPage: true,
        });
      }
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/doc/search/${encodeURIComponent(suggestion)}$`));
      await expect(page.getByTestId('search-suggestion')).toHaveCount(0);
      await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test('says clearly when nothing matches', async ({ page }) => {
    await page.goto('/ja/doc/search/xyzzyplugh');
    await expect(page.getByTestId('search-empty')).toContainText(
      MESSAGES.ja.doc.noResults.replace('{query}', 'xyzzyplugh'),
    );
    await expectNoAxeViolations(page);
  });

  test('the search form works without JavaScript and odd queries never fail', { tag: '@desktop-only' }, async ({
    browser,
  }) => {
    // One width only: the same HTML at every width.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/zh/doc');
    await page.getByRole('searchbox', { name: MESSAGES.zh.doc.searchLabel }).fill('退款');
    await page.getByRole('button', { name: MESSAGES.zh.doc.searchSubmit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/zh/doc/search/${encodeURIComponent('退款')}$`));
    await expect(page.getByTestId('search-results').getByRole('link').first()).toHaveText(title('refund', 'zh') ?? '');
    // Queries as the search form and the shell popover send them: URL-encoded (docs/product/validation.md#form-inputs).
    for (const query of [
      '%',
      '_',
      "'",
      '%25%',
      '😀🚀',
      'مرحبا',
      '<script>alert(1)</script>',
      'x'.repeat(500),
      '%E0%A4%A',
    ]) {
      const response = await page.goto(`/doc/search/${encodeURIComponent(query)}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await context.close();
  });

  test('a query with a dot is searched like any other, from the form and from the address bar', async ({ page }) => {
    // The form sends `?q=`; the page moves it into the path, where a dot once made the path look like a file (404).
    for (const [locale, query] of [
      ['en', 'ubuntu 22.04'],
      ['zh', 'example.com'],
      ['ja', 'v1.2'],
    ] as const) {
      const response = await page.goto(`${localizedPath(locale, '/doc/search')}?q=${encodeURIComponent(query)}`);
      expect(response?.status(), query).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/doc/search/${encodeURIComponent(query).replace(/\./g, '\\.')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(query);
    }
    await page.goto('/doc/search/ubuntu%2022.04');
    await expect(page.getByTestId('search-results').getByRole('link').first()).toBeVisible();
  });
});

test.describe('search-engine metadata', () => {
  test('sitemap.xml lists every public page and article in three languages with hreflang', {
    tag: '@desktop-only',
  }, async ({ request, baseURL }) => {
    // One width only: the same responses at every width.
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const url = (locale: Locale, path: string) => new URL(localizedPath(locale, path), baseURL).href;
    const paths = [...SITEMAP_STATIC_PATHS, ...DOC_SLUGS.map((slug) => `/doc/article/${slug}`)];
    expect(paths).toContain('/doc/announce');
    for (const path of paths) {
      for (const locale of LOCALES) expect(xml, `${locale} ${path}`).toContain(`<loc>${url(locale, path)}</loc>`);
    }
    expect(xml).toMatch(/<loc>[^<]+\/zh\/doc\/announce\/detail\/\d+<\/loc>/);
    for (const locale of LOCALES) expect(xml).toContain(`hreflang="${HTML_LANG[locale]}"`);
    expect(xml).toContain('hreflang="x-default"');
    expect(xml).not.toContain('/activate<');
    expect(xml).not.toContain('/part-vps/');
    expect(xml).not.toContain('/doc/search');
  });

  test('robots.txt points at the sitemap and keeps crawlers out of the API and private pages', {
    tag: '@desktop-only',
  }, async ({ request, baseURL }) => {
    // One width only: the same responses at every width.
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
    for (const path of ['/api/', '/activate', '/zh/activate', '/ja/doc/search']) {
      expect(text).toContain(`Disallow: ${path}`);
    }
  });

  test('pages carry parseable JSON-LD, Open Graph and Twitter cards', { tag: '@desktop-only' }, async ({
    page,
    baseURL,
  }) => {
    // One width only: the same responses at every width.
    await page.goto('/');
    expect((await jsonLd(page)).map((d) => d['@type'])).toContain('Organization');

    await page.goto('/ja/product/vps');
    const vps = await jsonLd(page);
    expect(vps.map((d) => d['@type'])).toEqual(expect.arrayContaining(['Organization', 'Product']));
    const product = vps.find((d) => d['@type'] === 'Product') as {
      offers: { priceCurrency: string; offers: { price: string }[] };
    };
    expect(product?.offers?.priceCurrency).toBe('JPY');
    expect(product?.offers?.offers[0]?.price).toMatch(/^\d+$/);

    await page.goto('/zh/product/domain');
    const domain = (await jsonLd(page)).find((d) => d['@type'] === 'Product');
    expect(domain?.offers?.priceCurrency).toBe('HKD');

    await page.goto('/zh/doc/article/refund');
    const doc = await jsonLd(page);
    const crumbs = doc.find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs?.itemListElement?.map((i) => i.name)).toEqual([
      MESSAGES.zh.doc.breadcrumbHome,
      MESSAGES.zh.doc.breadcrumbDocs,
      title('refund', 'zh'),
    ]);
    expect(crumbs?.itemListElement?.at(-1)?.item).toBe(new URL('/zh/doc/article/refund', baseURL).href);

    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe(title('refund', 'zh'));
    expect(await meta('meta[property="og:locale"]')).toBe('zh_CN');
    expect(await page.locator('meta[property="og:locale:alternate"]').count()).toBe(2);
    expect(await meta('meta[property="og:image"]')).toBe(new URL('/og-default.png', baseURL).href);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      new URL('/zh/doc/article/refund', baseURL).href,
    );
    const image = await page.request.get('/og-default.png');
    expect(image.headers()['content-type']).toBe('image/png');
  });
});
