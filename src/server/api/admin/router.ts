import 'server-only';
import { z } from 'zod';
import {
  currentSession,
  recoveryCodesRenewal,
  renewedCodes,
  setUp,
  setupInspect,
  setupOffer,
  signedIn,
  staffLogin,
  staffSetup,
} from '@/lib/admin/session-schemas';
import { recoveryCodesLeft } from '../../admin/recovery-codes';
import { choiceRoutes } from '../../admin/resource/choices';
import { resourceRoutes } from '../../admin/resource/routes';
import { RESOURCES } from '../../admin/resources';
import { endStaffSession, startStaffSession } from '../../admin/sessions';
import {
  completeSetup,
  findStaff,
  inspectSetupLink,
  renewRecoveryCodes,
  staffLogin as signIn,
} from '../../admin/staff';
import { clientIp } from '../../auth/sessions';
import { noFields } from '../input';
import { apiRouter } from '../route';
import { contentRoutes } from './content';
import { dashboardRouter } from './dashboard';
import { financeRouter } from './finance';
import { pricesRouter } from './prices';

/**
 * The back office's API (docs/product/back-office-api.md). Every route but sign-in and the setup link names the
 * permission it needs; the route's access check enforces it on the server, with the session and its CSRF token.
 */

// ---- sessions: the only back-office calls made without one are signing in and the setup link ------------------

const signedInOnly = { auth: 'staff', permission: 'signedIn' } as const;

const sessions = apiRouter('Admin: sessions')
  .route(
    {
      method: 'post',
      path: '/admin/auth/setup/inspect',
      summary: 'Whether a setup link is valid, and for whom',
      body: setupInspect,
      response: setupOffer,
      errors: [404],
    },
    (c, { body }) => inspectSetupLink(c.get('db'), body.token),
  )
  .route(
    {
      method: 'post',
      path: '/admin/auth/setup',
      summary: 'Set a password and an authenticator from a setup link; signs in and answers recovery codes',
      body: staffSetup,
      response: setUp,
      errors: [401, 404, 409, 429],
    },
    async (c, { body }) => {
      const { staffId, recoveryCodes } = await completeSetup(c.get('db'), body, clientIp(c));
      const csrfToken = await startStaffSession(c, staffId);
      return { staff: await findStaff(c.get('db'), staffId), csrfToken, recoveryCodes };
    },
  )
  .route(
    {
      method: 'post',
      path: '/admin/auth/login',
      summary: 'Staff sign-in with password and one-time code: sets the staff cookie, answers the CSRF token',
      body: staffLogin,
      response: signedIn,
      errors: [401, 429],
    },
    async (c, { body }) => {
      const staffId = await signIn(c.get('db'), body, clientIp(c));
      const csrfToken = await startStaffSession(c, staffId);
      return { staff: await findStaff(c.get('db'), staffId), csrfToken };
    },
  )
  .route(
    {
      method: 'post',
      path: '/admin/auth/logout',
      summary: 'End the staff session',
      body: noFields,
      response: z.null(),
      ...signedInOnly,
    },
    async (c) => {
      await endStaffSession(c);
      return null;
    },
  )
  .route(
    {
      method: 'get',
      path: '/admin/auth/me',
      summary: 'The signed-in staff member, their CSRF token and how many recovery codes they have left',
      response: currentSession,
      ...signedInOnly,
    },
    async (c) => {
      const { id } = c.get('staff');
      const [staff, left] = await Promise.all([findStaff(c.get('db'), id), recoveryCodesLeft(c.get('db'), id)]);
      return { staff, csrfToken: c.get('csrfToken'), recoveryCodesLeft: left };
    },
  )
  .route(
    {
      method: 'post',
      path: '/admin/auth/recovery-codes',
      summary: 'New recovery codes (the old ones stop working); guessing past the login limits ends the session',
      body: recoveryCodesRenewal,
      response: renewedCodes,
      errors: [401, 422, 429],
      ...signedInOnly,
    },
    async (c, { body }) => ({
      recoveryCodes: await renewRecoveryCodes(c.get('db'), c.get('staff'), body.totpCode, {
        ip: clientIp(c),
        sessionId: c.get('staffSessionId'),
      }),
    }),
  );

// ---- resources declared once (src/lib/admin/resources/), staff among them ---------------------------------------

const resources = apiRouter('Admin');
choiceRoutes(resources);
contentRoutes(resources);
for (const resource of RESOURCES) resourceRoutes(resources, resource);

export const adminRouter = apiRouter('Admin').include(sessions).include(resources);
adminRouter.include(dashboardRouter);
adminRouter.include(financeRouter);
adminRouter.include(pricesRouter);
