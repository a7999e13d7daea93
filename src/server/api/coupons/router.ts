import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { recordId } from '@/lib/validation/numbers';
import { findSession, requireSession, SESSION_COOKIE } from '../../auth/sessions';
import { type AppEnv, requestLocale } from '../context';
import { jsonBody } from '../input';
import { liveNumbersChanged } from '../live/cache';
import { describeRoutes } from '../openapi/describe';
import { claimCoupon, listCentreCoupons } from './queries';

export const couponSearchInput = z.object({
  language: z.string().max(16).optional().describe('en, zh or ja (en-US, zh-CN, ja-JP accepted)'),
  product: z.string().min(1).max(64).optional().describe('a product line id, or "domain"'),
});

export const couponReceiveInput = z.object({
  couponId: recordId.describe('a coupon id from /api/ac/coupon/search'),
});

export const couponsRouter = new Hono<AppEnv>();

// POST /api/ac/coupon/search - the coupon centre's list, with how many of each the signed-in visitor holds
couponsRouter.post('/ac/coupon/search', async (c) => {
  const db = c.get('db');
  const input = await jsonBody(c, couponSearchInput);
  // A read: the session is optional and no CSRF token is needed.
  const session = await findSession(db, getCookie(c, SESSION_COOKIE));
  const list = await listCentreCoupons(db, requestLocale(c, input.language), {
    product: input.product,
    userId: session?.user.id,
  });
  return c.json({ code: 2000, message: list });
});

// POST /api/ac/coupon/receive - claim one coupon for the signed-in user
couponsRouter.post('/ac/coupon/receive', requireSession(), async (c) => {
  const { couponId } = await jsonBody(c, couponReceiveInput);
  const claimed = await claimCoupon(c.get('db'), c.get('user').id, couponId);
  liveNumbersChanged();
  return c.json({ code: 2000, message: claimed });
});

export const couponDocs = describeRoutes('Coupons', [
  {
    method: 'post',
    path: '/ac/coupon/search',
    summary: "The coupon centre's list, with how many of each the signed-in visitor holds",
    auth: 'customerOptional',
    body: couponSearchInput,
  },
  {
    method: 'post',
    path: '/ac/coupon/receive',
    summary: 'Claim one coupon',
    auth: 'customer',
    body: couponReceiveInput,
    errors: [404, 409],
  },
]);
