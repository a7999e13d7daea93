import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  listQuery,
  recoveryCodesRenewal,
  setupInspect,
  staffAction,
  staffInvite,
  staffLogin,
  staffSetup,
  staffUpdate,
  version,
} from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import { recoveryCodesLeft } from '../../admin/recovery-codes';
import { choiceRoutes } from '../../admin/resource/choices';
import { resourceRoutes } from '../../admin/resource/routes';
import { RESOURCES } from '../../admin/resources';
import { endStaffSession, requireStaff, startStaffSession } from '../../admin/sessions';
import {
  completeSetup,
  findStaff,
  inspectSetupLink,
  inviteStaff,
  listStaff,
  removeStaff,
  renewRecoveryCodes,
  resendInvitation,
  resetSecondFactor,
  STAFF_SORTS,
  staffLogin as signIn,
  updateStaff,
} from '../../admin/staff';
import { clientIp } from '../../auth/sessions';
import type { AppEnv } from '../context';
import { jsonBody, noFields, parseWith, queryInput } from '../input';
import { describeRoutes, type TaggedRouteDoc } from '../openapi/describe';
import { apiRouter } from '../route';
import { contentRoutes } from './content';
import { dashboardRouter } from './dashboard';
import { pricesDocs, pricesRoutes } from './prices';

/**
 * The back office's API (docs/product/back-office-api.md). Every route but sign-in and the setup link names the
 * permission it needs; requireStaff checks it on the server, with the session and its CSRF token.
 */
export const adminRouter = new Hono<AppEnv>();

const idParam = z.object({ id: recordId });
const versionQuery = z.object({ version });

// ---- sessions -------------------------------------------------------------------------------------------------

adminRouter.post('/admin/auth/setup/inspect', async (c) => {
  const { token } = await jsonBody(c, setupInspect);
  return c.json({ code: 2000, message: await inspectSetupLink(c.get('db'), token) });
});

adminRouter.post('/admin/auth/setup', async (c) => {
  const input = await jsonBody(c, staffSetup);
  const { staffId, recoveryCodes } = await completeSetup(c.get('db'), input, clientIp(c));
  const csrfToken = await startStaffSession(c, staffId);
  return c.json({
    code: 2000,
    message: { staff: await findStaff(c.get('db'), staffId), csrfToken, recoveryCodes },
  });
});

adminRouter.post('/admin/auth/login', async (c) => {
  const input = await jsonBody(c, staffLogin);
  const staffId = await signIn(c.get('db'), input, clientIp(c));
  const csrfToken = await startStaffSession(c, staffId);
  return c.json({ code: 2000, message: { staff: await findStaff(c.get('db'), staffId), csrfToken } });
});

adminRouter.post('/admin/auth/logout', requireStaff(), async (c) => {
  await jsonBody(c, noFields);
  await endStaffSession(c);
  return c.json({ code: 2000, message: null });
});

adminRouter.get('/admin/auth/me', requireStaff(), async (c) => {
  const { id } = c.get('staff');
  const [person, codesLeft] = await Promise.all([findStaff(c.get('db'), id), recoveryCodesLeft(c.get('db'), id)]);
  return c.json({
    code: 2000,
    message: { staff: person, csrfToken: c.get('csrfToken'), recoveryCodesLeft: codesLeft },
  });
});

adminRouter.post('/admin/auth/recovery-codes', requireStaff(), async (c) => {
  const { totpCode } = await jsonBody(c, recoveryCodesRenewal);
  const codes = await renewRecoveryCodes(c.get('db'), c.get('staff'), totpCode, {
    ip: clientIp(c),
    sessionId: c.get('staffSessionId'),
  });
  return c.json({ code: 2000, message: { recoveryCodes: codes } });
});

// ---- staff ----------------------------------------------------------------------------------------------------

adminRouter.get('/admin/staff', requireStaff('manageStaff'), async (c) => {
  const query = queryInput(c, listQuery(STAFF_SORTS));
  return c.json({ code: 2000, message: await listStaff(c.get('db'), query) });
});

adminRouter.post('/admin/staff/invite', requireStaff('manageStaff'), async (c) => {
  const input = await jsonBody(c, staffInvite);
  return c.json({ code: 2000, message: await inviteStaff(c.get('db'), c.get('staff'), input) });
});

adminRouter.put('/admin/staff/:id', requireStaff('manageStaff'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, staffUpdate);
  return c.json({ code: 2000, message: await updateStaff(c.get('db'), c.get('staff'), id, input) });
});

