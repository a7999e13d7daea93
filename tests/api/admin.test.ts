import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/admin/en.json';
import ja from '../../src/i18n/admin/ja.json';
import zh from '../../src/i18n/admin/zh.json';
import type { StaffRow } from '../../src/lib/admin/resources/staff';
import type { StaffRole } from '../../src/lib/admin/schemas';
import { createOwner } from '../../src/server/admin/staff';
import { findArticleRedirect, getArticle } from '../../src/server/api/docs/queries';
import {
  announcements,
  auditLog,
  footerLinks,
  mailOutbox,
  reviews,
  staff,
  staffSessions,
} from '../../src/server/db/schema';
import { call } from '../support/api';
import { signedInCustomer } from '../support/factories';
import { type OwnDatabase, ownDatabase } from '../support/own-database';
import { SITE_PATH_CORPUS } from '../support/site-path-corpus';
import {
  everyoneSignedIn,
  roleMatrix,
  STAFF_PASSWORD,
  signedInStaff as staffSignedIn,
  totpCode,
  uniqueStaffEmail,
  type Who,
} from '../support/staff';

/** The back office's API (docs/product/back-office-api.md): sign-in, roles, the audit log, versions. */
// A database of its own: the announcements, jobs and footer links made here would change what other files count.
let own: OwnDatabase;
let app: OwnDatabase['app'];
let db: OwnDatabase['db'];

beforeAll(async () => {
  own = await ownDatabase('admin');
  app = own.app;
  db = own.db;
});

const PASSWORD = STAFF_PASSWORD;
const uniqueEmail = uniqueStaffEmail;
const code = totpCode;
const signedInStaff = (role: StaffRole) => staffSignedIn(app, db, role);

const announcement = (title: string) => ({
  category: 'maintenance',
  pinned: false,
  publishedAt: new Date(Date.now() - 60_000).toISOString(),
  translations: {
    en: { title, body: `${title} body` },
    zh: { title: `${title}（中文）`, body: '正文' },
    ja: { title: '', body: '' },
  },
});

describe('setting up the first owner', () => {
  it('prints a one-time link where a password and a TOTP code from the offered secret sign them in', async () => {
    const email = uniqueEmail('owner');
    const { link, created } = await createOwner(db, email, 'First Owner');
    expect(created).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(new URL(link).pathname).toBe('/admin/setup');

    const inspected = await call(app, 'POST', '/api/admin/auth/setup/inspect', { json: { token } });
    const offer = inspected.json.message as { email: string; role: string; secret: string; otpauthUrl: string };
    expect(offer).toMatchObject({ email, role: 'owner' });
    expect(offer.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);

    const short = await call(app, 'POST', '/api/admin/auth/setup', {
      json: { token, password: 'short', totpCode: await code(offer.secret) },
    });
    expect(short.status).toBe(422);
    expect(short.json.fields).toEqual({ password: 'api.admin.passwordTooShort' });
    const wrongCode = await call(app, 'POST', '/api/admin/auth/setup', {
      json: { token, password: PASSWORD, totpCode: '000000' === (await code(offer.secret)) ? '111111' : '000000' },
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.json.fields).toEqual({ totpCode: 'api.admin.totpInvalid' });

    const done = await call(app, 'POST', '/api/admin/auth/setup', {
      json: { token, password: PASSWORD, totpCode: await code(offer.secret) },
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith('staff_sid=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/admin/);

    // Used once: the link is gone, and the same address cannot be taken over from the command line.
    const again = await call(app, 'POST', '/api/admin/auth/setup/inspect', { json: { token } });
    expect(again.json).toEqual({ code: 4040, message: 'api.admin.setupInvalid' });
    await expect(createOwner(db, email, 'Someone')).rejects.toThrow(/already a staff member/);
    const [row] = await db.select().from(staff).where(eq(staff.email, email));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
  });
});

describe('signing in', () => {
  it('needs the password and a fresh code, answers the same for every failure, and takes a code once', async () => {
    const { row, secret, usedCode } = await signedInStaff('editor');
    const wrongPassword = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: row.email, password: 'not the password', totpCode: await code(secret) },
    });
    expect(wrongPassword.json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    const unknown = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: uniqueEmail('nobody'), password: PASSWORD, totpCode: '123456' },
    });
    expect(unknown.json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    // The very code signedInStaff signed in with, replayed (within its 30 s or just after): refused.
    const replay = await call(app, 'POST', '/api/admin/auth/login', {
      json: { email: row.email, password: PASSWORD, totpCode: usedCode },
    });
    expect(replay.json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
  });

  it('ends a session idle too long, or past its lifetime, or of a disabled person', async () => {
    const idle = await signedInStaff('support');
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: idle.headers })).status).toBe(200);
    await db
      .update(staffSessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, idle.row.id));
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: idle.headers })).json).toEqual({
      code: 4010,
      message: 'api.unauthorized',
    });
    const old = await signedInStaff('support');
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, old.row.id));
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: old.headers })).status).toBe(401);
    const disabled = await signedInStaff('support');
    await db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, disabled.row.id));
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers: disabled.headers })).status).toBe(401);
  });

  it('is not the customers’ session: a customer cookie opens nothing, and the site never sees the staff cookie', async () => {
    const customer = await signedInCustomer({}, db);
    const res = await call(app, 'GET', '/api/admin/auth/me', { headers: customer.headers });
    expect(res.json).toEqual({ code: 4010, message: 'api.unauthorized' });
  });
});

