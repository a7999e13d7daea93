import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES, waitForShell } from './support';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 960;

test.describe('header menus', () => {
  test('products open on hover and by keyboard on wide screens', { tag: '@desktop-only' }, async ({ page }) => {
    await page.goto('/');
    // A pointer that arrives before the page's script has started is not seen (CI failed once on it).
    await waitForShell(page);
    const nav = page.getByRole('navigation', { name: MESSAGES.en.nav.primary });
    const products = nav.getByRole('button', { name: MESSAGES.en.nav.products });
    await products.hover();
    const vps = nav.getByRole('link', { name: new RegExp(MESSAGES.en.shell.items.vps.name.replace(/[()]/g, '\\$&')) });
    await expect(vps).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(vps).toBeHidden();

    await products.focus();
    await page.keyboard.press('Enter');
    await expect(vps).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(vps).toBeHidden();

    const support = nav.getByRole('button', { name: MESSAGES.en.nav.support });
    await support.hover();
    await expect(nav.getByRole('link', { name: MESSAGES.en.shell.support.ticket })).toHaveAttribute(
      'href',
      /\/workServer\/submitWork$/,
    );
  });

  test('a product followed from the menu by keyboard closes the menu over the next page', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const nav = page.getByRole('navigation', { name: MESSAGES.en.nav.primary });
    const products = nav.getByRole('button', { name: MESSAGES.en.nav.products });
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const vps = nav.getByRole('link', { name: new RegExp(MESSAGES.en.shell.items.vps.name.replace(/[()]/g, '\\$&')) });
    await expect(vps).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\/vps$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.en.pages.vps.heading);
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(vps).toBeHidden();
    // Focus stays in the header, on the menu's button, not lost to the page's body.
    await expect(products).toBeFocused();
  });

  test('phones get an accordion menu in a drawer', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/ja');
    // A tap before the page's script has started is not seen; a visitor would tap again, the test waits.
    await waitForShell(page);
    await page.getByRole('button', { name: MESSAGES.ja.shell.openMenu }).click();
    const drawer = page.getByRole('dialog', { name: MESSAGES.ja.shell.menu });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: MESSAGES.ja.nav.products }).click();
    await drawer.getByRole('link', { name: MESSAGES.ja.shell.items.domains.name }).click();
    await expect(page).toHaveURL(/\/ja\/product\/domain$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.ja.pages.domain.heading);
    await expect(drawer).toBeHidden();
  });

  test('a link followed from the drawer by keyboard closes it and gives focus back to the menu button', {
    tag: '@phone-only',
  }, async ({ page }) => {
    await page.goto('/zh');
    await waitForShell(page);
    // While the drawer is open the page behind it, this button included, is hidden from assistive technology.
    const menu = page.getByRole('button', { name: MESSAGES.zh.shell.openMenu, includeHidden: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: MESSAGES.zh.shell.menu });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const products = drawer.getByRole('button', { name: MESSAGES.zh.nav.products });
    await products.focus();
    await page.keyboard.press('Enter');
    const domains = drawer.getByRole('link', { name: MESSAGES.zh.shell.items.domains.name });
    await domains.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/zh\/product\/domain$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.zh.pages.domain.heading);
    await expect(drawer).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});

test('documentation search ignores a blank query and opens the search page', async ({ page }) => {
  await page.goto('/zh');
  await waitForShell(page);
  await page.getByRole('button', { name: MESSAGES.zh.shell.search.open }).click();
  const input = page.getByRole('searchbox', { name: MESSAGES.zh.shell.search.label });
  await input.fill('   ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/zh$/);
  await input.fill('云服务器 退款');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/zh\/doc\/search\/%E4%BA%91/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('“云服务器 退款”的搜索结果');
});

test('a currency choice reloads, persists across pages and languages, and is rendered by the server', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await waitForShell(page);
  const select = page.getByTestId('currency-select');
  await expect(select).toHaveValue('USD');
  await Promise.all([page.waitForEvent('load'), select.selectOption('JPY')]);
  await expect(page.getByTestId('currency-select')).toHaveValue('JPY');
  const cookie = (await context.cookies()).find((c) => c.name === 'currency');
  expect(cookie?.value).toBe('JPY');
  expect(await page.evaluate(() => window.localStorage.getItem('isSetCurrency'))).toBe('true');

  // Another page, another language: the explicit choice wins over the language default (HKD for Chinese),
  // and the server already renders it (no JavaScript needed to see it).
  const html = await (await page.request.get('/zh/jobs')).text();
  expect(html).toMatch(/<option value="JPY" selected=""/);
  await page.goto('/zh/jobs');
  await expect(page.getByTestId('currency-select')).toHaveValue('JPY');
});

