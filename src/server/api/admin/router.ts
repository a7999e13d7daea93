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
  footerLinkInput,
  historyInput,
  jobInput,
  listQuery,
  missingTranslationsQuery,
  recoveryCodesRenewal,
  reviewDecision,
  reviewQuery,
  setupInspect,
  staffInvite,
  staffLogin,
  staffSetup,
  staffUpdate,
  version,
  withVersion,
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
import {
  createLocalized,
  deleteLocalized,
  getLocalized,
  LOCALIZED_KINDS,
  type LocalizedKind,
  listJobChoices,
  listLocalized,
  updateLocalized,
} from '../../admin/localized-content';
import { listContactMessages, listReviews, moderateReview } from '../../admin/moderation';
import { recoveryCodesLeft } from '../../admin/recovery-codes';
import { revertAuditEntry } from '../../admin/revert';
import { endStaffSession, requireStaff, startStaffSession } from '../../admin/sessions';
import {
  completeSetup,
  findStaff,
  inspectSetupLink,
  inviteStaff,
  listStaff,
  renewRecoveryCodes,
  STAFF_SORTS,
  staffLogin as signIn,
  updateStaff,
} from '../../admin/staff';
import { listMissingTranslations } from '../../admin/translations';
import { clientIp } from '../../auth/sessions';
import type { AppEnv } from '../context';
import { notFound } from '../errors';
import { jsonBody, noFields, parseWith, queryInput } from '../input';
import { catalogRoutes } from './catalog';
import { dashboardRoutes } from './dashboard';
import { ordersRoutes } from './orders';
import { pricesRoutes } from './prices';
import { promotionRoutes } from './promotions';

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
  const { staffId, recoveryCodes } = await completeSetup(c.get('db'), input);
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
  const codes = await renewRecoveryCodes(c.get('db'), c.get('staff'), totpCode);
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

// ---- jobs, company history, footer links ----------------------------------------------------------------------

/** Each small content table under its path, with the schema of its input. */
function localizedRoutes<S extends z.ZodObject>(path: string, name: LocalizedKind, schema: S) {
  const kind = LOCALIZED_KINDS[name] as unknown as Parameters<typeof createLocalized<z.output<S>>>[2];
  adminRouter.get(`/admin/${path}`, requireStaff('readContent'), async (c) =>
    c.json({ code: 2000, message: await listLocalized(c.get('db'), name) }),
  );
  adminRouter.get(`/admin/${path}/:id`, requireStaff('readContent'), async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    return c.json({ code: 2000, message: await getLocalized(c.get('db'), name, id) });
  });
  adminRouter.post(`/admin/${path}`, requireStaff('editContent'), async (c) => {
    const input = await jsonBody(c, schema);
    return c.json({ code: 2000, message: await createLocalized(c.get('db'), c.get('staff'), kind, input) });
  });
  adminRouter.put(`/admin/${path}/:id`, requireStaff('editContent'), async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    const input = await jsonBody(c, withVersion(schema));
    return c.json({
      code: 2000,
      message: await updateLocalized(c.get('db'), c.get('staff'), kind, id, input as z.output<S> & { version: number }),
    });
  });
  adminRouter.delete(`/admin/${path}/:id`, requireStaff('editContent'), async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    const { version: expected } = queryInput(c, versionQuery);
    await deleteLocalized(c.get('db'), c.get('staff'), name, id, expected);
    return c.json({ code: 2000, message: null });
  });
}

// Before the jobs' `/:id`: the departments and locations the job form offers.
adminRouter.get('/admin/jobs/choices', requireStaff('readContent'), async (c) =>
  c.json({ code: 2000, message: await listJobChoices(c.get('db')) }),
);
adminRouter.route('/', ordersRoutes);

localizedRoutes('jobs', 'job', jobInput);
localizedRoutes('history', 'history', historyInput);
localizedRoutes('footer-links', 'footer', footerLinkInput);

// ---- catalog (docs/product/back-office-catalog.md) --------------------------------------------------------------

adminRouter.route('/', catalogRoutes);
adminRouter.route('/', dashboardRoutes);
adminRouter.route('/', promotionRoutes);
adminRouter.route('/', pricesRoutes);
