import { createHash, randomBytes, scryptSync } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { withE2eDatabase } from './database';
import { expect } from './fixtures';
import type { MESSAGES } from './support';

/**
 * A stored password hash in the server's format, made with cheap parameters: the server verifies any parameters
 * and rehashes on login (src/server/auth/password.ts), and a test need not spend a second per customer.
 */
function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * An activated customer with a live session, written straight to the e2e database: no sign-up call (the
 * per-address sign-up limit is shared by the whole run) and no mail. With a password, they can also log in.
 */
export type SessionCustomer = { userId: number; email: string; sid: string; csrf: string };

export async function customerWithSession(
  prefix: string,
  options: { password?: string; locale?: 'en' | 'zh' | 'ja'; billingCountry?: string | null } = {},
): Promise<SessionCustomer> {
  const sid = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  const email = `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
  const userId = await withE2eDatabase(async (db) => {
    const user = await db.query<{ id: number }>(
      `insert into users (email, username, password_hash, status, locale, activated_at, billing_country)
       values ($1, $2, $3, 'active', $4, now(), $5) returning id`,
      [
        email,
        email.split('@')[0],
        options.password ? cheapPasswordHash(options.password) : 'scrypt$not-used-in-this-test',
        options.locale ?? 'en',
        // An account that has ordered before has a billing country (docs/decisions/066-tax.md): the customer's
        // language's default (Japan, Hong Kong), or the United States (no tax) for English.
        options.billingCountry === undefined
          ? ({ ja: 'JP', zh: 'HK', en: 'US' } as const)[options.locale ?? 'en']
          : options.billingCountry,
      ],
    );
    const id = user.rows[0]?.id ?? 0;
    await db.query(
      `insert into sessions (id, user_id, csrf_token, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(sid).digest('hex'), id, csrf],
    );
    return id;
  });
  return { userId, email, sid, csrf };
}

/** The headers an API call of this customer carries: the session cookie and the CSRF token. */
export function sessionHeaders(customer: SessionCustomer): Record<string, string> {
  return { cookie: `sid=${customer.sid}`, 'x-csrf-token': customer.csrf };
}

/** Signs the browser in as the customer: the session cookies; the shell recovers the CSRF token from /api/auth/me. */
export async function signInBrowser(context: BrowserContext, baseURL: string, customer: SessionCustomer) {
  await context.addCookies([
    { name: 'sid', value: customer.sid, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'signedIn', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

/** Logs in through the page's own dialog (a `?ope=login` address opens it). */
export async function logInThroughDialog(
  page: Page,
  texts: (typeof MESSAGES)[keyof typeof MESSAGES],
  email: string,
  password: string,
) {
  const dialog = page.getByRole('dialog', { name: texts.account.loginTitle });
  await dialog.getByLabel(texts.account.accountLabel).fill(email);
  await dialog.getByLabel(texts.account.password).fill(password);
  await dialog.getByRole('button', { name: texts.account.loginSubmit }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Deletes customers and what they made: their pintuan places and groups, their orders (their events go with
 * them), then the accounts (sessions and claimed coupons go with them), so no later spec reads them.
 */
export async function deleteCustomers(userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await withE2eDatabase(async (db) => {
    await db.query('begin');
    await db.query(
      `delete from pintuan_members
       where user_id = any($1) or group_id in (select id from pintuan_groups where leader_user_id = any($1))`,
      [userIds],
    );
    await db.query('delete from pintuan_groups where leader_user_id = any($1)', [userIds]);
    await db.query('delete from pintuan_members where order_id in (select id from orders where user_id = any($1))', [
      userIds,
    ]);
    // What their orders still hold of a sale goes back (cancelled and expired ones gave it back when they ended),
    // so the next spec's sale page shows the stock the seed left.
    await db.query(
      `update sale_items si set stock_left = least(si.stock_left + held.n, si.stock_total)
       from (select sale_item_id, count(*)::int as n from orders
             where user_id = any($1) and sale_item_id is not null and status not in ('cancelled', 'expired')
             group by sale_item_id) held
       where si.id = held.sale_item_id`,
      [userIds],
    );
    await db.query('delete from orders where user_id = any($1)', [userIds]);
    await db.query('delete from users where id = any($1)', [userIds]);
    await db.query('commit');
  });
}
