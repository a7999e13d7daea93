import { expect, type Page } from '@playwright/test';
import en from '../../src/i18n/messages/en.json';
import ja from '../../src/i18n/messages/ja.json';
import zh from '../../src/i18n/messages/zh.json';
import { HTML_LANG, LOCALES, type Locale } from '../../src/lib/locales';
import { localizedPath } from '../../src/lib/routes';

export const MESSAGES = { en, zh, ja } as const;
export { HTML_LANG, LOCALES, type Locale, localizedPath };

/** Fails the test on any console error or uncaught exception in the page (docs/engineering.md#tests). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until the shell has started in the browser (hydrated; the store written to session storage). */
export async function waitForShell(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('user-account'))).not.toBeNull();
}
