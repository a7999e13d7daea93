import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  announcementInput,
  announcementPreview,
  announcementUpdate,
  articleCreate,
  articlePreview,
  articleUpdate,
  auditQuery,
  contactQuery,
  listQuery,
  missingTranslationsQuery,
  recoveryCodesRenewal,
  reviewDecision,
  reviewQuery,
  setupInspect,
  staffAction,
  staffInvite,
  staffLogin,
  staffSetup,
  staffUpdate,
  version,
} from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import {
  ANNOUNCEMENT_SORTS,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  previewAnnouncement,
  updateAnnouncement,
} from '../../admin/announcements';
import { createArticle, getArticleForEditing, listArticles, previewArticle, updateArticle } from '../../admin/articles';
import { listAudit } from '../../admin/audit';
import { listContactMessages, listReviews, moderateReview } from '../../admin/moderation';
import { recoveryCodesLeft } from '../../admin/recovery-codes';
import { choiceRoutes } from '../../admin/resource/choices';
import { resourceRoutes } from '../../admin/resource/routes';
import { RESOURCES } from '../../admin/resources';
import { revertAuditEntry } from '../../admin/revert';
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
import { listMissingTranslations } from '../../admin/translations';
import { clientIp } from '../../auth/sessions';
import type { AppEnv } from '../context';
import { notFound } from '../errors';
import { jsonBody, noFields, parseWith, queryInput } from '../input';
import { describeRoutes, type TaggedRouteDoc } from '../openapi/describe';
import { apiRouter } from '../route';
import { catalogDocs, catalogRoutes } from './catalog';
import { dashboardRouter } from './dashboard';
import { pricesDocs, pricesRoutes } from './prices';
import { promotionDocs, promotionRoutes } from './promotions';

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

// ---- announcements --------------------------------------------------------------------------------------------

adminRouter.get('/admin/announcements', requireStaff('readContent'), async (c) => {
  const query = queryInput(c, listQuery(ANNOUNCEMENT_SORTS));
  return c.json({ code: 2000, message: await listAnnouncements(c.get('db'), query) });
});

adminRouter.post('/admin/announcements/preview', requireStaff('readContent'), async (c) => {
  const { body } = await jsonBody(c, announcementPreview);
  return c.json({ code: 2000, message: previewAnnouncement(body) });
});

adminRouter.get('/admin/announcements/:id', requireStaff('readContent'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getAnnouncement(c.get('db'), id) });
});

adminRouter.post('/admin/announcements', requireStaff('editContent'), async (c) => {
  const input = await jsonBody(c, announcementInput);
  return c.json({ code: 2000, message: await createAnnouncement(c.get('db'), c.get('staff'), input) });
});

adminRouter.put('/admin/announcements/:id', requireStaff('editContent'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, announcementUpdate);
  return c.json({ code: 2000, message: await updateAnnouncement(c.get('db'), c.get('staff'), id, input) });
});

adminRouter.delete('/admin/announcements/:id', requireStaff('editContent'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { version: expected } = queryInput(c, versionQuery);
  await deleteAnnouncement(c.get('db'), c.get('staff'), id, expected);
  return c.json({ code: 2000, message: null });
});

// ---- audit log ------------------------------------------------------------------------------------------------

adminRouter.get('/admin/audit', requireStaff(), async (c) => {
  const query = queryInput(c, auditQuery);
  return c.json({ code: 2000, message: await listAudit(c.get('db'), c.get('staff'), query) });
});

adminRouter.post('/admin/audit/:id/revert', requireStaff(), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  await jsonBody(c, noFields);
  const restored = await revertAuditEntry(c.get('db'), c.get('staff'), id);
  if (restored === undefined) throw notFound('api.admin.notFound');
  return c.json({ code: 2000, message: restored });
});

// ---- reviews, contact inbox, translations ---------------------------------------------------------------------

adminRouter.get('/admin/reviews', requireStaff('support'), async (c) => {
  const query = queryInput(c, reviewQuery);
  return c.json({ code: 2000, message: await listReviews(c.get('db'), query) });
});

adminRouter.post('/admin/reviews/:id/moderate', requireStaff('support'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { decision } = await jsonBody(c, reviewDecision);
  return c.json({ code: 2000, message: await moderateReview(c.get('db'), c.get('staff'), id, decision) });
});

adminRouter.get('/admin/contact-messages', requireStaff('support'), async (c) => {
  const query = queryInput(c, contactQuery);
  return c.json({ code: 2000, message: await listContactMessages(c.get('db'), query) });
});

adminRouter.get('/admin/translations/missing', requireStaff('readContent'), async (c) => {
  const { kind } = queryInput(c, missingTranslationsQuery);
  return c.json({ code: 2000, message: { items: await listMissingTranslations(c.get('db'), kind) } });
});

// ---- documentation articles -----------------------------------------------------------------------------------

const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, { error: 'api.field.invalid' }) });

adminRouter.get('/admin/articles', requireStaff('readContent'), async (c) => {
  return c.json({ code: 2000, message: await listArticles(c.get('db')) });
});

// A preview writes nothing and shows only what the site would show, so every role that reads content may ask.
adminRouter.post('/admin/articles/preview', requireStaff('readContent'), async (c) => {
  const { locale, body } = await jsonBody(c, articlePreview);
  return c.json({ code: 2000, message: await previewArticle(c.get('db'), locale, body) });
});