// POST /api/admin/staff/:id/resend-invitation - a new setup link for someone not set up; the earlier ones void
adminRouter.post('/admin/staff/:id/resend-invitation', requireStaff('manageStaff'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { version } = await jsonBody(c, staffAction);
  return c.json({ code: 2000, message: await resendInvitation(c.get('db'), c.get('staff'), id, version) });
});

// POST /api/admin/staff/:id/reset-second-factor - take password and factor away, end sessions, mail a setup link
adminRouter.post('/admin/staff/:id/reset-second-factor', requireStaff('manageStaff'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { version } = await jsonBody(c, staffAction);
  return c.json({ code: 2000, message: await resetSecondFactor(c.get('db'), c.get('staff'), id, version) });
});

// DELETE /api/admin/staff/:id - remove a person; their row stays for the audit log
adminRouter.delete('/admin/staff/:id', requireStaff('manageStaff'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { version: expected } = queryInput(c, versionQuery);
  await removeStaff(c.get('db'), c.get('staff'), id, expected);
  return c.json({ code: 2000, message: null });
});

// ---- resources declared once (src/lib/admin/resources/) --------------------------------------------------------

const resources = apiRouter('Admin');
choiceRoutes(resources);
contentRoutes(resources);
for (const resource of RESOURCES) resourceRoutes(resources, resource);
adminRouter.route('/', resources.hono);

adminRouter.route('/', dashboardRouter.hono);
adminRouter.route('/', pricesRoutes);

const staffOnly = { auth: 'staff' } as const;
const manageStaff = { auth: 'staff', permission: 'manageStaff' } as const;

/** Every back-office route's description (docs/product/back-office-api.md). */
export const adminDocs: TaggedRouteDoc[] = [
  ...describeRoutes('Admin: sessions', [
    {
      method: 'post',
      path: '/admin/auth/setup/inspect',
      summary: 'Whether a setup link is valid, and for whom',
      body: setupInspect,
      errors: [404],
    },
    {
      method: 'post',
      path: '/admin/auth/setup',
      summary: 'Set a password and an authenticator from a setup link; signs in and answers recovery codes',
      body: staffSetup,
      errors: [401, 404, 409, 429],
    },
    {
      method: 'post',
      path: '/admin/auth/login',
      summary: 'Staff sign-in with password and one-time code: sets the staff cookie, answers the CSRF token',
      body: staffLogin,
      errors: [401, 429],
    },
    { method: 'post', path: '/admin/auth/logout', summary: 'End the staff session', body: noFields, ...staffOnly },
    { method: 'get', path: '/admin/auth/me', summary: 'The signed-in staff member and their CSRF token', ...staffOnly },
    {
      method: 'post',
      path: '/admin/auth/recovery-codes',
      summary: 'New recovery codes (the old ones stop working); guessing past the login limits ends the session',
      body: recoveryCodesRenewal,
      errors: [401, 422, 429],
      ...staffOnly,
    },
  ]),
  ...describeRoutes('Admin: staff', [
    { method: 'get', path: '/admin/staff', summary: 'Staff members', query: listQuery(STAFF_SORTS), ...manageStaff },
    {
      method: 'post',
      path: '/admin/staff/invite',
      summary: 'Invite a staff member (a setup link by mail)',
      body: staffInvite,
      errors: [409],
      ...manageStaff,
    },
    {
      method: 'put',
      path: '/admin/staff/:id',
      summary: "Change a staff member's role or status",
      params: idParam,
      body: staffUpdate,
      errors: [404, 409],
      ...manageStaff,
    },
    {
      method: 'post',
      path: '/admin/staff/:id/resend-invitation',
      summary: 'Send someone not yet set up a new setup link (the earlier ones stop working)',
      params: idParam,
      body: staffAction,
      errors: [404, 409],
      ...manageStaff,
    },
    {
      method: 'post',
      path: '/admin/staff/:id/reset-second-factor',
      summary: "Reset a staff member's password and second factor: sessions end, a new setup link is mailed",
      params: idParam,
      body: staffAction,
      errors: [404, 409],
      ...manageStaff,
    },
    {
      method: 'delete',
      path: '/admin/staff/:id',
      summary: 'Remove a staff member (their audit entries keep their name)',
      params: idParam,
      query: versionQuery,
      errors: [404, 409],
      ...manageStaff,
    },
  ]),
  ...resources.docs,
  ...dashboardRouter.docs,
  ...pricesDocs,
];
