import 'server-only';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { centreCouponAnswer, claimedCouponAnswer } from '@/lib/coupons';
import { recordId } from '@/lib/validation/numbers';
import { findSession, SESSION_COOKIE } from '../../auth/sessions';
import { requestLocale } from '../context';
import { liveNumbersChanged } from '../live/cache';
import { apiRouter } from '../route';
import { claimCoupon, listCentreCoupons } from './queries';

export const couponSearchInput = z.object({
  language: z.string().max(16).optional().describe('en, zh or ja (en-US, zh-CN, ja-JP accepted)'),
  product: z.string().min(1).max(64).optional().describe('a product line id, or "domain"'),
});

export const couponReceiveInput = z.object({
  couponId: recordId.describe('a coupon id from /api/ac/coupon/search'),
});

export const couponsRouter = apiRouter('Coupons');

couponsRouter.route(
  {
    method: 'post',
    path: '/ac/coupon/search',
    summary: "The coupon centre's list, with how many of each the signed-in visitor holds",
    auth: 'customerOptional',
    body: couponSearchInput,
    response: z.array(centreCouponAnswer),
  },
  async (c, { body }) => {
    const db = c.get('db');
    // A read: the session is optional and no CSRF token is needed.
    const session = await findSession(db, getCookie(c, SESSION_COOKIE));
    return listCentreCoupons(db, requestLocale(c, body.language), { product: body.product, userId: session?.user.id });
  },
);

couponsRouter.route(
  {
    method: 'post',
    path: '/ac/coupon/receive',
    summary: 'Claim one coupon',
    auth: 'customer',
    body: couponReceiveInput,
    response: claimedCouponAnswer,
    errors: [404, 409],
  },
  async (c, { body }) => {
    const claimed = await claimCoupon(c.get('db'), c.get('user').id, body.couponId);
    liveNumbersChanged();
    return claimed;
  },
);
