import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import adminEn from '../../src/i18n/admin/en.json';
import { e2eDatabaseUrl, withE2eDatabase } from './database';
import { answerCookiePanel, expect, expectNoAxeViolations, waitForScriptsAfterNavigation } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * Back-office people for the end-to-end specs (tests/e2e/admin.spec.ts, tests/e2e/admin-content.spec.ts): the
 * first owner from the command, setup links opened with a computed authenticator code, invitations by mail.
 */
const en = adminEn.admin;
const run = promisify(execFile);

/** Kept here for the specs that import it from this file; the helper itself lives in fixtures.ts. */
export { expectNoAxeViolations };

/** `npm run admin -- <command> <email>` against the e2e database; the setup link it prints. */
async function adminCommand(command: 'create-owner' | 'reset-owner', email: string): Promise<string> {
  const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', command, email], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), LOG_LEVEL: 'warn' },
  });
  const link = /\/admin\/setup\?token=[\w-]+/.exec(stdout)?.[0];
  expect(link, `the command prints the setup link (stdout: ${stdout} stderr: ${stderr})`).toBeTruthy();
  return link ?? '';
}

/** `npm run admin -- create-owner <email>`: the first owner's setup link. */
export const createOwner = (email: string) => adminCommand('create-owner', email);

/** `npm run admin -- reset-owner <email>`: a locked-out owner's new setup link. */
export const resetOwner = (email: string) => adminCommand('reset-owner', email);

export async function newStaffContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  context.on('page', waitForScriptsAfterNavigation);
  await answerCookiePanel(context);
  return context;
}

/** Opens a setup link, reads the secret off the page, chooses a password and confirms with a computed code. */
export async function completeSetup(
  page: Page,
  link: string,
  name: string | RegExp,
  screenshot?: string,
): Promise<string> {
  await page.goto(link);
  await expect(page.getByTestId('setup-qr')).toBeVisible();
  const secret = ((await page.getByTestId('setup-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByText(en.setup.showUrl).click();
  await expect(page.getByTestId('setup-url')).toContainText(`secret=${secret}`);
  if (screenshot) {
    await page.screenshot({ path: screenshot, fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.getByLabel(en.setup.password, { exact: true }).fill('a long staff passphrase');
  await page.getByLabel(en.setup.confirm).fill('a long staff passphrase');
  await page.getByLabel(en.setup.code).fill(await generate({ secret }));
  await page.getByRole('button', { name: en.setup.submit }).click();
  // The recovery codes are shown once, before the back office opens.
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expect(page.getByTestId('recovery-code').first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  if (screenshot) {
    await page.screenshot({ path: screenshot.replace(/\.png$/, '-codes.png'), fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.getByTestId('setup-continue').click();
  const heading = typeof name === 'string' ? en.dashboard.title.replace('{name}', name) : name;
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return secret;
}

/** Invites someone from the staff page; their setup link, from the mail they receive. */
export async function invite(page: Page, person: { email: string; name: string; role: string }): Promise<string> {
  const words = en.resources.staff;
  await page.goto('/admin/staff');
  await page.getByTestId('resource-new').click();
  const dialog = page.getByRole('dialog', { name: words.new });
  await dialog.getByLabel(words.fields.email, { exact: true }).fill(person.email);
  await dialog.getByLabel(words.fields.name, { exact: true }).fill(person.name);
  await dialog.getByLabel(words.fields.role, { exact: true }).selectOption(person.role);
  await dialog.getByRole('button', { name: words.create }).click();
  await expect(page.getByTestId('resource-notice')).toHaveText(words.created.replace('{name}', person.name));
  const mail = await waitForMail(person.email, '/admin/setup');
  const link = /\/admin\/setup\?token=[\w-]+/.exec(mail)?.[0];
  expect(link, 'the invitation holds the setup link').toBeTruthy();
  return link ?? '';
}

export type StaffRole = 'owner' | 'manager' | 'editor' | 'support';
export type SessionStaff = { id: number; email: string; name: string; sid: string; csrf: string };

/**
 * A staff member of the given role with a live back-office session, written straight to the e2e database (or to
 * `databaseUrl`'s, for an instance of a spec's own, tests/e2e/instances.ts): for specs about what a role does,
 * not about signing in (admin.spec.ts covers that). The browser gets the cookie; the back office reads the CSRF
 * token from `GET /api/admin/auth/me` as it does after a sign-in.
 */
export async function staffWithSession(
  role: StaffRole,
  name = `${role} ${randomBytes(2).toString('hex')}`,
  databaseUrl?: string,
) {
  const sid = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  const email = `${role}${Date.now().toString(36)}${randomBytes(3).toString('hex')}@staff.example.com`;
  const withDatabase = databaseUrl ? withDatabaseAt(databaseUrl) : withE2eDatabase;
  const id = await withDatabase(async (db) => {
    const row = await db.query<{ id: number }>(
      `insert into staff (email, name, role, password_hash, totp_secret)
       values ($1, $2, $3, 'scrypt$not-used-in-this-test', 'NOTUSEDINTHISTEST')
       returning id`,
      [email, name, role],
    );
    const staffId = row.rows[0]?.id ?? 0;
    await db.query(
      `insert into staff_sessions (id, staff_id, csrf_token, idle_expires_at, expires_at)
       values ($1, $2, $3, now() + interval '30 minutes', now() + interval '12 hours')`,
      [createHash('sha256').update(sid).digest('hex'), staffId, csrf],
    );
    return staffId;
  });
  return { id, email, name, sid, csrf } satisfies SessionStaff;
}

/** Like withE2eDatabase, on another database. */
function withDatabaseAt(url: string) {
  return async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
}

/** Signs the browser in as that staff member (the cookie the back office's sign-in would set). */
export async function staffInBrowser(context: BrowserContext, baseURL: string, person: SessionStaff) {
  await context.addCookies([
    {
      name: 'staff_sid',
      value: person.sid,
      domain: new URL(baseURL).hostname,
      path: '/api/admin',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/** The headers a back-office API call of that person carries. */
export function staffHeaders(person: SessionStaff): Record<string, string> {
  return { cookie: `staff_sid=${person.sid}`, 'x-csrf-token': person.csrf };
}

/** The back office's navigation links as the person sees them: on a phone, after opening the menu. */
export async function navigationLinks(page: Page) {
  await page.locator('#admin-nav').waitFor({ state: 'attached' });
  const menu = page.getByTestId('admin-menu');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: en.nav.label }).getByRole('link');
}

/**
 * Deletes an announcement from its editor page, as an editor would: the change reaches the public site the way
 * every operator's change does, so a spec's announcement leaves no ticker entry or search hit behind it.
 */
export async function deleteAnnouncement(page: Page, id: number): Promise<void> {
  const texts = adminEn.admin.resource;
  await page.goto(`/admin/announcements/${id}`);
  await page.getByTestId('delete').click();
  const dialog = page.getByRole('alertdialog', { name: texts.deleteTitle });
  const answered = page.waitForResponse(
    (r) => r.url().includes(`/api/admin/announcements/${id}?`) && r.request().method() === 'DELETE',
  );
  await dialog.getByRole('button', { name: texts.delete, exact: true }).click();
  expect((await answered).status()).toBe(200);
}
