import type { Page } from '@playwright/test';
import { FIRST_SCREEN_ID } from '../../src/lib/first-screen';
import { announcements, docArticles } from '../../src/server/db/seed/data/content';
import { expect, test } from './fixtures';
import { HTML_LANG, LOCALES, type Locale, localizedPath, MESSAGES, watchConsole } from './support';
import { htmlProblems } from './valid-html';

type Expectation = { path: string; heading: (locale: Locale) => string };
const page = (key: keyof (typeof MESSAGES)['en']['pages']) => (locale: Locale) => {
  const texts = MESSAGES[locale].pages[key] as { heading?: string; title: string };
  return texts.heading ?? texts.title;
};
const firstAnnouncement = announcements(new Date())[0];

/** Every route of docs/product/screens.md#page-list, documentation routes included, with the heading each must show. */
const ROUTES: Expectation[] = [
  { path: '/', heading: page('home') },
  { path: '/jobs', heading: page('jobs') },
  { path: '/about', heading: page('about') },
  { path: '/product/vps', heading: page('vps') },
  { path: '/signUp', heading: page('signUp') },
  { path: '/contact', heading: page('contact') },
  { path: '/product/domain', heading: page('domain') },
  { path: '/ac/coupon', heading: page('coupon') },
  { path: '/product/vps-buy', heading: page('vpsBuy') },
  { path: '/activate', heading: page('activate') },
  { path: '/resetPassword', heading: page('resetPassword') },
  { path: '/activity/vps', heading: page('activityVps') },
  { path: '/welcome-signup', heading: page('welcomeSignup') },
  { path: '/activity/promotion', heading: page('promotion') },
  { path: '/activity/pintuan/vps', heading: page('pintuanVps') },
  { path: '/activity/pintuan/part-vps/1', heading: page('pintuanJoin') },
  { path: '/doc', heading: page('doc') },
  ...docArticles.map((a) => ({ path: `/doc/article/${a.slug}`, heading: (l: Locale) => a.translations[l].title })),
  { path: '/doc/announce', heading: page('docAnnounce') },
  { path: '/doc/announce/detail/1', heading: (l: Locale) => firstAnnouncement?.translations[l].title ?? '' },
  { path: '/doc/search/vps', heading: (l: Locale) => MESSAGES[l].pages.docSearch.heading.replace('{query}', 'vps') },
];

test.describe('every route in every language', { tag: '@desktop-only' }, () => {
  // The full matrix runs once, at desktop width; the phone project covers layout elsewhere. One test per route
  // reads its three languages in one tab: a new browser context per language cost more than the pages did.

  for (const route of ROUTES) {
    test(`${route.path} renders in every language`, async ({ page: tab }) => {
      const problems = watchConsole(tab);
      for (const locale of LOCALES) {
        const url = localizedPath(locale, route.path);
        const response = await tab.goto(url);
        expect(response?.status(), url).toBe(200);
        await expect(tab.locator('html'), url).toHaveAttribute('lang', HTML_LANG[locale]);
        await expect(tab.getByRole('heading', { level: 1 }), url).toHaveText(route.heading(locale));
        await expect(tab, url).toHaveTitle(/Cirrus Cloud/);
        // An article shows its body, not only its title (its sections start at h2).
        if (route.path.startsWith('/doc/article/')) await expect(tab.locator('article h2').first(), url).toBeVisible();

        // Absolute URLs, compared normalised (Next writes the site root without its trailing slash).
        const absolute = (href: string | null | undefined) => new URL(href ?? '', tab.url()).href;
        const canonical = await tab.locator('link[rel="canonical"]').getAttribute('href');
        expect(absolute(canonical), url).toBe(absolute(url));
        const alternates = await tab
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]))
          .then((pairs) => pairs.map(([lang, href]) => [lang, absolute(href)]));
        const expected = [
          ...LOCALES.map((l) => [HTML_LANG[l], absolute(localizedPath(l, route.path))]),
          ['x-default', absolute(localizedPath('en', route.path))],
        ];
        expect(alternates.sort(), url).toEqual(expected.sort());
      }
      expect(problems).toEqual([]);
    });
  }
});

