import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRow } from '../../src/lib/admin/resources/staff';
import type { StaffRole } from '../../src/lib/admin/schemas';
import { resetOwner } from '../../src/server/admin/staff';
import { acceptTotp, newTotpSecret } from '../../src/server/admin/totp';
import { Attempt, withAttempt } from '../../src/server/auth/login-throttle';
import { auditLog, mailOutbox, staff, staffSetupTokens } from '../../src/server/db/schema';
import { call } from '../support/api';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { STAFF_PASSWORD, signedInStaff as staffSignedIn, totpCode, uniqueStaffEmail } from '../support/staff';

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

  it('no code or password is checked outside a counted attempt, and an attempt checks one of each', async () => {
    expect(() => new Attempt(Symbol('counted attempt') as never)).toThrow(/withAttempt only/);
    const owner = { subject: `test:${newAddress()}`, ip: newAddress() };
    const secret = newTotpSecret();
    const twice = withAttempt(db, owner, async (attempt) => {
      await acceptTotp(attempt, secret, '123456', null);
      return acceptTotp(attempt, secret, '654321', null);
    });
    await expect(twice).rejects.toThrow(/one secondFactor/);
    let kept: Attempt | undefined;
    await withAttempt(db, owner, async (attempt) => {
      kept = attempt;
    });
    await expect(acceptTotp(kept as Attempt, secret, '123456', null)).rejects.toThrow(/after its attempt ended/);
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

/** A change of a person as the form sends it: the row as read, with a new role or status, and its version. */
const changeOf = (row: StaffRow | undefined, change: Partial<Pick<StaffRow, 'role' | 'status' | 'version'>>) => ({
  email: row?.email,
  name: row?.name,
  role: row?.role,
  locale: row?.locale,
  status: row?.status,
  version: row?.version,
  ...change,
});

/** The setup link in the newest mail to `email`. */
async function mailedLink(email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return /\/admin\/setup\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
}

const inspect = (token: string) => call(app, 'POST', '/api/admin/auth/setup/inspect', { json: { token } });

/** Completes a setup link as the person would: a password and a code from the secret it offers. */
async function setUp(token: string, password = STAFF_PASSWORD) {
  const offer = (await inspect(token)).json.message as { secret: string };
  const done = await call(app, 'POST', '/api/admin/auth/setup', {
    json: { token, password, totpCode: await totpCode(offer.secret) },
    headers: { 'x-forwarded-for': newAddress() },
  });
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  return offer.secret;
}

async function listed(owner: Record<string, string>, q: string): Promise<StaffRow[]> {
  const res = await call(app, 'GET', `/api/admin/staff?q=${encodeURIComponent(q)}&rows=100`, { headers: owner });
  return (res.json.message as { items: StaffRow[] }).items;
}

async function invited(owner: Record<string, string>, role: StaffRole = 'editor'): Promise<StaffRow> {
  const email = uniqueStaffEmail('invitee');
  const res = await call(app, 'POST', '/api/admin/staff', {
    json: { email, name: `Invitee ${email.slice(7, 14)}`, role, locale: 'ja' },
    headers: owner,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.message as StaffRow;
}

describe('recovering staff', () => {
  it('sends an invitation again: a new link, the ones before void, audited; the list says invited until set up', async () => {
    const owner = await signedInStaff('owner');
    const person = await invited(owner.headers);
    expect(person.state).toBe('invited');
    const first = await mailedLink(person.email);
    // The link expired unused; inviting the address again is refused, sending the invitation again is not.
    await db
      .update(staffSetupTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSetupTokens.staffId, person.id));
    expect((await inspect(first)).json).toEqual({ code: 4040, message: 'api.admin.setupInvalid' });

    const resend = (version: number) =>
      call(app, 'POST', `/api/admin/staff/${person.id}/resend-invitation`, {
        json: { version },
        headers: owner.headers,
      });
    const once = await resend(person.version);
    expect(once.status, JSON.stringify(once.json)).toBe(200);
    expect(once.json.message).toMatchObject({ id: person.id, state: 'invited', version: person.version + 1 });
    const second = await mailedLink(person.email);
    expect(second).not.toBe(first);
    expect((await inspect(second)).status).toBe(200);
    // A stale version is refused with the row as it is now; the current one makes a third link and voids the second.
    expect((await resend(person.version)).json).toMatchObject({ code: 4090, current: { version: person.version + 1 } });
    expect((await resend(person.version + 1)).status).toBe(200);
    const third = await mailedLink(person.email);
    expect((await inspect(second)).json).toEqual({ code: 4040, message: 'api.admin.setupInvalid' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, person.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toMatch(/管理画面/);

    await setUp(third);
    const [row] = await listed(owner.headers, person.email);
    expect(row).toMatchObject({ state: 'active' });
    // Set up now: there is no invitation to send any more.
    expect((await resend(row?.version ?? 0)).json).toMatchObject({ code: 4090, message: 'api.admin.staffSetUp' });
    const entries = await staffAudit(person.id);
    expect(entries.filter((e) => (e.after as { action?: string } | null)?.action === 'resendInvitation')).toHaveLength(
      2,
    );
    expect(entries.every((e) => e.staffId === owner.row.id || e.staffId === person.id)).toBe(true);
  });

  it('resets a second factor: sessions end, the old password and codes stop working, a new link sets them up', async () => {
    const owner = await signedInStaff('owner');
    const person = await signedInStaff('editor');
    // Locked by a guesser: the reset opens the account too.
    await db.execute(
      sql`insert into login_throttles (key, attempts, next_allowed_at, updated_at)
          values (${`account:staff:${person.row.id}`}, 100, 'infinity', now())`,
    );
    const [before] = await listed(owner.headers, person.row.email);
    expect(before?.state).toBe('active');
    const reset = await call(app, 'POST', `/api/admin/staff/${person.row.id}/reset-second-factor`, {
      json: { version: before?.version },
      headers: owner.headers,
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json.message).toMatchObject({ state: 'invited' });
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: person.headers })).status).toBe(401);
    const oldWay = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: person.row.email, password: STAFF_PASSWORD, totpCode: await totpCode(person.secret) },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(oldWay.json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    // Resetting someone not set up is refused: they need their invitation sent again instead.
    const again = await call(app, 'POST', `/api/admin/staff/${person.row.id}/reset-second-factor`, {
      json: { version: (reset.json.message as StaffRow).version },
      headers: owner.headers,
    });
    expect(again.json).toMatchObject({ code: 4090, message: 'api.admin.staffNotSetUp' });

    const secret = await setUp(await mailedLink(person.row.email), 'a brand new passphrase');
    expect(secret).not.toBe(person.secret);
    // As if the next 30 seconds had come: the setup's code is spent.
    await db.update(staff).set({ totpLastStep: null }).where(eq(staff.id, person.row.id));
    const back = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: person.row.email, password: 'a brand new passphrase', totpCode: await totpCode(secret) },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    const [entry] = (await staffAudit(person.row.id)).filter(
      (e) => (e.after as { action?: string } | null)?.action === 'resetSecondFactor',
    );
    expect(entry).toMatchObject({ staffId: owner.row.id, after: { sessionsEnded: 1, state: 'invited' } });
  });

  it('disables and removes people; a removed person’s audit entries keep their name, and their address can be invited again', async () => {
    const owner = await signedInStaff('owner');
    const person = await signedInStaff('editor');
    const made = await call(app, 'POST', '/api/admin/footer-links', {
      json: { name: { en: 'Removed person’s link' }, link: '/doc', sort: 98 },
      headers: person.headers,
    });
    const linkId = (made.json.message as { id: number }).id;
    const other = await signedInStaff('support');
    const [supportRow] = await listed(owner.headers, other.row.email);
    const disabled = await call(app, 'PUT', `/api/admin/staff/${other.row.id}`, {
      json: changeOf(supportRow, { status: 'disabled' }),
      headers: owner.headers,
    });
    expect(disabled.json.message).toMatchObject({ state: 'disabled' });

    const [row] = await listed(owner.headers, person.row.email);
    expect(
      (
        await call(app, 'DELETE', `/api/admin/staff/${person.row.id}?version=${(row?.version ?? 0) + 5}`, {
          headers: owner.headers,
        })
      ).status,
    ).toBe(409);
    const removed = await call(app, 'DELETE', `/api/admin/staff/${person.row.id}?version=${row?.version}`, {
      headers: owner.headers,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(await listed(owner.headers, person.row.email)).toEqual([]);
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: person.headers })).status).toBe(401);
    const log = await call(app, 'GET', `/api/admin/audit?staffId=${person.row.id}&kind=footer`, {
      headers: owner.headers,
    });
    const items = (log.json.message as { items: { entityId: string; staff: { name: string; email: string } }[] }).items;
    expect(items.find((i) => i.entityId === String(linkId))?.staff).toMatchObject({
      name: person.row.name,
      email: person.row.email,
    });
    // Gone from the list, refused by every other call.
    expect(
      (
        await call(app, 'PUT', `/api/admin/staff/${person.row.id}`, {
          json: changeOf(row, { version: (row?.version ?? 0) + 1 }),
          headers: owner.headers,
        })
      ).status,
    ).toBe(404);

    const back = await call(app, 'POST', '/api/admin/staff', {
      json: { email: person.row.email, name: 'Back again', role: 'support', locale: 'en' },
      headers: owner.headers,
    });
    expect(back.json.message).toMatchObject({ id: person.row.id, role: 'support', state: 'invited' });
    await call(app, 'DELETE', `/api/admin/footer-links/${linkId}?version=1`, { headers: owner.headers });
  });

  it('keeps an owner who can sign in: the last one cannot be disabled, removed or reset; an invited owner does not count', async () => {
    const owner = await signedInStaff('owner');
    const waiting = await invited(owner.headers, 'owner');
    await db
      .update(staff)
      .set({ status: 'disabled' })
      .where(and(eq(staff.role, 'owner'), ne(staff.id, owner.row.id), ne(staff.id, waiting.id)));
    const [self] = await listed(owner.headers, owner.row.email);
    const version = self?.version ?? 0;
    const refusals = [
      await call(app, 'PUT', `/api/admin/staff/${owner.row.id}`, {
        json: changeOf(self, { status: 'disabled' }),
        headers: owner.headers,
      }),
      await call(app, 'PUT', `/api/admin/staff/${owner.row.id}`, {
        json: changeOf(self, { role: 'manager' }),
        headers: owner.headers,
      }),
      await call(app, 'DELETE', `/api/admin/staff/${owner.row.id}?version=${version}`, { headers: owner.headers }),
      await call(app, 'POST', `/api/admin/staff/${owner.row.id}/reset-second-factor`, {
        json: { version },
        headers: owner.headers,
      }),
    ];
    for (const refused of refusals) expect(refused.json).toEqual({ code: 4090, message: 'api.admin.lastOwner' });
    // The invited owner cannot sign in yet, so withdrawing their invitation leaves the count as it was.
    expect(
      (
        await call(app, 'DELETE', `/api/admin/staff/${waiting.id}?version=${waiting.version}`, {
          headers: owner.headers,
        })
      ).status,
    ).toBe(200);
    // With a second owner set up, either may go.
    const second = await signedInStaff('owner');
    const [secondRow] = await listed(owner.headers, second.row.email);
    const reset = await call(app, 'POST', `/api/admin/staff/${second.row.id}/reset-second-factor`, {
      json: { version: secondRow?.version },
      headers: owner.headers,
    });
    expect(reset.status).toBe(200);
  });

  it('resets an owner from the command line when no owner can sign in', async () => {
    const owner = await signedInStaff('owner');
    const { link, sessionsEnded } = await resetOwner(db, owner.row.email);
    expect(sessionsEnded).toBe(1);
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: owner.headers })).status).toBe(401);
    await setUp(new URL(link).searchParams.get('token') ?? '');
    const [entry] = (await staffAudit(owner.row.id)).filter(
      (e) => (e.after as { action?: string } | null)?.action === 'resetSecondFactor',
    );
    expect(entry?.staffId).toBeNull();
    const editor = await signedInStaff('editor');
    await expect(resetOwner(db, editor.row.email)).rejects.toThrow(/not an owner/);
    await expect(resetOwner(db, uniqueStaffEmail('nobody'))).rejects.toThrow(/not a staff member/);
  });
});
