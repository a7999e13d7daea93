import { test as base, expect } from '@playwright/test';

/**
 * Browser tests start as a returning visitor who has already answered the cookie panel (everything off),
 * so the panel does not cover what a test clicks; the consent spec turns this off to meet the panel.
 */
export const test = base.extend<{ consentDecided: boolean }>({
  consentDecided: [true, { option: true }],
  context: async ({ context, consentDecided }, use) => {
    if (consentDecided) {
      await context.addInitScript(() => {
        if (window.localStorage.getItem('cookieConfirm') === null) {
          window.localStorage.setItem('cookieConfirm', '1');
          window.localStorage.setItem('cookieSelect1', '0');
          window.localStorage.setItem('cookieSelect2', '1');
          window.localStorage.setItem('cookieSelect3', '1');
        }
      });
    }
    await use(context);
  },
});

export { expect };