describe('recovery codes', () => {
  it('are given once at setup, each signs in once in place of a code, and a renewal voids the old set', async () => {
    const email = uniqueEmail('owner');
    const { link } = await createOwner(db, email, 'Recovering Owner');
    const token = new URL(link).searchParams.get('token') ?? '';
    const offer = (await call(app, 'POST', '/api/admin/auth/setup/inspect', { json: { token } })).json.message as {
      secret: string;
    };
    const done = await call(app, 'POST', '/api/admin/auth/setup', {
      json: { token, password: PASSWORD, totpCode: await code(offer.secret) },
    });
    const codes = (done.json.message as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const login = (totpCode: string) =>
      call(app, 'POST', '/api/admin/auth/login', { json: { email, password: PASSWORD, totpCode } });
    // Typed in capitals and without the hyphen, it still works; then never again.
    const first = await login((codes[0] ?? '').replace('-', '').toUpperCase());
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect((await login(codes[0] ?? '')).json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    expect((await login('aaaaa-bbbbb')).json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    const cookie = (first.headers.getSetCookie().find((c) => c.startsWith('staff_sid=')) ?? '').split(';')[0] ?? '';
    const headers = { cookie, 'x-csrf-token': (first.json.message as { csrfToken: string }).csrfToken };
    expect((await call(app, 'GET', '/api/admin/auth/me', { headers })).json.message).toMatchObject({
      recoveryCodesLeft: 9,
    });

    // A renewal asks for a fresh authenticator code; a recovery code or a wrong code is refused at the field.
    const refused = await call(app, 'POST', '/api/admin/auth/recovery-codes', {
      json: { totpCode: codes[1] ?? '' },
      headers,
    });
    expect(refused.json.fields).toEqual({ totpCode: 'api.admin.totpInvalid' });
    // As if the next 30 seconds had come: the setup's code (this time step) is spent, a fresh one is wanted.
    const [row] = await db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, email)).returning();
    const nextStep = await code(offer.secret);
    const renewed = await call(app, 'POST', '/api/admin/auth/recovery-codes', {
      json: { totpCode: nextStep },
      headers,
    });
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    const fresh = (renewed.json.message as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await login(codes[2] ?? '')).json).toEqual({ code: 4010, message: 'api.admin.loginFailed' });
    expect((await login(fresh[0] ?? '')).status).toBe(200);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'staff'), eq(auditLog.entityId, String(row?.id))));
    expect(audited.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recoveryCodeUsed: true, recoveryCodesLeft: 9 }),
        expect.objectContaining({ recoveryCodesLeft: 10 }),
      ]),
    );
  });
});

describe('roles are checked on the server for every action', () => {
  let headers: Record<Who, Record<string, string>>;
  let existing: { id: number; version: number };
  /** People the owner acts on once each (every other caller is refused before the person is looked at). */
  const people = { changed: 0, invited: 0, setUp: 0, removed: 0 };
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    headers = await everyoneSignedIn(app, db);
    for (const key of Object.keys(people) as (keyof typeof people)[]) {
      const setUp = key !== 'invited';
      emails[key] = uniqueEmail(key);
      const [row] = await db
        .insert(staff)
        .values({
          email: emails[key],
          name: `Matrix ${key}`,
          role: 'support',
          ...(setUp ? { passwordHash: 'scrypt$not-used', totpSecret: 'NOTUSEDNOTUSEDNO' } : {}),
        })
        .returning({ id: staff.id });
      people[key] = row?.id ?? 0;
    }
    const made = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement('Matrix base'),
      headers: headers.owner,
    });
    existing = made.json.message as { id: number; version: number };
  });

  /** Each action, who may do it, and a request that would succeed for them. */
  roleMatrix(
    () => app,
    () => headers,
    [
      {
        name: 'read me',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/auth/me'],
      },
      { name: 'list staff', allowed: ['owner'], request: () => ['GET', '/api/admin/staff'] },
      {
        name: 'invite staff',
        allowed: ['owner'],
        request: () => [
          'POST',
          '/api/admin/staff',
          { email: uniqueEmail('invited'), name: 'New Person', role: 'editor', locale: 'ja' },
        ],
      },
      {
        name: "change a person's role",
        allowed: ['owner'],
        request: () => [
          'PUT',
          `/api/admin/staff/${people.changed}`,
          { email: emails.changed, name: 'Matrix changed', role: 'editor', locale: 'en', status: 'active', version: 1 },
        ],
      },
      {
        name: 'send an invitation again',
        allowed: ['owner'],
        request: () => ['POST', `/api/admin/staff/${people.invited}/resend-invitation`, { version: 1 }],
      },
      {
        name: 'reset a second factor',
        allowed: ['owner'],
        request: () => ['POST', `/api/admin/staff/${people.setUp}/reset-second-factor`, { version: 1 }],
      },
      {
        name: 'remove a person',
        allowed: ['owner'],
        request: () => ['DELETE', `/api/admin/staff/${people.removed}?version=1`],
      },
      {
        name: 'list announcements',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/announcements?rows=5'],
      },
      {
        name: 'read an announcement',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', `/api/admin/announcements/${existing.id}`],
      },
      {
        name: 'create an announcement',
        allowed: ['owner', 'editor'],
        request: () => ['POST', '/api/admin/announcements', announcement('Matrix create')],
      },
      {
        name: 'add an article',
        allowed: ['owner', 'editor'],
        request: () => {
          const slug = `matrix-article-${uniqueEmail('a').split('@')[0]}`;
          const blank = { title: '', summary: '', body: '' };
          const en = { title: 'Matrix article', summary: 'Matrix', body: 'Matrix body.' };
          return [
            'POST',
            '/api/admin/articles',
            { slug, category: 'product', translations: { en, zh: blank, ja: blank } },
          ];
        },
      },
      {
        name: 'list reviews',
        allowed: ['owner', 'manager', 'support'],
        request: () => ['GET', '/api/admin/reviews?status=approved&rows=3'],
      },
      {
        name: 'read the contact inbox',
        allowed: ['owner', 'manager', 'support'],
        request: () => ['GET', '/api/admin/contact-messages?rows=3'],
      },
      {
        name: 'list missing translations',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/translations/missing?kind=announcement'],
      },
      {
        name: 'read the audit log',
        allowed: ['owner', 'manager', 'editor', 'support'],
        request: () => ['GET', '/api/admin/audit'],
      },
    ],
  );

  it('updating and deleting an announcement: editors and owners only, and nothing changes for the others', async () => {
    for (const who of ['manager', 'support', 'customer', 'nobody'] as const) {
      const update = await call(app, 'PUT', `/api/admin/announcements/${existing.id}`, {
        json: { ...announcement('Not yours'), version: existing.version },
        headers: headers[who],
      });
      expect(update.status).toBe(who === 'customer' || who === 'nobody' ? 401 : 403);
      const remove = await call(app, 'DELETE', `/api/admin/announcements/${existing.id}?version=${existing.version}`, {
        headers: headers[who],
      });
      expect(remove.status).toBe(who === 'customer' || who === 'nobody' ? 401 : 403);
    }
    const [still] = await db.select().from(announcements).where(eq(announcements.id, existing.id));
    expect(still?.version).toBe(existing.version);
  });

  it('refuses a change without the session’s CSRF token', async () => {
    const res = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement('No token'),
      headers: { cookie: headers.owner.cookie ?? '' },
    });
    expect(res.json).toEqual({ code: 4030, message: 'api.csrf' });
  });

  it('keeps one owner at least', async () => {
    const me = await call(app, 'GET', '/api/admin/auth/me', { headers: headers.owner });
    const self = (me.json.message as { staff: StaffRow }).staff;
    // Other owners exist in the shared database; this one may be demoted only while another active owner remains.
    await db.update(staff).set({ status: 'disabled' }).where(eq(staff.role, 'owner'));
    await db.update(staff).set({ status: 'active' }).where(eq(staff.id, self.id));
    const demote = await call(app, 'PUT', `/api/admin/staff/${self.id}`, {
      json: {
        email: self.email,
        name: self.name,
        locale: self.locale,
        role: 'editor',
        status: 'active',
        version: self.version,
      },
      headers: headers.owner,
    });
    expect(demote.json).toEqual({ code: 4090, message: 'api.admin.lastOwner' });
  });
});