adminRouter.post('/admin/articles', requireStaff('editContent'), async (c) => {
  const input = await jsonBody(c, articleCreate);
  return c.json({ code: 2000, message: await createArticle(c.get('db'), c.get('staff'), input) });
});

adminRouter.get('/admin/articles/:slug', requireStaff('readContent'), async (c) => {
  const { slug } = parseWith(slugParam, c.req.param());
  return c.json({ code: 2000, message: await getArticleForEditing(c.get('db'), slug) });
});

adminRouter.put('/admin/articles/:slug', requireStaff('editContent'), async (c) => {
  const { slug } = parseWith(slugParam, c.req.param());
  const input = await jsonBody(c, articleUpdate);
  return c.json({ code: 2000, message: await updateArticle(c.get('db'), c.get('staff'), slug, input) });
});

// ---- resources declared once (src/lib/admin/resources/) --------------------------------------------------------

const resources = apiRouter('Admin');
choiceRoutes(resources);
for (const resource of RESOURCES) resourceRoutes(resources, resource);
adminRouter.route('/', resources.hono);

// ---- catalog (docs/product/back-office-catalog.md) --------------------------------------------------------------

adminRouter.route('/', catalogRoutes);
adminRouter.route('/', dashboardRouter.hono);
adminRouter.route('/', promotionRoutes);
adminRouter.route('/', pricesRoutes);

const staffOnly = { auth: 'staff' } as const;
const manageStaff = { auth: 'staff', permission: 'manageStaff' } as const;
const readContent = { auth: 'staff', permission: 'readContent' } as const;
const editContent = { auth: 'staff', permission: 'editContent' } as const;
const support = { auth: 'staff', permission: 'support' } as const;

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
  ...describeRoutes('Admin: announcements', [
    {
      method: 'get',
      path: '/admin/announcements',
      summary: 'Announcements',
      query: listQuery(ANNOUNCEMENT_SORTS),
      ...readContent,
    },
    {
      method: 'get',
      path: '/admin/announcements/:id',
      summary: 'One announcement with its translations',
      params: idParam,
      errors: [404],
      ...readContent,
    },
    {
      method: 'post',
      path: '/admin/announcements/preview',
      summary: 'An announcement body rendered as the site would show it',
      body: announcementPreview,
      ...readContent,
    },
    {
      method: 'post',
      path: '/admin/announcements',
      summary: 'Create an announcement',
      body: announcementInput,
      ...editContent,
    },
    {
      method: 'put',
      path: '/admin/announcements/:id',
      summary: 'Change an announcement (with the version it was read at)',
      params: idParam,
      body: announcementUpdate,
      errors: [404, 409],
      ...editContent,
    },
    {
      method: 'delete',
      path: '/admin/announcements/:id',
      summary: 'Delete an announcement',
      params: idParam,
      query: versionQuery,
      errors: [404, 409],
      ...editContent,
    },
  ]),
  ...describeRoutes('Admin: audit', [
    {
      method: 'get',
      path: '/admin/audit',
      summary: 'The audit log (what the role may see of it)',
      query: auditQuery,
      ...staffOnly,
    },
    {
      method: 'post',
      path: '/admin/audit/:id/revert',
      summary: 'Put back what an audited change replaced',
      description:
        'Only while the row is still at the version the change left (409 `api.admin.revertStale` with `current`) and once (409 `api.admin.alreadyReverted` with `revertedBy`).',
      params: idParam,
      body: noFields,
      errors: [404, 409],
      ...staffOnly,
    },
  ]),
  ...describeRoutes('Admin: moderation', [
    { method: 'get', path: '/admin/reviews', summary: 'Reviews by state', query: reviewQuery, ...support },
    {
      method: 'post',
      path: '/admin/reviews/:id/moderate',
      summary: 'Approve or reject a review',
      params: idParam,
      body: reviewDecision,
      errors: [404, 409],
      ...support,
    },
    {
      method: 'get',
      path: '/admin/contact-messages',
      summary: 'Messages of the contact form',
      query: contactQuery,
      ...support,
    },
    {
      method: 'get',
      path: '/admin/translations/missing',
      summary: 'Content missing a translation',
      query: missingTranslationsQuery,
      ...readContent,
    },
  ]),
  ...describeRoutes('Admin: articles', [
    { method: 'get', path: '/admin/articles', summary: 'Documentation articles', ...readContent },
    {
      method: 'post',
      path: '/admin/articles/preview',
      summary: 'An article body rendered as the site would show it',
      body: articlePreview,
      ...readContent,
    },
    {
      method: 'post',
      path: '/admin/articles',
      summary: 'Create an article',
      body: articleCreate,
      errors: [409],
      ...editContent,
    },
    {
      method: 'get',
      path: '/admin/articles/:slug',
      summary: 'One article with its translations',
      params: slugParam,
      errors: [404],
      ...readContent,
    },
    {
      method: 'put',
      path: '/admin/articles/:slug',
      summary: 'Change an article (with the version it was read at)',
      params: slugParam,
      body: articleUpdate,
      errors: [404, 409],
      ...editContent,
    },
  ]),
  ...resources.docs,
  ...catalogDocs,
  ...dashboardRouter.docs,
  ...promotionDocs,
  ...pricesDocs,
];