test('without a choice the currency follows the language', async ({ page }) => {
  await page.goto('/zh');
  await expect(page.getByTestId('currency-select')).toHaveValue('HKD');
  await page.goto('/ja');
  await expect(page.getByTestId('currency-select')).toHaveValue('JPY');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('user-setting') ?? '{}').language))
    .toBe('ja');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user-setting') ?? '{}'));
  expect(stored.language).toBe('ja');
  expect(stored.currency?.type).toBe('JPY');
  const session = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('user-account') ?? '{}'));
  expect(session.currencyData?.map((c: { type: string }) => c.type)).toEqual(['USD', 'HKD', 'JPY']);
  expect(typeof session.openDate).toBe('number');
});

test('a signed-in visitor sees the masked account, and an API error gives one grouped toast', async ({ page }) => {
  await page.addInitScript(() => {
    window.sessionStorage.setItem(
      'user-account',
      JSON.stringify({ userAccount: 'johnsmith@example.com', username: 'johnsmith', token: 'csrf-token' }),
    );
  });
  await page.route('**/api/logout', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 5030, message: 'api.dependencyDown' }),
    }),
  );
  await page.goto('/');
  const account = page.getByRole('button', { name: MESSAGES.en.shell.account.menu });
  await expect(account).toContainText('john****');
  await expect(account.locator('img')).toHaveAttribute('src', /\/avatars\/[0-7]\.png$/);

  for (let i = 0; i < 2; i += 1) {
    await account.click();
    await page.getByRole('menuitem', { name: MESSAGES.en.shell.account.logout }).click();
  }
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(MESSAGES.en.api.dependencyDown);
  await expect(page.getByTestId('toast-count')).toHaveText('×2');
  await expect(toast).toBeHidden({ timeout: 5_000 });
});

test.describe("the customer centre's disk list", () => {
  const DISKS = /^https:\/\/console\.cirrus\.cloud\/myProduct\/cvm\/disk$/;

  test('is in the signed-in account menu', async ({ page }) => {
    await page.addInitScript(() => {
      window.sessionStorage.setItem(
        'user-account',
        JSON.stringify({ userAccount: 'johnsmith@example.com', username: 'johnsmith', token: 'csrf-token' }),
      );
    });
    await page.goto('/ja');
    await page.getByRole('button', { name: MESSAGES.ja.shell.account.menu }).click();
    await expect(page.getByRole('menuitem', { name: MESSAGES.ja.shell.account.disks })).toHaveAttribute('href', DISKS);
  });

  test("is among the product menu's storage entries and in the block storage article", async ({ page }) => {
    const zh = MESSAGES.zh;
    await page.goto('/zh/doc/article/block-storage-volume-pricing');
    await waitForShell(page);
    const article = page.getByRole('main');
    await expect(article.locator('a[href$="/myProduct/cvm/disk"]')).toHaveAttribute('href', DISKS);
    let menu = page.getByRole('navigation', { name: zh.nav.primary });
    if (isDesktop(page)) {
      await menu.getByRole('button', { name: zh.nav.products }).click();
    } else {
      await page.getByRole('button', { name: zh.shell.openMenu }).click();
      menu = page.getByRole('dialog', { name: zh.shell.menu });
      await menu.getByRole('button', { name: zh.nav.products }).click();
    }
    await expect(menu.getByRole('link', { name: new RegExp(`^${zh.shell.items.myDisks.name}`) })).toHaveAttribute(
      'href',
      DISKS,
    );
  });
});