describe('editing announcements', () => {
  it('refuses bad input naming the field, saves, audits, refuses a stale save with the newer row, and reverts', async () => {
    const editor = await signedInStaff('editor');
    const other = await signedInStaff('editor');
    const bad = await call(app, 'POST', '/api/admin/announcements', {
      json: { ...announcement('x'), translations: { ...announcement('x').translations, en: { title: '', body: 'b' } } },
      headers: editor.headers,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ 'translations.en.title': 'api.field.required' });
    const long = await call(app, 'POST', '/api/admin/announcements', {
      json: { ...announcement('x'.repeat(201)) },
      headers: editor.headers,
    });
    expect(long.json.fields).toMatchObject({ 'translations.en.title': 'api.field.tooLong' });

    const created = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement('Planned maintenance'),
      headers: editor.headers,
    });
    const first = created.json.message as { id: number; version: number };
    expect(first.version).toBe(1);

    // Both loaded version 1; the other editor saves first.
    const theirs = await call(app, 'PUT', `/api/admin/announcements/${first.id}`, {
      json: { ...announcement('Their title'), version: 1 },
      headers: other.headers,
    });
    expect((theirs.json.message as { version: number }).version).toBe(2);
    const mine = await call(app, 'PUT', `/api/admin/announcements/${first.id}`, {
      json: { ...announcement('My title'), version: 1 },
      headers: editor.headers,
    });
    expect(mine.status).toBe(409);
    expect(mine.json).toMatchObject({
      code: 4090,
      message: 'api.admin.staleVersion',
      current: { version: 2, translations: { en: { title: 'Their title' } } },
    });

    const log = await call(app, 'GET', `/api/admin/audit?kind=announcement&staffId=${other.row.id}`, {
      headers: other.headers,
    });
    const entries = (log.json.message as { items: { id: number; action: string; before: unknown; after: unknown }[] })
      .items;
    expect(entries[0]).toMatchObject({
      action: 'update',
      before: { translations: { en: { title: 'Planned maintenance' } } },
      after: { translations: { en: { title: 'Their title' } } },
    });
    // Editors read their own entries only.
    const notMine = await call(app, 'GET', '/api/admin/audit?kind=announcement', { headers: editor.headers });
    const seen = (notMine.json.message as { items: { staff: { id: number } }[] }).items;
    expect(seen.every((e) => e.staff.id === editor.row.id)).toBe(true);

    const reverted = await call(app, 'POST', `/api/admin/audit/${entries[0]?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(reverted.json.message).toMatchObject({ version: 3, translations: { en: { title: 'Planned maintenance' } } });
    const [revertRow] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.revertOf, entries[0]?.id ?? 0));
    expect(revertRow).toMatchObject({ action: 'revert', staffId: editor.row.id });

    // Deleted, then brought back from the log under its old id.
    await call(app, 'DELETE', `/api/admin/announcements/${first.id}?version=3`, { headers: editor.headers });
    expect((await call(app, 'GET', `/api/admin/announcements/${first.id}`, { headers: editor.headers })).status).toBe(
      404,
    );
    const deletion = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(first.id)));
    const deleted = deletion.find((e) => e.action === 'delete');
    const back = await call(app, 'POST', `/api/admin/audit/${deleted?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(back.json.message).toMatchObject({ id: first.id, translations: { en: { title: 'Planned maintenance' } } });
  });

  it('lists them searched by a title in any language, each with its three languages', async () => {
    const editor = await signedInStaff('editor');
    const title = `Searchable ${Date.now().toString(36)}`;
    const made = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement(title),
      headers: editor.headers,
    });
    const { id } = made.json.message as { id: number };
    const found = await call(app, 'GET', `/api/admin/announcements?q=${encodeURIComponent(`${title}（中文）`)}`, {
      headers: editor.headers,
    });
    expect(found.json.message).toMatchObject({ total: 1, page: 1, capped: false });
    expect((found.json.message as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        id,
        category: 'maintenance',
        translations: {
          en: { title, body: `${title} body` },
          zh: { title: `${title}（中文）`, body: '正文' },
          ja: { title: '', body: '' },
        },
      }),
    ]);
  });

  it('tells every instance when a change commits, and not when it fails', async () => {
    const editor = await signedInStaff('editor');
    const listener = new pg.Client({ connectionString: own.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('listen cirrus_changes');
    try {
      await call(app, 'POST', '/api/admin/announcements', {
        json: { ...announcement('Bad'), category: '' },
        headers: editor.headers,
      });
      await call(app, 'POST', '/api/admin/announcements', { json: announcement('Heard'), headers: editor.headers });
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0] ?? '{}')).toMatchObject({ kinds: ['announcements'] });
    } finally {
      await listener.end();
    }
  });
});

