import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** Set by the loader of a page whose scripts load after the first paint (src/server/http/first-paint-scripts.ts). */
    __scriptsAfterPaint?: string[];
    /** Set by Next's bootstrap once the page's scripts run. */
    next?: unknown;
  }
}

/**
 * Prerendered pages load their scripts after the first paint (docs/decisions/018-scripts-after-first-paint.md),
 * so `load` can come before they have run. A test's navigations therefore also wait for Next's bootstrap, which
 * is what `load` meant before; a page without the loader (JavaScript off, an API answer) is not waited on.
 */
export function waitForScriptsAfterNavigation(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await page.waitForFunction(() => window.__scriptsAfterPaint === undefined || window.next !== undefined);
        return response;
      },
    });
  }
}

/** A visitor who has already answered the cookie panel (everything off but the necessary). */
export async function answerCookiePanel(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.localStorage.getItem('cookieConfirm') === null) {
      window.localStorage.setItem('cookieConfirm', '1');
      window.localStorage.setItem('cookieSelect1', '0');
      window.localStorage.setItem('cookieSelect2', '1');
      window.localStorage.setItem('cookieSelect3', '1');
    }
  });
}

/**
 * Browser tests start as a returning visitor who has already answered the cookie panel (everything off),
 * so the panel does not cover what a test clicks; the consent spec turns this off to meet the panel.
 */
export const test = base.extend<{ consentDecided: boolean }>({
  consentDecided: [true, { option: true }],
  context: async ({ context, consentDecided, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on('page', waitForScriptsAfterNavigation);
    if (consentDecided) await answerCookiePanel(context);
    await use(context);
  },
});

export { expect };