test('links fetch their page ahead when pointed at or focused, not when they come into view', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc')) prefetched.push(url.pathname);
  });
  await page.goto('/zh');
  await waitForShell(page);
  // Every link of the header, the home sections and the footer is in the page; none is fetched on its own.
  // Next's viewport prefetch starts from an IntersectionObserver callback and queues its fetches for an idle
  // moment: an observer of our own, registered after the page's, reports every link once theirs have run, an
  // idle callback after it runs once that queue had its turn, and a quiet network then means nothing left.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const links = [...document.querySelectorAll('a[href]')];
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          requestIdleCallback(() => resolve());
        });
        for (const link of links) observer.observe(link);
      }),
  );
  await page.waitForLoadState('networkidle');
  expect(prefetched).toEqual([]);

  const footer = page.getByRole('contentinfo');
  const vps = footer.locator('a[href="/zh/product/vps"]').first();
  await vps.focus();
  await expect.poll(() => prefetched).toContain('/zh/product/vps');
  const coupons = footer.locator('a[href="/zh/ac/coupon"]').first();
  await coupons.hover();
  await expect.poll(() => prefetched).toContain('/zh/ac/coupon');

  // Nothing else was fetched ahead on the way.
  expect(prefetched.filter((path) => !['/zh/product/vps', '/zh/ac/coupon'].includes(path))).toEqual([]);
  await vps.click();
  await expect(page).toHaveURL(/\/zh\/product\/vps$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the first frame waits for the first screen, which holds the largest text of a phone screen', async ({ page }) => {
  // Decision 021: `<link rel=expect blocking=render>` names #first-screen; the largest text a phone shows
  // first must be inside it, or the largest paint could come a frame after the first one.
  await page.addInitScript(() => {
    const entries: PerformanceEntry[] = [];
    (window as unknown as { lcp: PerformanceEntry[] }).lcp = entries;
    new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
  });
  const phone = (page.viewportSize()?.width ?? 0) < 960;
  for (const path of ['/ja', '/zh/product/vps', '/product/vps-buy', '/ja/ac/coupon', '/zh/doc/article/pricing']) {
    await page.goto(path);
    await expect(page.locator('head link[rel="expect"][blocking="render"]')).toHaveAttribute('href', '#first-screen');
    await expect(page.locator('#first-screen')).toHaveCount(1);
    await expect(page.locator('#first-screen h1, #first-screen p').first()).toBeVisible();
    if (!phone) continue;
    const inFirstScreen = await page.evaluate(() => {
      const last = (window as unknown as { lcp: (PerformanceEntry & { element: Element | null })[] }).lcp.at(-1);
      return Boolean(last?.element?.closest('#first-screen'));
    });
    expect(inFirstScreen, path).toBe(true);
  }
  const missing = await page.goto('/zh/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('#first-screen')).toHaveCount(1);
});

test.describe('announcement ticker', () => {
  test('shows the three latest announcements of the language', async ({ page }) => {
    await page.goto('/ja/about');
    const ticker = page.getByRole('region', { name: MESSAGES.ja.shell.ticker.label });
    const links = ticker.locator('a[href^="/ja/doc/announce/detail/"]');
    await expect(links).toHaveCount(3);
    await links.first().click({ force: true });
    await expect(page).toHaveURL(/\/ja\/doc\/announce\/detail\/\d+$/);
  });
});

