import type { APIResponse, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { MESSAGES, waitForShell } from './support';

declare global {
  interface Window {
    /** Every `securitypolicyviolation` the page reported, recorded from before its first script. */
    __violations?: string[];
    /** Set by the inline script the test adds, were it ever allowed to run. */
    __injectedRan?: boolean;
    /** Set by the stand-in analytics tag when it runs. */
    __tagRan?: boolean;
    __next_f?: unknown[];
  }
}

/** `DOCUMENT_CACHE=off` (passed on to the server by tests/e2e/serve.ts) sends every page through Next. */
const documentCacheOff = process.env.DOCUMENT_CACHE === 'off';

/** The sources of the answer's script-src directive. */
function scriptSources(response: Pick<Response | APIResponse, 'headers'> | null): string[] {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const directive = policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

/** Records violations and page errors (not the document's own 404 status) from the start of every page. */
async function watchPolicy(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => window.__violations?.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The page's own inline scripts ran (Next's payload, its bootstrap), it hydrated, and its shell answers a click;
 * then an inline script added to it is refused, and that refusal is the only violation the page ever reported.
 */
async function expectStrictAndWorking(page: Page, problems: string[]): Promise<void> {
  await expect.poll(() => page.evaluate(() => Array.isArray(window.__next_f) && window.next !== undefined)).toBe(true);
  // The shell has started (hydrated, its store written), so the click below lands on a live button.
  await waitForShell(page);
  await page.getByRole('button', { name: MESSAGES.en.shell.cookies.settings }).click();
  await expect(page.getByRole('region', { name: MESSAGES.en.shell.cookies.title })).toBeVisible();
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
  expect(problems).toEqual([]);

  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedRan = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return window.__injectedRan === true;
  });
  expect(ran).toBe(false);
  await expect
    .poll(() => page.evaluate(() => window.__violations))
    .toEqual([expect.stringMatching(/^script-src-elem inline /)]);
}

test.describe('content security policy (docs/decisions/032-content-security-policy.md)', () => {
  test('a kept page names its inline scripts by hash, runs them and refuses an injected one', async ({ page }) => {
    const problems = await watchPolicy(page);
    let response: Response | null = null;
    // Each server process keeps its own copy, made beside the first answer: load until the page is one.
    await expect
      .poll(
        async () => {
          problems.length = 0;
          response = await page.goto('/product/vps');
          return response?.headers()['x-document-cache'] ?? 'next';
        },
        { timeout: 15_000 },
      )
      .toMatch(documentCacheOff ? /^next$/ : /^(hit|stale)$/);
    const sources = scriptSources(response);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'strict-dynamic'");
    expect(sources.some((s) => s.startsWith("'sha256-"))).toBe(true);
    await expectStrictAndWorking(page, problems);
  });

  test.describe("a prerendered page in Next's own answer", () => {
    // A first visit whose Accept-Language could pick another language is always Next's (decision 018).
    test.use({ locale: 'fr-FR' });

    test('names its inline scripts by hash too', async ({ page }) => {
      const problems = await watchPolicy(page);
      const response = await page.goto('/about');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-document-cache']).toBeUndefined();
      const sources = scriptSources(response);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources.some((s) => s.startsWith("'sha256-"))).toBe(true);
      await expectStrictAndWorking(page, problems);
    });
  });

  test('a page rendered on demand carries a nonce of its own', async ({ page }) => {
    const problems = await watchPolicy(page);
    const response = await page.goto('/doc/search/vps');
    expect(response?.status()).toBe(200);
    const sources = scriptSources(response);
    expect(sources).not.toContain("'unsafe-inline'");
    const nonces = sources.filter((s) => s.startsWith("'nonce-"));
    expect(nonces).toHaveLength(1);
    // Fresh for every answer.
    const again = await page.request.get('/doc/search/vps');
    expect(scriptSources(again).find((s) => s.startsWith("'nonce-"))).not.toBe(nonces[0]);
    await expectStrictAndWorking(page, problems);
  });

  test('the 404 page names the inline scripts of the copy written in', async ({ page }) => {
    const problems = await watchPolicy(page);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-not-found-page']).toBe('prerendered');
    const sources = scriptSources(response);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.some((s) => s.startsWith("'sha256-"))).toBe(true);
    await expectStrictAndWorking(page, problems);
  });
});

test.describe('the analytics tag under the policy', () => {
  test.use({ consentDecided: false });

  for (const path of ['/product/vps', '/doc/search/vps']) {
    test(`loads and runs after consent on ${path}`, async ({ page }) => {
      const problems = await watchPolicy(page);
      await page.addInitScript(() => {
        // Analytics on, advertising off (stored inverted: '0' is on).
        for (const [key, value] of [
          ['cookieConfirm', '1'],
          ['cookieSelect1', '0'],
          ['cookieSelect2', '0'],
          ['cookieSelect3', '1'],
        ]) {
          window.localStorage.setItem(key as string, value as string);
        }
      });
      await page.route('https://www.googletagmanager.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagRan = true;' }),
      );
      await page.goto(path);
      await expect(page.locator('#analytics-tag')).toHaveCount(1);
      await expect.poll(() => page.evaluate(() => window.__tagRan === true)).toBe(true);
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
