import { generate } from 'otplib';
import { expect, it } from 'vitest';
import type { StaffRole } from '../../src/lib/admin/schemas';
import { newTotpSecret } from '../../src/server/admin/totp';
import type { ApiApp } from '../../src/server/api/app';
import { hashPassword } from '../../src/server/auth/password';
import type { Database } from '../../src/server/db/client';
import { staff } from '../../src/server/db/schema';
import { call } from './api';
import { signedInCustomer } from './factories';

/** Back-office people for API tests: set up directly in the database, signed in through the API. */
export const STAFF_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;
let seq = 0;

export function uniqueStaffEmail(role: string): string {
  seq += 1;
  return `${role}${Date.now().toString(36)}${seq}@staff.example.com`;
}

export const totpCode = (secret: string) => generate({ secret });

/** A set-up staff member signed in through the API: the headers their browser sends. */
export async function signedInStaff(app: ApiApp, db: Database, role: StaffRole) {
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const secret = newTotpSecret();
  const email = uniqueStaffEmail(role);
  const [row] = await db
    .insert(staff)
    .values({ email, name: `${role} ${seq}`, role, passwordHash: await passwordHash, totpSecret: secret })
    .returning();
  if (!row) throw new Error('staff insert failed');
  const usedCode = await totpCode(secret);
  const login = await call(app, 'POST', '/api/admin/auth/login', {
    json: { email, password: STAFF_PASSWORD, totpCode: usedCode },
  });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('staff_sid=')) ?? '').split(';')[0] ?? '';
  const csrf = (login.json.message as { csrfToken: string }).csrfToken;
  return { row, secret, usedCode, headers: { cookie, 'x-csrf-token': csrf } };
}

export type Who = StaffRole | 'customer' | 'nobody';
export const EVERYONE: Who[] = ['owner', 'manager', 'editor', 'support', 'customer', 'nobody'];

/** The headers of one signed-in person per role, a signed-in customer, and nobody. */
export async function everyoneSignedIn(app: ApiApp, db: Database): Promise<Record<Who, Record<string, string>>> {
  const [owner, manager, editor, support, customer] = await Promise.all([
    signedInStaff(app, db, 'owner'),
    signedInStaff(app, db, 'manager'),
    signedInStaff(app, db, 'editor'),
    signedInStaff(app, db, 'support'),
    signedInCustomer({}, db),
  ]);
  return {
    owner: owner.headers,
    manager: manager.headers,
    editor: editor.headers,
    support: support.headers,
    customer: customer.headers,
    nobody: {},
  };
}

/** One back-office action, who may do it, and a request that would succeed for them (made afresh per caller). */
export type MatrixAction = {
  name: string;
  allowed: Who[];
  request: () => [string, string, Record<string, unknown>?];
};

/**
 * The role matrix: each action as every role, as a customer and as nobody. Allowed callers get a 2xx; staff
 * without the permission 403 `api.admin.forbidden`; customers and nobody 401 `api.unauthorized`.
 */
export function roleMatrix(
  app: () => ApiApp,
  headers: () => Record<Who, Record<string, string>>,
  actions: MatrixAction[],
): void {
  for (const action of actions) {
    it(`${action.name}: ${action.allowed.join(', ')} only`, async () => {
      for (const who of EVERYONE) {
        const [method, path, json] = action.request();
        const res = await call(app(), method, path, { json, headers: headers()[who] });
        const expected = action.allowed.includes(who)
          ? { status: 200 }
          : who === 'nobody' || who === 'customer'
            ? { status: 401, json: { code: 4010, message: 'api.unauthorized' } }
            : { status: 403, json: { code: 4030, message: 'api.admin.forbidden' } };
        expect({ who, status: res.status }, JSON.stringify(res.json)).toEqual({ who, status: expected.status });
        if (expected.json) expect(res.json).toEqual(expected.json);
      }
    });
  }
}