test.describe('cookie consent', () => {
  test.use({ consentDecided: false });

  test('cancel only hides; confirm stores choices; the tag loads only after consent and goes with it', async ({
    page,
    context,
  }) => {
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* tag */' }),
    );
    await page.goto('/');
    const panel = page.getByRole('region', { name: MESSAGES.en.shell.cookies.title });
    await expect(panel).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.locator('#analytics-tag')).toHaveCount(0);
    expect((await context.cookies()).filter((c) => c.name.startsWith('_ga'))).toEqual([]);

    const necessary = panel.getByRole('switch', { name: MESSAGES.en.shell.cookies.necessary });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    // The switches are native buttons: Space and Enter toggle them from the keyboard.
    const advertising = panel.getByRole('switch', { name: MESSAGES.en.shell.cookies.advertising });
    await advertising.focus();
    await page.keyboard.press('Space');
    await expect(advertising).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(advertising).not.toBeChecked();

    await panel.getByRole('button', { name: MESSAGES.en.shell.cookies.cancel }).click();
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(panel).toBeVisible();
    await expect(page.locator('#analytics-tag')).toHaveCount(0);

    await panel.getByRole('switch', { name: MESSAGES.en.shell.cookies.analytics }).click();
    await panel.getByRole('button', { name: MESSAGES.en.shell.cookies.confirm }).click();
    await expect(panel).toBeHidden();
    await expect(page.locator('#analytics-tag')).toHaveCount(1);
    const stored = await page.evaluate(() =>
      ['cookieConfirm', 'cookieSelect1', 'cookieSelect2', 'cookieSelect3'].map((k) => window.localStorage.getItem(k)),
    );
    expect(stored.slice(1)).toEqual(['0', '0', '1']);
    expect(stored[0]).not.toBeNull();

    await page.reload();
    await expect(panel).toBeHidden();
    await expect(page.locator('#analytics-tag')).toHaveCount(1);

    // Withdraw: the tracking cookies go.
    await context.addCookies([{ name: '_ga', value: 'GA1.1.1', url: page.url() }]);
    await page.getByRole('button', { name: MESSAGES.en.shell.cookies.settings }).click();
    await panel.getByRole('switch', { name: MESSAGES.en.shell.cookies.analytics }).click();
    await panel.getByRole('button', { name: MESSAGES.en.shell.cookies.confirm }).click();
    expect((await context.cookies()).filter((c) => c.name === '_ga')).toEqual([]);
    await page.reload();
    await expect(page.locator('#analytics-tag')).toHaveCount(0);
  });
});

test.describe('cookie consent and the keyboard, the chat button and the screen', () => {
  test.use({ consentDecided: false });

  /** The element hit at the centre of a locator's box: what a tap or click there would reach. */
  async function reachable(page: Page, selector: string): Promise<boolean> {
    return page.evaluate((sel) => {
      const target = document.querySelector(sel);
      if (!target) return false;
      const box = target.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && target.contains(hit);
    }, selector);
  }

  test('on a first visit the panel is one Tab away, and Tab goes on past it to the page', async ({ page }) => {
    const t = MESSAGES.en.shell.cookies;
    await page.goto('/jobs');
    const panel = page.getByRole('region', { name: t.title });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('switch', { name: t.analytics })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('switch', { name: t.advertising })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: t.cancel })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: t.confirm })).toBeFocused();
    // Not a trap: the next Tab is the page's first stop, and the panel stays until it is answered.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: MESSAGES.en.nav.skipToContent })).toBeFocused();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('button', { name: t.confirm })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    // Answered, the panel leaves the visitor where it was: the next Tab is the page's first stop.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: MESSAGES.en.nav.skipToContent })).toBeFocused();
  });

  test('the panel and the chat button can both be used at once', async ({ page }, info) => {
    const t = MESSAGES.zh.shell.cookies;
    await page.goto('/zh/jobs');
    await waitForShell(page);
    const panel = page.getByRole('region', { name: t.title });
    const launcher = page.getByTestId('chat-launcher');
    await expect(panel).toBeVisible();
    await expect(launcher).toBeVisible();
    await page.screenshot({ path: `screenshots/cookie-panel-and-chat-${info.project.name}.png` });

    // Neither covers the other, and each is what a click at its centre reaches.
    const [panelBox, launcherBox] = [await panel.boundingBox(), await launcher.boundingBox()];
    if (!panelBox || !launcherBox) throw new Error('no boxes');
    const apart =
      launcherBox.y + launcherBox.height <= panelBox.y ||
      launcherBox.x + launcherBox.width <= panelBox.x ||
      launcherBox.x >= panelBox.x + panelBox.width;
    expect(apart, JSON.stringify({ panelBox, launcherBox })).toBe(true);
    expect(await reachable(page, '[data-testid="chat-launcher"]')).toBe(true);
    for (const name of [t.analytics, t.advertising]) {
      await expect(panel.getByRole('switch', { name })).toBeEnabled();
    }
    expect(await reachable(page, '[data-testid="cookie-consent"] button[role="switch"]:not([disabled])')).toBe(true);
    await expectNoAxeViolations(page);

    await launcher.click();
    const chat = page.getByRole('dialog', { name: MESSAGES.zh.chat.title });
    await expect(chat).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await panel.getByRole('button', { name: t.confirm }).click();
    await expect(panel).toBeHidden();
    // Back in its corner once the panel is answered.
    const viewport = page.viewportSize();
    await expect.poll(async () => (await launcher.boundingBox())?.y).toBe((viewport?.height ?? 0) - 20 - 56);
  });

  test('on a phone the page can be used around the panel: what Tab reaches is not behind it', {
    tag: '@phone-only',
  }, async ({ page }) => {
    await page.goto('/jobs');
    await waitForShell(page);
    const panel = page.getByRole('region', { name: MESSAGES.en.shell.cookies.title });
    await expect(panel).toBeVisible();
    // The last controls of the page, in the footer, come above the panel when reached by Tab.
    const currency = page.getByRole('contentinfo').getByRole('link').last();
    await currency.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(currency).toBeFocused();
    const [panelBox, box] = [await panel.boundingBox(), await currency.boundingBox()];
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(panelBox?.y ?? 0);
  });

  test("the footer's cookie settings take focus into the panel and get it back when it closes", async ({ page }) => {
    const t = MESSAGES.ja.shell.cookies;
    await page.goto('/ja/about');
    await waitForShell(page);
    const panel = page.getByRole('region', { name: t.title });
    await panel.getByRole('button', { name: t.cancel }).click();
    await expect(panel).toBeHidden();
    const settings = page.getByRole('button', { name: t.settings });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('switch', { name: t.analytics })).toBeFocused();
    await panel.getByRole('button', { name: t.cancel }).press('Enter');
    await expect(panel).toBeHidden();
    await expect(settings).toBeFocused();
  });
});

