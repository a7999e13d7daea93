import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { CURRENCY_CODES } from '@/lib/currency';
import { recordId, wholeNumber } from '@/lib/validation/numbers';
import { findSession, requireSession, SESSION_COOKIE } from '../../auth/sessions';
import { type AppEnv, requestLocale } from '../context';
import { notFound } from '../errors';
import { jsonBody } from '../input';
import { liveNumbersChanged } from '../live/cache';
import { describeRoutes } from '../openapi/describe';
import { countJoinableGroups, findGroup, findOffer, listJoinableGroups, listRunningOffers } from './queries';
import { joinGroup, openGroup, viewerOf } from './service';

export const pintuanRouter = new Hono<AppEnv>();

const positiveId = recordId;
const language = z.string().max(16).optional();

const offersSearch = z.object({ language });
const offerById = z.object({ id: positiveId, language });
const joinableSearch = z.object({
  offerId: positiveId.optional(),
  page: wholeNumber({ min: 1, max: 1000 }).default(1),
  rows: wholeNumber({ min: 1, max: 50 }).default(10),
});
const joinableCount = z.object({ offerId: positiveId.optional() });
const groupById = z.object({ groupId: positiveId });
const seat = {
  imageId: z.string().trim().min(1, 'api.field.required').max(60, 'api.field.invalid'),
  currency: z.enum(CURRENCY_CODES, { message: 'api.field.invalid' }),
  idempotencyKey: z.string().trim().min(8, 'api.field.invalid').max(100, 'api.field.invalid'),
};
const openRequest = z.object({ offerId: positiveId, ...seat });
const joinRequest = z.object({ groupId: positiveId, ...seat });

// POST /api/activity/pintuan/cvm/search - running group-buy offers (docs/product/api.md#group-buy)
pintuanRouter.post('/activity/pintuan/cvm/search', async (c) => {
  const input = await jsonBody(c, offersSearch);
  return c.json({ code: 2000, message: await listRunningOffers(c.get('db'), requestLocale(c, input.language)) });
});

// POST /api/activity/pintuan/cvm/search/buyID - one offer, for a group's share page (docs/product/api.md#group-buy)
pintuanRouter.post('/activity/pintuan/cvm/search/buyID', async (c) => {
  const input = await jsonBody(c, offerById);
  const offer = await findOffer(c.get('db'), input.id, requestLocale(c, input.language));
  if (!offer) throw notFound('api.pintuan.offerNotFound');
  return c.json({ code: 2000, message: offer });
});

// POST /api/activity/pintuan/getCanJoin - open groups with a seat left, soonest end first (docs/product/api.md#group-buy)
pintuanRouter.post('/activity/pintuan/getCanJoin', async (c) => {
  const input = await jsonBody(c, joinableSearch);
  return c.json({ code: 2000, message: await listJoinableGroups(c.get('db'), input) });
});

// POST /api/activity/pintuan/getCanJoinCount - how many groups can be joined (docs/product/api.md#group-buy)
pintuanRouter.post('/activity/pintuan/getCanJoinCount', async (c) => {
  const input = await jsonBody(c, joinableCount);
  return c.json({ code: 2000, message: await countJoinableGroups(c.get('db'), input.offerId) });
});

// POST /api/activity/pintuan/getCanJoinByGroupId - a group, its masked members and, for a signed-in visitor,
// whether they may join (docs/product/api.md#group-buy). Public: the share link is meant to be opened by anyone.
pintuanRouter.post('/activity/pintuan/getCanJoinByGroupId', async (c) => {
  const { groupId } = await jsonBody(c, groupById);
  const db = c.get('db');
  const group = await findGroup(db, groupId);
  if (!group) throw notFound('api.pintuan.groupNotFound');
  const session = await findSession(db, getCookie(c, SESSION_COOKIE));
  return c.json({ code: 2000, message: { group, viewer: await viewerOf(db, groupId, session?.user.id) } });
});

// POST /api/activity/create - open a group as its leader, with an order at the group price (docs/product/api.md#group-buy)
pintuanRouter.post('/activity/create', requireSession(), async (c) => {
  const { offerId, ...request } = await jsonBody(c, openRequest);
  const opened = await openGroup(c.get('db'), c.get('user').id, offerId, request);
  liveNumbersChanged();
  return c.json({ code: 2000, message: opened });
});

// POST /api/activity/pintuan/join - join a group with an order at the group price. The original product had no such call (docs/product/api.md#group-buy); it lists
// no join call; named like the calls beside it (see service.ts joinGroup).
pintuanRouter.post('/activity/pintuan/join', requireSession(), async (c) => {
  const { groupId, ...request } = await jsonBody(c, joinRequest);
  const joined = await joinGroup(c.get('db'), c.get('user').id, groupId, request);
  liveNumbersChanged();
  return c.json({ code: 2000, message: joined });
});

export const pintuanDocs = describeRoutes('Group buy', [
  { method: 'post', path: '/activity/pintuan/cvm/search', summary: 'Running group-buy offers', body: offersSearch },
  {
    method: 'post',
    path: '/activity/pintuan/cvm/search/buyID',
    summary: "One offer, for a group's share page",
    body: offerById,
    errors: [404],
  },
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoin',
    summary: 'Open groups with a seat left, soonest end first',
    body: joinableSearch,
  },
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoinCount',
    summary: 'How many groups can be joined',
    body: joinableCount,
  },
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoinByGroupId',
    summary: 'A group, its masked members and whether the signed-in visitor may join',
    auth: 'customerOptional',
    body: groupById,
    errors: [404],
  },
  {
    method: 'post',
    path: '/activity/create',
    summary: 'Open a group as its leader, with an order at the group price',
    auth: 'customer',
    body: openRequest,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/activity/pintuan/join',
    summary: 'Join a group with an order at the group price',
    auth: 'customer',
    body: joinRequest,
    errors: [404, 409],
  },
]);