test('every route is valid HTML in every language', { tag: '@desktop-only' }, async ({ request }) => {
  // One pass: each route's document as the server sends it (what a crawler and a screen reader's browser parse),
  // fetched a few at a time, every problem named with its page. Most of the time is the server rendering pages
  // no spec asked for yet; validating is a few milliseconds a page (docs/decisions/065-valid-html.md).
  test.setTimeout(120_000);
  const urls = ROUTES.flatMap((route) => LOCALES.map((locale) => localizedPath(locale, route.path)));
  const problems: string[] = [];
  for (let i = 0; i < urls.length; i += 6) {
    await Promise.all(
      urls.slice(i, i + 6).map(async (url) => {
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        for (const problem of await htmlProblems(await response.text())) problems.push(`${url}: ${problem}`);
      }),
    );
  }
  expect(problems).toEqual([]);
});

/**
 * Blocks laid out only as they near the viewport (`render-when-near`, globals.css) whose kept height is less than
 * their real height at the current width: skipped text reaching past its box is checked by axe against the next
 * block's background. Measured at the narrowest width of each layout, where text wraps most.
 */
async function shortKeptBlocks(tab: Page): Promise<string[]> {
  return tab.evaluate(() => {
    const skippable = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (e) => getComputedStyle(e).contentVisibility === 'auto',
    );
    const kept = skippable.map((e) =>
      Number.parseFloat(getComputedStyle(e).containIntrinsicBlockSize.replace('auto', '')),
    );
    for (const e of skippable) e.style.contentVisibility = 'visible';
    const short = skippable.flatMap((e, i) => {
      const real = e.getBoundingClientRect().height;
      const name = e.getAttribute('aria-labelledby') ?? e.getAttribute('aria-label') ?? e.tagName.toLowerCase();
      return (kept[i] ?? 0) >= real ? [] : [`${name}: kept ${kept[i]} px < ${Math.ceil(real)} px`];
    });
    for (const e of skippable) e.style.contentVisibility = '';
    return short;
  });
}

test.describe('every route fits a phone and marks one first screen', { tag: '@phone-only' }, () => {
  // The phone layout (docs/product/constants.md#layout-and-sizes): nothing wider than the screen, so the page never scrolls sideways. Wide tables
  // scroll inside their own box; a visually hidden heading in one used to escape it and widen the whole page.
  const PHONE_WIDTHS = [320, 360, 375, 400, 412, 430, 600, 768, 959];

  for (const route of ROUTES) {
    test(`${route.path} has no sideways scroll in any language`, async ({ page: tab, viewport }) => {
      // The phone project's own screen (playwright.config.ts): each language loads there, then narrows and widens.
      const phone = viewport ?? { width: 375, height: 812 };
      for (const locale of LOCALES) {
        const url = localizedPath(locale, route.path);
        await tab.setViewportSize(phone);
        await tab.goto(url);
        // Phones come in every width up to the desktop layout; Lighthouse's is 412 px, where the header once
        // stuck out (the brand name beside the buttons: docs/decisions/007-shell-rendering.md), which a phone
        // shows zoomed out.
        for (const width of PHONE_WIDTHS) {
          await tab.setViewportSize({ width, height: phone.height });
          const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${url} at ${width} px`).toBeLessThanOrEqual(0);
          if (width === PHONE_WIDTHS[0]) expect(await shortKeptBlocks(tab), `${url} at ${width} px`).toEqual([]);
        }
        // The narrowest desk width, where multi-column blocks are tallest and their desk size applies.
        await tab.setViewportSize({ width: 960, height: phone.height });
        expect(await shortKeptBlocks(tab), `${url} at 960 px`).toEqual([]);
        // Decision 021: the first frame waits for the one element that holds the page's first screen.
        await expect(tab.locator(`#${FIRST_SCREEN_ID}`), url).toHaveCount(1);
      }
    });
  }
});
