import { constants, publicEncrypt, randomBytes, scryptSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/server/db/schema';
import { call, testApp, testDb } from '../support/api';
import { signedInCustomer } from '../support/factories';

/**
 * Login limits (docs/decisions/033-login-limits.md): attempts are counted before the password is checked, per
 * account and address with growing waits, per account from anywhere, and per address with a high ceiling.
 */
const app = testApp();
let publicKey = '';
const encrypt = (password: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');

let callers = 0;
/** A new caller address. */
function newAddress(): string {
  callers += 1;
  return `10.77.${Math.floor(Math.random() * 250)}.${callers % 250}`;
}

/** Attempts already on an account's throttle, as if made earlier (each real failed login costs a hash). */
async function priorAttempts(key: string, attempts: number) {
  await testDb().execute(
    sql`insert into login_throttles (key, attempts, next_allowed_at, updated_at) values (${key}, ${attempts}, now(), now())`,
  );
}

function login(account: string, password: string, ip: string) {
  return call(app, 'POST', '/api/login', {
    json: { account, password: encrypt(password) },
    headers: { 'x-forwarded-for': ip },
  });
}

beforeAll(async () => {
  const res = await call(app, 'GET', '/api/auth/public-key');
  publicKey = (res.json.message as { publicKey: string }).publicKey;
});

afterAll(async () => {
  await testDb().$client.end();
});

describe('login limits', () => {
  it('checks only the 5 free guesses of 20 sent at once from one address; the rest wait, with Retry-After', async () => {
    const { user } = await signedInCustomer();
    const ip = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong999', ip)));
    const checked = answers.filter((a) => a.status === 401);
    const held = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(5);
    expect(held).toHaveLength(15);
    for (const answer of held) {
      expect(answer.json).toEqual({ code: 4290, message: 'api.login.throttled' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Even the right password waits its turn from that address…
    const right = await login(user.email, 'abc123', ip);
    expect(right.status).toBe(429);
    // …while the owner, from their own address, still gets in: one noisy address does not lock the account.
    expect((await login(user.email, 'abc123', newAddress())).status).toBe(200);
  });

  it('never locks the other accounts of an address (an office behind one NAT)', async () => {
    const ip = newAddress();
    const { user: careless } = await signedInCustomer();
    const { user: colleague } = await signedInCustomer();
    for (let i = 0; i < 6; i += 1) await login(careless.email, 'wrong999', ip);
    expect((await login(colleague.email, 'abc123', ip)).status).toBe(200);
  });

  it('forgets the failures after a success', async () => {
    const { user } = await signedInCustomer();
    const ip = newAddress();
    await priorAttempts(`account-ip:user:${user.id}:${ip}`, 4);
    await priorAttempts(`account:user:${user.id}`, 19);
    expect((await login(user.email, 'abc123', ip)).status).toBe(200);
    const left = await testDb().execute(
      sql`select key from login_throttles where key like ${`%user:${user.id}:%`} or key = ${`account:user:${user.id}`}`,
    );
    expect(left.rows).toEqual([]);
    expect((await login(user.email, 'wrong999', ip)).status).toBe(401);
  });

  it('throttles one account guessed at from many addresses after 20 attempts, with growing waits', async () => {
    const { user } = await signedInCustomer();
    await priorAttempts(`account:user:${user.id}`, 19);
    expect((await login(user.email, 'wrong999', newAddress())).status).toBe(401);
    const next = await login(user.email, 'wrong999', newAddress());
    expect(next.json).toEqual({ code: 4290, message: 'api.login.throttled' });
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(30);
  });

  it('treats the e-mail and the username of an account as one account', async () => {
    const { user } = await signedInCustomer();
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) await login(i % 2 ? user.email : user.username, 'wrong999', ip);
    expect((await login(user.username, 'wrong999', ip)).status).toBe(429);
  });

  it('locks an account after 100 consecutive failures until its password is reset (NIST SP 800-63B)', async () => {
    const { user } = await signedInCustomer();
    await priorAttempts(`account:user:${user.id}`, 99);
    expect((await login(user.email, 'wrong999', newAddress())).status).toBe(401);
    const locked = await login(user.email, 'abc123', newAddress());
    expect(locked.json).toEqual({ code: 4290, message: 'api.login.locked' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    // The reset mail opens it again.
    await call(app, 'POST', '/api/password/forgot', {
      json: { email: user.email },
      headers: { 'x-forwarded-for': newAddress() },
    });
    const [mail] = await testDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    const code = mail?.text.match(/resetPassword\?code=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const reset = await call(app, 'POST', '/api/password/reset', {
      json: { code, password: encrypt('new harbor 456') },
    });
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'new harbor 456', newAddress())).status).toBe(200);
  });

  it('holds an address to 100 attempts in 15 minutes across accounts, with Retry-After', async () => {
    const ip = newAddress();
    await testDb().execute(
      sql`insert into rate_limits (key, window_start, count)
          values (${`login-ip:${ip}`}, to_timestamp(floor(extract(epoch from now()) / 900) * 900), 100)`,
    );
    const { user } = await signedInCustomer();
    const res = await login(user.email, 'abc123', ip);
    expect(res.json).toEqual({ code: 4290, message: 'api.login.addressLimited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('password hashes', () => {
  it('are replaced with today’s parameters on the next successful login', async () => {
    const { user } = await signedInCustomer();
    // A hash made at N=2^14, as the site made them before.
    const salt = randomBytes(16);
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('abc123', salt, 32, { N: 16384 })]
      .map((part) => (Buffer.isBuffer(part) ? part.toString('base64') : String(part)))
      .join('$');
    await testDb().update(users).set({ passwordHash: legacy }).where(eq(users.id, user.id));
    expect((await login(user.email, 'abc123', newAddress())).status).toBe(200);
    const [row] = await testDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login(user.email, 'abc123', newAddress())).status).toBe(200);
  });
});
