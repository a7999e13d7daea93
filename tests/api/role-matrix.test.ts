import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/lib/admin/permissions';
import type { StaffRole } from '../../src/lib/admin/schemas';
import { describedRoutes } from '../../src/server/api/openapi/router';
import { call, testApp, testDb } from '../support/api';
import { EVERYONE, everyoneSignedIn, type Who } from '../support/staff';

// The role matrix made from the routes themselves (docs/product/roles.md): every back-office route names the
// permission its access check uses, in the same declaration as its handler (src/server/api/route.ts), and is
// called here as every role, a customer and nobody. A role without the permission gets 403, a customer and nobody
// 401; a role with it gets past the check (whatever the placeholder input then earns: 404, 409, 422).

const app = testApp();
const db = testDb();

/** The back-office calls anyone may make: signing in and the one-time setup link. */
const OPEN = new Set(['POST /admin/auth/login', 'POST /admin/auth/setup/inspect', 'POST /admin/auth/setup']);
/** Calls that end the caller's own session when allowed: made by people signed in for them alone. */
const ENDS_SESSION = new Set(['POST /admin/auth/logout']);

/** A path with placeholders for its parameters: ids and keys no row has. */
function placeholderPath(path: string): string {
  return `/api${path
    .replace(':id', '2147483647')
    .replace(':kind', 'regions')
    .replace(':source', 'regions')
    .replace(/:[A-Za-z]+/g, 'no-such-thing')}`;
}

const adminRoutes = describedRoutes().filter((r) => r.path.startsWith('/admin/'));
const staffRoutes = adminRoutes.filter((r) => r.auth === 'staff');

describe('the role matrix, from the routes', () => {
  let headers: Record<Who, Record<string, string>>;
  beforeAll(async () => {
    headers = await everyoneSignedIn(app, db);
  });

  it('has no back-office route without a staff permission, but sign-in and setup', () => {
    const open = adminRoutes.filter((r) => r.auth !== 'staff').map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(open.sort()).toEqual([...OPEN].sort());
    expect(staffRoutes.length).toBeGreaterThan(90);
  });

  for (const route of staffRoutes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    const permission = (route.permission ?? 'signedIn') as keyof typeof PERMISSIONS;
    const allowed = PERMISSIONS[permission] as readonly StaffRole[];
    it(`${name}: ${allowed.join(', ')}`, async () => {
      const callers = ENDS_SESSION.has(name) ? await everyoneSignedIn(app, db) : headers;
      for (const who of EVERYONE) {
        const res = await call(app, route.method.toUpperCase(), `${placeholderPath(route.path)}?version=1`, {
          json: route.method === 'get' ? undefined : {},
          headers: callers[who],
        });
        const outcome = { who, status: res.status };
        if (who === 'customer' || who === 'nobody') {
          expect(outcome).toEqual({ who, status: 401 });
        } else if (!allowed.includes(who)) {
          expect(outcome).toEqual({ who, status: 403 });
          expect(res.json).toEqual({ code: 4030, message: 'api.admin.forbidden' });
        } else {
          expect([401, 403, 500]).not.toContain(res.status);
        }
      }
    });
  }
});