describe('undoing from the audit log', () => {
  type Entry = { id: number; action: string; version: number | null; revertedBy: number | null };
  const entriesOf = async (headers: Record<string, string>, kind: string, id: number | string) => {
    const log = await call(app, 'GET', `/api/admin/audit?kind=${kind}&rows=100`, { headers });
    return (log.json.message as { items: (Entry & { entityId: string })[] }).items.filter(
      (e) => e.entityId === String(id),
    );
  };

  it('refuses to undo a change saved over since (409 with the row as it is now), and undoes one once however many try', async () => {
    const editor = await signedInStaff('editor');
    const owner = await signedInStaff('owner');
    const made = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement('Undo once'),
      headers: editor.headers,
    });
    const { id } = made.json.message as { id: number };
    await call(app, 'PUT', `/api/admin/announcements/${id}`, {
      json: { ...announcement('Editor title'), version: 1 },
      headers: editor.headers,
    });
    await call(app, 'PUT', `/api/admin/announcements/${id}`, {
      json: { ...announcement('Owner title'), version: 2 },
      headers: owner.headers,
    });
    const [ownerChange, editorChange, creation] = await entriesOf(owner.headers, 'announcement', id);

    // The editor undoes their own change; the owner's later title would be lost, so nothing changes.
    const stale = await call(app, 'POST', `/api/admin/audit/${editorChange?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      code: 4090,
      message: 'api.admin.revertStale',
      current: { id, version: 3, translations: { en: { title: 'Owner title' } } },
    });
    const undoCreation = await call(app, 'POST', `/api/admin/audit/${creation?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(undoCreation.json).toMatchObject({ message: 'api.admin.revertStale', current: { version: 3 } });
    const kept = await call(app, 'GET', `/api/admin/announcements/${id}`, { headers: editor.headers });
    expect(kept.json.message).toMatchObject({ version: 3, translations: { en: { title: 'Owner title' } } });
    // Each entry names the version it left.
    expect([ownerChange?.version, editorChange?.version, creation?.version]).toEqual([3, 2, 1]);

    // The latest change, undone by two at once: one wins, the other is told it is done.
    const undo = () =>
      call(app, 'POST', `/api/admin/audit/${ownerChange?.id}/revert`, { json: {}, headers: editor.headers });
    const answers = await Promise.all([undo(), undo(), undo()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json).toMatchObject({ code: 4090, message: 'api.admin.alreadyReverted' });
    }
    const after = await call(app, 'GET', `/api/admin/announcements/${id}`, { headers: editor.headers });
    expect(after.json.message).toMatchObject({ version: 4, translations: { en: { title: 'Editor title' } } });
    const [revert, undone] = await entriesOf(owner.headers, 'announcement', id);
    expect(revert).toMatchObject({ action: 'revert', version: 4, revertedBy: null });
    expect(undone).toMatchObject({ id: ownerChange?.id, revertedBy: revert?.id });
    const again = await undo();
    expect(again.json).toMatchObject({ code: 4090, message: 'api.admin.alreadyReverted', revertedBy: revert?.id });

    // The revert is a change like any other: undoing it puts the owner's title back.
    const redo = await call(app, 'POST', `/api/admin/audit/${revert?.id}/revert`, {
      json: {},
      headers: owner.headers,
    });
    expect(redo.json.message).toMatchObject({ version: 5, translations: { en: { title: 'Owner title' } } });
  });

  it('reads a page at a time by cursor, each role its own entries (owners every one), by person, kind and time', async () => {
    const editor = await signedInStaff('editor');
    const owner = await signedInStaff('owner');
    const support = await signedInStaff('support');
    const tag = Date.now().toString(36);
    for (const n of [1, 2, 3]) {
      await call(app, 'POST', '/api/admin/announcements', {
        json: announcement(`Log ${n} ${tag}`),
        headers: editor.headers,
      });
    }
    type LogPage = { items: { id: number; at: string; staff: { id: number } }[]; next: string | null };
    const byEditor = `/api/admin/audit?kind=announcement&staffId=${editor.row.id}&rows=2`;
    const first = (await call(app, 'GET', byEditor, { headers: owner.headers })).json.message as LogPage;
    expect(first.items).toHaveLength(2);
    expect((first.items[0]?.at ?? '') >= (first.items[1]?.at ?? '')).toBe(true);
    const second = (await call(app, 'GET', `${byEditor}&cursor=${first.next}`, { headers: owner.headers })).json
      .message as LogPage;
    expect(second).toMatchObject({ next: null });
    expect(second.items).toHaveLength(1);

    // Someone else's entry is not there for a role that reads its own only, by id or by person.
    const entry = first.items[0]?.id;
    expect((await call(app, 'GET', `/api/admin/audit/${entry}`, { headers: support.headers })).status).toBe(404);
    const read = await call(app, 'GET', `/api/admin/audit/${entry}`, { headers: owner.headers });
    expect(read.json.message).toMatchObject({ id: entry, kind: 'announcement', staff: { id: editor.row.id } });
    const notTheirs = await call(app, 'GET', `/api/admin/audit?staffId=${editor.row.id}`, { headers: support.headers });
    expect(notTheirs.json.message).toMatchObject({ items: [], total: 0 });

    const later = new Date(Date.now() + 60_000).toISOString();
    const none = await call(app, 'GET', `${byEditor}&from=${encodeURIComponent(later)}`, { headers: owner.headers });
    expect(none.json.message).toMatchObject({ items: [], next: null });
    const bad = await call(app, 'GET', '/api/admin/audit?staffId=someone', { headers: owner.headers });
    expect(bad.json).toMatchObject({ code: 4001, fields: { staffId: 'api.field.invalid' } });
  });

  it('refuses to undo a change to a row deleted since, and brings a deleted row back at a new version, once', async () => {
    const editor = await signedInStaff('editor');
    const made = await call(app, 'POST', '/api/admin/history', {
      json: { year: 2025, month: 3, title: { en: 'Undo milestone' }, body: { en: 'First text.' } },
      headers: editor.headers,
    });
    const { id } = made.json.message as { id: number };
    await call(app, 'PUT', `/api/admin/history/${id}`, {
      json: { year: 2025, month: 3, title: { en: 'Undo milestone' }, body: { en: 'Second text.' }, version: 1 },
      headers: editor.headers,
    });
    await call(app, 'DELETE', `/api/admin/history/${id}?version=2`, { headers: editor.headers });
    const [deletion, change, creation] = await entriesOf(editor.headers, 'history', id);
    expect(deletion?.action).toBe('delete');

    const gone = await call(app, 'POST', `/api/admin/audit/${change?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(gone.json).toEqual({ code: 4090, message: 'api.admin.revertStale', current: null });
    expect((await call(app, 'GET', `/api/admin/history/${id}`, { headers: editor.headers })).status).toBe(404);
    expect(deletion?.version).toBeNull();

    const back = await call(app, 'POST', `/api/admin/audit/${deletion?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    // Never a version an earlier state had: the creation (version 1) cannot be mistaken for what is there now.
    expect(back.json.message).toMatchObject({ id, version: 3, body: { en: 'Second text.' } });
    const twice = await call(app, 'POST', `/api/admin/audit/${deletion?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(twice.json).toMatchObject({ message: 'api.admin.alreadyReverted' });
    const creationUndo = await call(app, 'POST', `/api/admin/audit/${creation?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(creationUndo.json).toMatchObject({ message: 'api.admin.revertStale', current: { id, version: 3 } });
    await call(app, 'DELETE', `/api/admin/history/${id}?version=3`, { headers: editor.headers });
  });
});

describe('moderating reviews and finding missing translations', () => {
  it('decides a pending review once, audited, and lists an announcement without its Japanese text', async () => {
    const support = await signedInStaff('support');
    const [review] = await db
      .insert(reviews)
      .values({ authorName: 'Kenji', locale: 'ja', rating: 5, body: 'とても速いサーバーです。' })
      .returning();
    const queue = await call(app, 'GET', '/api/admin/reviews?status=pending&q=Kenji&rows=100', {
      headers: support.headers,
    });
    expect((queue.json.message as { items: { id: number }[] }).items.map((r) => r.id)).toContain(review?.id);
    const approve = await call(app, 'POST', `/api/admin/reviews/${review?.id}/approve`, {
      json: {},
      headers: support.headers,
    });
    expect(approve.json.message).toMatchObject({ id: review?.id, status: 'approved' });
    const approved = await call(app, 'GET', '/api/admin/reviews?status=approved&q=Kenji&rows=100', {
      headers: support.headers,
    });
    expect((approved.json.message as { items: { id: number }[] }).items.map((r) => r.id)).toContain(review?.id);
    const twice = await call(app, 'POST', `/api/admin/reviews/${review?.id}/reject`, {
      json: {},
      headers: support.headers,
    });
    expect(twice.json).toEqual({ code: 4090, message: 'api.admin.alreadyModerated' });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(review?.id)));
    expect(entry).toMatchObject({ kind: 'review', before: { status: 'pending' }, after: { status: 'approved' } });

    const editor = await signedInStaff('editor');
    const made = await call(app, 'POST', '/api/admin/announcements', {
      json: announcement('Untranslated'),
      headers: editor.headers,
    });
    const id = String((made.json.message as { id: number }).id);
    const missing = await call(app, 'GET', '/api/admin/translations/missing?kind=announcement', {
      headers: editor.headers,
    });
    const items = (missing.json.message as { items: { kind: string; id: string; missing: string[] }[] }).items;
    expect(items.find((i) => i.id === id)).toEqual({
      kind: 'announcement',
      id,
      title: 'Untranslated',
      missing: ['ja'],
    });
    const all = await call(app, 'GET', '/api/admin/translations/missing', { headers: editor.headers });
    expect(all.status).toBe(200);
  });
});

describe('editing documentation articles', () => {
  it('previews with the site renderer, refuses unknown placeholders per language, saves with a version, reverts', async () => {
    const editor = await signedInStaff('editor');
    const preview = await call(app, 'POST', '/api/admin/articles/preview', {
      json: { locale: 'ja', body: '## 料金\n\n月額 {{money:500}} から。\n\n{{catalog:terms}}\n\n{{catalog:nope}}' },
      headers: editor.headers,
    });
    const shown = preview.json.message as { html: string; unknownPlaceholders: string[] };
    expect(shown.html).toContain('<h2');
    expect(shown.html).toContain('$5.00');
    expect(shown.html).toContain('<table');
    expect(shown.unknownPlaceholders).toEqual(['{{catalog:nope}}']);

    // Announcements preview with the same renderer; a role that only reads content may preview too.
    const support = await signedInStaff('support');
    const announcement = await call(app, 'POST', '/api/admin/announcements/preview', {
      json: { body: '**Tokyo** <script>alert(1)</script> [x](javascript:alert(1))' },
      headers: support.headers,
    });
    expect(announcement.status).toBe(200);
    const { html } = announcement.json.message as { html: string };
    expect(html).toContain('<strong class="font-semibold text-ink">Tokyo</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
    const tooLong = await call(app, 'POST', '/api/admin/announcements/preview', {
      json: { body: 'x'.repeat(20_001) },
      headers: support.headers,
    });
    expect(tooLong.status).toBe(422);

    const slug = 'vps-pricing';
    const loaded = (await call(app, 'GET', `/api/admin/articles/${slug}`, { headers: editor.headers })).json
      .message as {
      category: string;
      version: number;
      translations: Record<string, { title: string; summary: string; body: string }>;
    };
    const address = { slug, category: loaded.category };
    const typo = await call(app, 'PUT', `/api/admin/articles/${slug}`, {
      json: {
        ...address,
        version: loaded.version,
        translations: { ...loaded.translations, zh: { ...loaded.translations.zh, body: '{{catalog:vps-plan}}' } },
      },
      headers: editor.headers,
    });
    expect(typo.json.fields).toEqual({ 'translations.zh.body': 'api.admin.unknownPlaceholder' });

    const edited = `${loaded.translations.en?.body}\n\nEdited in the back office.`;
    const saved = await call(app, 'PUT', `/api/admin/articles/${slug}`, {
      json: {
        ...address,
        version: loaded.version,
        translations: { ...loaded.translations, en: { ...loaded.translations.en, body: edited } },
      },
      headers: editor.headers,
    });
    expect(saved.json.message).toMatchObject({ version: loaded.version + 1 });
    const stale = await call(app, 'PUT', `/api/admin/articles/${slug}`, {
      json: { ...address, version: loaded.version, translations: loaded.translations },
      headers: editor.headers,
    });
    expect(stale.json).toMatchObject({ code: 4090, current: { version: loaded.version + 1 } });

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, slug))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const reverted = await call(app, 'POST', `/api/admin/audit/${entry?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(reverted.json.message).toMatchObject({
      version: loaded.version + 2,
      translations: { en: { body: loaded.translations.en?.body } },
    });
  });
});

describe('article addresses', () => {
  const texts = (title: string) => ({
    en: { title, summary: `${title} in short`, body: `## ${title}\n\nHow it works.` },
    zh: { title: `${title}（中文）`, summary: '简介', body: '## 说明\n\n正文。' },
    ja: { title: '', summary: '', body: '' },
  });

  it('adds an article, refuses a taken or malformed address at the field, and moves one leaving a redirect', async () => {
    const editor = await signedInStaff('editor');
    const tag = Date.now().toString(36);
    const create = (slug: string) =>
      call(app, 'POST', '/api/admin/articles', {
        json: { slug, category: 'developer', translations: texts(`Guide ${tag}`) },
        headers: editor.headers,
      });
    for (const [slug, key] of [
      ['refund', 'api.admin.slugTaken'],
      ['new', 'api.admin.slugTaken'],
      ['Bad Slug', 'api.admin.slugInvalid'],
      ['trailing-', 'api.admin.slugInvalid'],
    ] as const) {
      const refused = await create(slug);
      expect({ slug, status: refused.status, fields: refused.json.fields }).toEqual({
        slug,
        status: 422,
        fields: { slug: key },
      });
    }

    const first = `guide-${tag}`;
    const made = await create(first);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.message).toMatchObject({ slug: first, category: 'developer', version: 1 });
    expect((await getArticle(db, first, 'zh'))?.title).toBe(`Guide ${tag}（中文）`);

    // Moved: texts follow, the old address redirects, and the editor's own old address can be taken back.
    const second = `${first}-moved`;
    const moved = await call(app, 'PUT', `/api/admin/articles/${first}`, {
      json: { slug: second, category: 'network', translations: texts(`Guide ${tag}`), version: 1 },
      headers: editor.headers,
    });
    expect(moved.json.message).toMatchObject({ slug: second, category: 'network', version: 2 });
    expect(await getArticle(db, first, 'en')).toBeUndefined();
    expect((await getArticle(db, second, 'en'))?.title).toBe(`Guide ${tag}`);
    expect(await findArticleRedirect(db, first)).toBe(second);
    expect((await create(first)).json.fields).toEqual({ slug: 'api.admin.slugTaken' });

    // Another article may not take an address that still leads to this one.
    const other = `other-${tag}`;
    expect((await create(other)).status).toBe(200);
    const stolen = await call(app, 'PUT', `/api/admin/articles/${other}`, {
      json: { slug: first, category: 'developer', translations: texts(`Guide ${tag}`), version: 1 },
      headers: editor.headers,
    });
    expect(stolen.json.fields).toEqual({ slug: 'api.admin.slugTaken' });

    // Undoing the move from the audit log puts the article back at its first address; the second redirects there.
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, second), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const reverted = await call(app, 'POST', `/api/admin/audit/${entry?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(reverted.json.message).toMatchObject({ slug: first, category: 'developer', version: 3 });
    expect(await findArticleRedirect(db, first)).toBeUndefined();
    expect(await findArticleRedirect(db, second)).toBe(first);
  });

  it('never undoes a creation, and finds a moved article through its old address when asked to undo', async () => {
    const editor = await signedInStaff('editor');
    const tag = Date.now().toString(36);
    const slug = `undo-${tag}`;
    const made = await call(app, 'POST', '/api/admin/articles', {
      json: { slug, category: 'product', translations: texts(`Undo ${tag}`) },
      headers: editor.headers,
    });
    expect(made.status).toBe(200);
    const entries = () => db.select().from(auditLog).where(eq(auditLog.kind, 'article')).orderBy(desc(auditLog.id));
    const [creation] = (await entries()).filter((e) => e.entityId === slug && e.action === 'create');
    // Its address may already be linked to: taking it away again is not offered.
    const undoCreation = await call(app, 'POST', `/api/admin/audit/${creation?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(undoCreation.json).toEqual({ code: 4090, message: 'api.admin.notRevertible' });

    const edited = await call(app, 'PUT', `/api/admin/articles/${slug}`, {
      json: { slug, category: 'pricing', translations: texts(`Undo ${tag}`), version: 1 },
      headers: editor.headers,
    });
    expect(edited.json.message).toMatchObject({ slug, category: 'pricing', version: 2 });
    const [change] = (await entries()).filter((e) => e.entityId === slug && e.action === 'update');
    await call(app, 'PUT', `/api/admin/articles/${slug}`, {
      json: { slug: `${slug}-moved`, category: 'pricing', translations: texts(`Undo ${tag}`), version: 2 },
      headers: editor.headers,
    });
    // The change was made at the old address; the article is found where it went, as it is now.
    const stale = await call(app, 'POST', `/api/admin/audit/${change?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      message: 'api.admin.revertStale',
      current: { slug: `${slug}-moved`, category: 'pricing', version: 3 },
    });
  });
});

describe('editing jobs, company history and footer links', () => {
  it('refuses unknown codes and bad links by field, saves with versions, deletes, and brings a row back', async () => {
    const editor = await signedInStaff('editor');
    const job = {
      department: 'engineering',
      location: 'hong-kong',
      employmentType: 'full-time',
      title: { en: 'Site reliability engineer', zh: '站点可靠性工程师', ja: '' },
      summary: { en: 'Keep the fleet running.', zh: '', ja: '' },
      responsibilities: { en: ['Run the on-call rota'] },
      requirements: { en: ['Linux'] },
      postedAt: new Date().toISOString(),
    };
    const unknown = await call(app, 'POST', '/api/admin/jobs', {
      json: { ...job, department: 'astronauts' },
      headers: editor.headers,
    });
    expect(unknown.json.fields).toEqual({ department: 'api.field.invalid' });
    const noTitle = await call(app, 'POST', '/api/admin/jobs', {
      json: { ...job, title: { en: '', zh: 'x' } },
      headers: editor.headers,
    });
    expect(noTitle.json.fields).toMatchObject({ 'title.en': 'api.field.required' });

    const departments = await db.execute<{ code: string }>(sql`select code from job_departments limit 1`);
    const locations = await db.execute<{ code: string }>(sql`select code from job_locations limit 1`);
    const made = await call(app, 'POST', '/api/admin/jobs', {
      json: { ...job, department: departments.rows[0]?.code, location: locations.rows[0]?.code },
      headers: editor.headers,
    });
    const created = made.json.message as { id: number; version: number };
    expect(created.version).toBe(1);
    const stale = await call(app, 'PUT', `/api/admin/jobs/${created.id}`, {
      json: { ...job, department: departments.rows[0]?.code, location: locations.rows[0]?.code, version: 7 },
      headers: editor.headers,
    });
    expect(stale.json).toMatchObject({ code: 4090, current: { id: created.id, version: 1 } });
    expect(
      (await call(app, 'DELETE', `/api/admin/jobs/${created.id}?version=1`, { headers: editor.headers })).status,
    ).toBe(200);
    const [deletion] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'job'), eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'delete')));
    const back = await call(app, 'POST', `/api/admin/audit/${deletion?.id}/revert`, {
      json: {},
      headers: editor.headers,
    });
    expect(back.json.message).toMatchObject({ id: created.id, title: { en: 'Site reliability engineer' } });

    const badLink = await call(app, 'POST', '/api/admin/footer-links', {
      json: { name: { en: 'Status' }, link: 'javascript:alert(1)' },
      headers: editor.headers,
    });
    expect(badLink.json.fields).toEqual({ link: 'api.admin.linkInvalid' });
    const link = await call(app, 'POST', '/api/admin/footer-links', {
      json: { name: { en: 'Status page', zh: '状态', ja: '稼働状況' }, link: 'https://status.example.com', sort: 99 },
      headers: editor.headers,
    });
    expect(link.json.message).toMatchObject({ link: 'https://status.example.com', active: true, version: 1 });
    const milestone = await call(app, 'POST', '/api/admin/history', {
      json: { year: 2026, month: 11, title: { en: 'Back office' }, body: { en: 'Operators edit the site.' } },
      headers: editor.headers,
    });
    expect(milestone.json.message).toMatchObject({ year: 2026, month: 11, version: 1 });
    const support = await signedInStaff('support');
    const refused = await call(app, 'POST', '/api/admin/history', {
      json: { year: 2026, month: 11, title: { en: 'x' }, body: { en: 'y' } },
      headers: support.headers,
    });
    expect(refused.json).toEqual({ code: 4030, message: 'api.admin.forbidden' });
    // Tidy: the public footer and history lists count their seeded rows.
    await call(app, 'DELETE', `/api/admin/footer-links/${(link.json.message as { id: number }).id}?version=1`, {
      headers: editor.headers,
    });
    await call(app, 'DELETE', `/api/admin/history/${(milestone.json.message as { id: number }).id}?version=1`, {
      headers: editor.headers,
    });
    await call(app, 'DELETE', `/api/admin/jobs/${created.id}?version=2`, { headers: editor.headers });
  });
});

describe('a footer link that is not a path on this site (docs/decisions/053-site-paths.md)', () => {
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  let row: { id: number; version: number };
  const body = (link: string) => ({
    name: { en: 'Site path test', zh: '路径测试', ja: 'パスのテスト' },
    link,
    sort: 999,
  });
  beforeAll(async () => {
    editor = await signedInStaff('editor');
    row = (await call(app, 'POST', '/api/admin/footer-links', { json: body('/about'), headers: editor.headers })).json
      .message as typeof row;
  });
  afterAll(async () => {
    await db.delete(footerLinks).where(eq(footerLinks.sort, 999));
  });

  // An https address on another host is what a footer link may hold besides a path: it opens in a new tab.
  const refused = SITE_PATH_CORPUS.refused.filter((e) => !e.webAddress);
  it.each(refused.map((e) => [JSON.stringify(e.value), e] as const))('refuses %s, created or changed', async (_, {
    value,
    why,
  }) => {
    const created = await call(app, 'POST', '/api/admin/footer-links', { json: body(value), headers: editor.headers });
    expect(created.status, why).toBe(422);
    expect(created.json.fields, why).toEqual({ link: 'api.admin.linkInvalid' });
    const changed = await call(app, 'PUT', `/api/admin/footer-links/${row.id}`, {
      json: { ...body(value), version: row.version },
      headers: editor.headers,
    });
    expect(changed.status, why).toBe(422);
    expect(changed.json.fields, why).toEqual({ link: 'api.admin.linkInvalid' });
  });

  it('keeps every path of the corpus that stays on the site, as typed, and says why in every language', async () => {
    for (const { value, why } of SITE_PATH_CORPUS.accepted) {
      const saved = await call(app, 'PUT', `/api/admin/footer-links/${row.id}`, {
        json: { ...body(value), version: row.version },
        headers: editor.headers,
      });
      expect(saved.status, `${why}: ${JSON.stringify(saved.json)}`).toBe(200);
      expect(saved.json.message, why).toMatchObject({ link: value });
      row = saved.json.message as typeof row;
    }
    for (const messages of [en, zh, ja]) {
      expect((messages.api.admin as Record<string, string>).linkInvalid).toMatch(/\/doc\/article\/api/);
    }
  });

  it('leaves a row saved before the check out of the footer', async () => {
    await db.insert(footerLinks).values([
      { name: { en: 'Before the check' }, link: '/.//evil.example', sort: 999, active: true },
      { name: { en: 'Encoded before the check' }, link: '/%2F%2Fevil.example', sort: 999, active: true },
    ]);
    const listed = await call(app, 'GET', '/api/seniorManage/footLink/search?language=en');
    const links = (listed.json.message as { link: string }[]).map((l) => l.link);
    expect(links).not.toContain('/.//evil.example');
    expect(links).not.toContain('/%2F%2Fevil.example');
    expect(links).toContain('/doc/article/api');
  });
});

describe('inviting staff', () => {
  it('mails a setup link in the invited person’s language through the outbox, and refuses a taken address', async () => {
    const owner = await signedInStaff('owner');
    const email = uniqueEmail('invitee');
    const res = await call(app, 'POST', '/api/admin/staff', {
      json: { email, name: '山田 花子', role: 'editor', locale: 'ja' },
      headers: owner.headers,
    });
    expect(res.json.message).toMatchObject({ email, role: 'editor', enrolled: false });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail?.subject).toMatch(/管理画面/);
    expect(mail?.text).toMatch(/\/admin\/setup\?token=[\w-]+/);
    const again = await call(app, 'POST', '/api/admin/staff', {
      json: { email, name: 'Again', role: 'support', locale: 'en' },
      headers: owner.headers,
    });
    expect(again.json).toMatchObject({ code: 4090, fields: { email: 'api.admin.staffExists' } });
  });
});

afterAll(async () => {
  await own?.drop();
});
