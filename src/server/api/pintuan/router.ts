import 'server-only';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { billingFields } from '@/lib/billing/profile';
import { CURRENCY_CODES } from '@/lib/currency';
import { recordId, wholeNumber } from '@/lib/validation/numbers';
import { findSession, SESSION_COOKIE } from '../../auth/sessions';
import { requestLocale } from '../context';
import { notFound } from '../errors';
import { liveNumbersChanged } from '../live/cache';
import { apiRouter } from '../route';
import {
  countJoinableGroups,
  findGroup,
  findOffer,
  joinableGroupAnswer,
  listJoinableGroups,
  listRunningOffers,
  pintuanGroupAnswer,
  pintuanOfferAnswer,
} from './queries';
import { joinGroup, openGroup, seatAnswer, viewerAnswer, viewerOf } from './service';

/** Group buys (docs/product/api.md#group-buy). */
export const pintuanRouter = apiRouter('Group buy');

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
  // Who is billed, as at the checkout (docs/decisions/066-tax.md): without a country, the account's profile; without
  // either, 422 at billingCountry, which the group-buy pages show as a field.
  ...billingFields,
};
const openRequest = z.object({ offerId: positiveId, ...seat });
const joinRequest = z.object({ groupId: positiveId, ...seat });

pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/cvm/search',
    summary: 'Running group-buy offers',
    body: offersSearch,
    response: z.array(pintuanOfferAnswer),
  },
  (c, { body }) => listRunningOffers(c.get('db'), requestLocale(c, body.language)),
);

pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/cvm/search/buyID',
    summary: "One offer, for a group's share page",
    body: offerById,
    response: pintuanOfferAnswer,
    errors: [404],
  },
  async (c, { body }) => {
    const offer = await findOffer(c.get('db'), body.id, requestLocale(c, body.language));
    if (!offer) throw notFound('api.pintuan.offerNotFound');
    return offer;
  },
);

pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoin',
    summary: 'Open groups with a seat left, soonest end first',
    body: joinableSearch,
    response: z.array(joinableGroupAnswer),
  },
  (c, { body }) => listJoinableGroups(c.get('db'), body),
);

pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoinCount',
    summary: 'How many groups can be joined',
    body: joinableCount,
    response: z.number().int(),
  },
  (c, { body }) => countJoinableGroups(c.get('db'), body.offerId),
);

// Public: the share link is meant to be opened by anyone.
pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/getCanJoinByGroupId',
    summary: 'A group, its masked members and whether the signed-in visitor may join',
    auth: 'customerOptional',
    body: groupById,
    response: z.object({ group: pintuanGroupAnswer, viewer: viewerAnswer }),
    errors: [404],
  },
  async (c, { body: { groupId } }) => {
    const db = c.get('db');
    const group = await findGroup(db, groupId);
    if (!group) throw notFound('api.pintuan.groupNotFound');
    const session = await findSession(db, getCookie(c, SESSION_COOKIE));
    return { group, viewer: await viewerOf(db, groupId, session?.user.id) };
  },
);

pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/create',
    summary: 'Open a group as its leader, with an order at the group price',
    auth: 'customer',
    body: openRequest,
    response: seatAnswer,
    errors: [404, 409],
  },
  async (c, { body: { offerId, ...request } }) => {
    const opened = await openGroup(c.get('db'), c.get('user').id, offerId, request);
    liveNumbersChanged();
    return opened;
  },
);

// The original product had no join call (docs/product/api.md#group-buy): named like the calls beside it (see
// service.ts joinGroup).
pintuanRouter.route(
  {
    method: 'post',
    path: '/activity/pintuan/join',
    summary: 'Join a group with an order at the group price',
    auth: 'customer',
    body: joinRequest,
    response: seatAnswer,
    errors: [404, 409],
  },
  async (c, { body: { groupId, ...request } }) => {
    const joined = await joinGroup(c.get('db'), c.get('user').id, groupId, request);
    liveNumbersChanged();
    return joined;
  },
);