test.describe('promotional pop-up', () => {
  const OLD = 25 * 60 * 60 * 1000;

  test('appears 30 s after load when the stored time is older than 24 h, and closing stores now', async ({ page }) => {
    await page.clock.install();
    await page.addInitScript((age) => window.localStorage.setItem('activeImg', String(Date.now() - age)), OLD);
    await page.goto('/');
    await waitForShell(page);
    const popup = page.getByTestId('promo-popup');
    await page.clock.runFor(29_000);
    await expect(popup).toBeHidden();
    await page.clock.runFor(2_000);
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: MESSAGES.en.shell.promo.close }).click();
    await expect(popup).toBeHidden();
    const stored = Number(await page.evaluate(() => window.localStorage.getItem('activeImg')));
    expect(Date.now() - stored).toBeLessThan(OLD);
  });

  test('never appears without a stored time', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForShell(page);
    await page.clock.runFor(60_000);
    await expect(page.getByTestId('promo-popup')).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('activeImg'))).not.toBeNull();
  });

  for (const path of ['/activity/promotion', '/zh/ac/coupon']) {
    test(`never appears on ${path}, where the banner is hidden too`, async ({ page }) => {
      await page.clock.install();
      await page.addInitScript((age) => window.localStorage.setItem('activeImg', String(Date.now() - age)), OLD);
      await page.goto(path);
      await waitForShell(page);
      await page.clock.runFor(60_000);
      await expect(page.getByTestId('promo-popup')).toBeHidden();
      await expect(page.getByTestId('promo-banner')).toHaveCount(0);
    });
  }
});

test('the promotion page lists the running campaigns in the visitor language', async ({ page }) => {
  await page.goto('/zh/activity/promotion');
  const campaigns = page.getByTestId('campaign');
  await expect(campaigns).toHaveCount(3);
  await expect(campaigns.first().getByRole('heading', { level: 2 })).toHaveText(/\p{Script=Han}/u);
  await campaigns.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/zh\/activity\//);
});

test.describe('activity tracking', () => {
  test.use({ consentDecided: false });

  test('records activity page views only after analytics consent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/behavior/actPage')) posts.push(r.postData() ?? '');
    });
    await page.goto('/ja/activity/vps');
    await waitForShell(page);
    expect(posts).toEqual([]);

    const panel = page.getByRole('region', { name: MESSAGES.ja.shell.cookies.title });
    await panel.getByRole('switch', { name: MESSAGES.ja.shell.cookies.analytics }).click();
    await panel.getByRole('button', { name: MESSAGES.ja.shell.cookies.confirm }).click();
    await page.goto('/ja/activity/promotion');
    await expect.poll(() => posts.length).toBe(1);
    expect(JSON.parse(posts[0] ?? '{}').path).toBe('/ja/activity/promotion');
  });
});
