import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/lib/admin/schemas';
import { auditLog, staff } from '../../src/server/db/schema';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { STAFF_PASSWORD, signedInStaff as staffSignedIn, totpCode } from '../support/staff';

/**
 * Staff access kept safe and recoverable (docs/decisions/054-second-factor-attempts.md,
 * docs/product/back-office-api.md): every check of a password or a second factor is counted on one throttle per
 * person, and a guesser is stopped, signed out and written in the audit log.
 */
// A database of its own: the last-owner rules count every owner there is.
let own: OwnDatabase;
let app: OwnDatabase['app'];
let db: OwnDatabase['db'];

beforeAll(async () => {
  own = await ownDatabase('staff');
  app = own.app;
  db = own.db;
});

afterAll(async () => {
  await own?.drop();
});

const signedInStaff = (role: StaffRole) => staffSignedIn(app, db, role);

let callers = 0;
/** A caller address of its own, so the address window of one test never holds back another's calls. */
function newAddress(): string {
  callers += 1;
  return `10.54.${callers}.${Math.floor(Math.random() * 250)}`;
}

/** Six digits the authenticator shows neither now nor in the step before (both are accepted). */
async function wrongCode(secret: string): Promise<string> {
  const now = Date.now();
  const good = new Set([
    await generate({ secret, epoch: now / 1000 }),
    await generate({ secret, epoch: now / 1000 - 30 }),
  ]);
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!good.has(candidate)) return candidate;
  }
}

async function staffAudit(staffId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'staff'), eq(auditLog.entityId, String(staffId))))
    .orderBy(auditLog.id);
}

describe('second-factor attempts', () => {
  it('renewing recovery codes: of 20 wrong codes sent at once, 5 are checked; the session ends, audited', async () => {
    const person = await signedInStaff('editor');
    const ip = newAddress();
    const headers = { ...person.headers, 'x-forwarded-for': ip };
    const totp = await wrongCode(person.secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', '/api/admin/auth/recovery-codes', { json: { totpCode: totp }, headers }),
      ),
    );
    const checked = answers.filter((a) => a.status === 422);
    const held = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(5);
    for (const answer of checked) expect(answer.json.fields).toEqual({ totpCode: 'api.admin.totpInvalid' });
    expect(held.length).toBeGreaterThan(0);
    // The rest were refused by the limit, or found the session already ended.
    expect(answers.every((a) => [422, 429, 401].includes(a.status))).toBe(true);
    for (const answer of held) {
      expect(answer.json).toEqual({ code: 4290, message: 'api.admin.signedOutAfterAttempts' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Signed out: the session is gone.
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers })).json).toEqual({
      code: 4010,
      message: 'api.unauthorized',
    });
    const entries = (await staffAudit(person.row.id)).map((e) => ({ staffId: e.staffId, after: e.after }));
    expect(entries).toEqual(
      expect.arrayContaining([
        { staffId: person.row.id, after: expect.objectContaining({ throttled: true, where: 'recovery-codes' }) },
        { staffId: person.row.id, after: expect.objectContaining({ sessionEnded: 'tooManyAttempts' }) },
      ]),
    );
    expect(entries.filter((e) => (e.after as { sessionEnded?: string }).sessionEnded)).toHaveLength(1);

    // The same counter holds sign-in: the right password and code wait their turn from that address.
    const again = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: person.row.email, password: STAFF_PASSWORD, totpCode: await totpCode(person.secret) },
      headers: { 'x-forwarded-for': ip },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('signing in: the failure that uses the last free attempt is audited once, the waits after it are not', async () => {
    const person = await signedInStaff('support');
    const ip = newAddress();
    const login = async (password: string) =>
      call(app, 'POST', '/api/admin/auth/login', {
        json: { email: person.row.email, password, totpCode: await totpCode(person.secret) },
        headers: { 'x-forwarded-for': ip },
      });
    // Four failures already on the person's throttle from this address (each real one costs a password hash).
    await db.execute(
      sql`insert into login_throttles (key, attempts, next_allowed_at, updated_at)
          values (${`account-ip:staff:${person.row.id}:${ip}`}, 4, '-infinity', now())`,
    );
    expect((await login('not the password')).json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    for (let i = 0; i < 3; i += 1) {
      const held = await login(STAFF_PASSWORD);
      expect(held.json).toEqual({ code: 4290, message: 'api.login.throttled' });
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const limited = (await staffAudit(person.row.id)).filter((e) => (e.after as { throttled?: boolean }).throttled);
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({
      staffId: person.row.id,
      after: { throttled: true, where: 'sign-in', locked: false },
    });
    expect((limited[0]?.after as { waitSeconds: number }).waitSeconds).toBeGreaterThanOrEqual(1);
  });

  it('a locked staff account says who can open it', async () => {
    const person = await signedInStaff('manager');
    await db.execute(
      sql`insert into login_throttles (key, attempts, next_allowed_at, updated_at)
          values (${`account:staff:${person.row.id}`}, 100, 'infinity', now())`,
    );
    const locked = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: person.row.email, password: STAFF_PASSWORD, totpCode: await totpCode(person.secret) },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(locked.json).toEqual({ code: 4290, message: 'api.admin.attemptsLocked' });
    const [row] = await db.select().from(staff).where(eq(staff.id, person.row.id));
    expect(row?.status).toBe('active');
  });
});
