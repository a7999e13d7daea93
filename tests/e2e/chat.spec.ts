import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { MESSAGES, waitForShell } from './support';

/** The AI chat helper (docs/decisions/015-chat-helper.md; docs/product/entities.md#chat-messages). */
const t = MESSAGES.en.chat;

async function openChat(page: Page) {
  await page.getByRole('button', { name: t.open }).click();
  const panel = page.getByRole('dialog', { name: t.title });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('chat helper', () => {
  test('its code is not part of the first load, and arrives when the panel is first opened', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto('/');
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    // `chatData` is the panel's session-storage key (docs/product/constants.md#storage-keys-and-cookies): only the panel's code carries it.
    expect(scripts.some((s) => s.includes('chatData'))).toBe(false);
    await openChat(page);
    await expect.poll(() => scripts.some((s) => s.includes('chatData'))).toBe(true);
  });

  test('answers from the documentation, keeps the conversation over a reload, and ends it on confirmation', async ({
    page,
  }) => {
    await page.goto('/zh/doc');
    await waitForShell(page);
    const zh = MESSAGES.zh.chat;
    await page.getByRole('button', { name: zh.open }).click();
    const panel = page.getByRole('dialog', { name: zh.title });
    const input = panel.getByRole('textbox', { name: zh.placeholder });
    await expect(input).toBeFocused();
    await input.fill('怎么申请退款？');
    await input.press('Enter');
    const answer = panel.getByTestId('chat-answer').first();
    await expect(answer.getByRole('link').first()).toHaveAttribute('href', '/zh/doc/article/refund');
    const uuid = await page.evaluate(() => sessionStorage.getItem('chatUUID'));
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    await page.reload();
    await waitForShell(page);
    await page.getByRole('button', { name: zh.open }).click();
    await expect(panel.getByText('怎么申请退款？')).toBeVisible();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);

    await panel.getByRole('button', { name: zh.end }).click();
    const confirm = page.getByRole('alertdialog', { name: zh.endTitle });
    await confirm.getByRole('button', { name: zh.cancel }).click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);
    await panel.getByRole('button', { name: zh.end }).click();
    await confirm.getByRole('button', { name: zh.endConfirm }).click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(0);
    await expect(panel.getByText(zh.welcome)).toBeVisible();
    const fresh = await page.evaluate(() => sessionStorage.getItem('chatUUID'));
    expect(fresh).not.toBe(uuid);
  });

  test('answers a Japanese question on an English page in Japanese, citing its source, and its configurator link selects the plan', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForShell(page);
    const panel = await openChat(page);
    const input = panel.getByRole('textbox', { name: t.placeholder });
    await input.fill('東京でスタンダード 2vCPU / 4GB は使えますか？');
    const answered = page.waitForResponse('**/api/chat');
    await input.press('Enter');
    expect((await answered).ok()).toBe(true);
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toContainText('東京');
    await expect(answer).toContainText('NVMe');
    await expect(answer.locator('a[href="/ja/product/vps"]')).toBeVisible();
    const configure = answer.locator('a[href^="/ja/product/vps-buy?"]');
    await expect(configure).toHaveAttribute('href', '/ja/product/vps-buy?planId=std-2c4g&regionId=tokyo');

    await Promise.all([page.waitForURL(/\/ja\/product\/vps-buy\?planId=std-2c4g/), configure.click()]);
    await expect(page.locator('select[name="planId"]')).toHaveValue('std-2c4g');
    await expect(page.locator('input[name="regionId"][value="tokyo"]')).toBeChecked();
  });

  test('its domain search link opens the search with the name filled in and searched', async ({ page }) => {
    const searched = page.waitForResponse('**/api/domain/suffix/check');
    await page.goto('/product/domain?name=example.com');
    expect((await searched).ok()).toBe(true);
    await expect(page.getByTestId('domain-search-input')).toHaveValue('example.com');
    await expect(page.getByTestId('domain-result').first()).toBeVisible();
  });

  test('sends nothing for an empty question', async ({ page }) => {
    let asked = 0;
    await page.route('**/api/chat', (route) => {
      asked += 1;
      return route.continue();
    });
    await page.goto('/');
    await waitForShell(page);
    const panel = await openChat(page);
    const input = panel.getByRole('textbox', { name: t.placeholder });
    await input.fill('   ');
    await input.press('Enter');
    await panel.getByRole('button', { name: t.send }).click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(0);
    // A real question afterwards is the first and only request: the empty ones sent nothing before it.
    await input.fill('refund');
    const answered = page.waitForResponse('**/api/chat');
    await input.press('Enter');
    await answered;
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);
    expect(asked).toBe(1);
  });

  test('on a failed answer shows the auto-reply and puts the question back', async ({ page }) => {
    await page.route('**/api/chat', (route) => route.abort('timedout'));
    await page.goto('/');
    await waitForShell(page);
    const panel = await openChat(page);
    const input = panel.getByRole('textbox', { name: t.placeholder });
    await input.fill('How do snapshots work?');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer')).toHaveText(`${t.assistant}: ${t.autoReply}`);
    await expect(input).toHaveValue('How do snapshots work?');
  });

  test('never runs script from a question or an answer', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const panel = await openChat(page);
    const input = panel.getByRole('textbox', { name: t.placeholder });
    await input.fill('<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> refund');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);
    await expect(panel.getByText('<img src=x onerror="window.__xss=1">', { exact: false })).toBeVisible();

    // Even an answer that carried markup past the server would be rebuilt through the allow-list here.
    await page.route('**/api/chat', (route) =>
      route.fulfill({
        json: {
          code: 2000,
          message: {
            answer:
              '<p>safe</p><img src=x onerror="window.__xss=3"><a href="javascript:window.__xss=4">link</a><svg onload="window.__xss=5"></svg><iframe srcdoc="<script>parent.__xss=6</script>"></iframe>',
          },
        },
      }),
    );
    await input.fill('again');
    await input.press('Enter');
    const last = panel.getByTestId('chat-answer').last();
    await expect(last.getByText('safe')).toBeVisible();
    // The javascript: address was dropped, so following the link can run nothing.
    await expect(last.getByText('link')).not.toHaveAttribute('href', /javascript/i);
    await last.getByText('link').click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(last.locator('img, svg, iframe, script')).toHaveCount(0);
  });

  test('is a keyboard-usable dialog, full screen on phones, and axe-clean', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    const launcher = page.getByRole('button', { name: t.open });
    await launcher.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: t.title });
    await expect(panel.getByRole('textbox', { name: t.placeholder })).toBeFocused();
    const box = await panel.boundingBox();
    const viewport = page.viewportSize();
    if ((viewport?.width ?? 0) < 960) {
      expect(box?.width).toBe(viewport?.width);
      expect(box?.height).toBe(viewport?.height);
    } else {
      expect(box?.width).toBe(450);
    }
    await expectNoAxeViolations(page, { include: '[data-testid="chat-panel"]' });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(launcher).toBeFocused();
  });
});
