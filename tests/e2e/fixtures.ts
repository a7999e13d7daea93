import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { customerWithSession, deleteCustomers, type SessionCustomer } from './customers';

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
 * The page (or the part `include` names, a CSS selector) has no axe-core violation, with `rules` run besides the
 * default ones; the failure lists each rule
 * with the elements that break it. The one accessibility check of every spec.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { include?: string | string[]; rules?: string[] } = {},
): Promise<void> {
  // A page's title comes with its metadata, which Next streams after the content and sets again after a refresh
  // (the back office's change of language): scanned in between, axe would read no title at all.
  await page.waitForFunction(() => document.title.trim() !== '');
  const builder = new AxeBuilder({ page });
  for (const selector of [options.include ?? []].flat()) builder.include(selector);
  // Rules axe does not run by default (its experimental ones), turned on where a spec asks for them.
  if (options.rules?.length) {
    builder.options({ rules: Object.fromEntries(options.rules.map((id) => [id, { enabled: true }])) });
  }
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

type CustomerOptions = Parameters<typeof customerWithSession>[1];

type Fixtures = {
  consentDecided: boolean;
  /**
   * Makes an activated customer with a live session (and, given a password, one who can log in), written straight
   * to the e2e database; after the test the customer and what they made (orders, pintuan places) are deleted,
   * so no later spec counts them.
   */
  activatedCustomer: (prefix: string, options?: CustomerOptions) => Promise<SessionCustomer>;
};

/**
 * Browser tests start as a returning visitor who has already answered the cookie panel (everything off),
 * so the panel does not cover what a test clicks; the consent spec turns this off to meet the panel.
 */
export const test = base.extend<Fixtures>({
  consentDecided: [true, { option: true }],
  context: async ({ context, consentDecided, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on('page', waitForScriptsAfterNavigation);
    if (consentDecided) await answerCookiePanel(context);
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
  activatedCustomer: async ({}, use) => {
    const made: number[] = [];
    await use(async (prefix, options) => {
      const customer = await customerWithSession(prefix, options);
      made.push(customer.userId);
      return customer;
    });
    await deleteCustomers(made);
  },
});

export { expect };
