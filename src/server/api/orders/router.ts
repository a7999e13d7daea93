import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createOrderRequest, vpsConfig } from '@/lib/catalog/vps-config';
import { findSession, requireSession, SESSION_COOKIE } from '../../auth/sessions';
import { type AppEnv, requestLocale } from '../context';
import { jsonBody } from '../input';
import { liveNumbersChanged } from '../live/cache';
import { quoteVps } from './pricing';
import { createVpsOrder, listHeldCoupons } from './service';

export const ordersRouter = new Hono<AppEnv>();

// POST /api/product/cvm/quote - the live price of a configuration, by the same code that charges it
ordersRouter.post('/product/cvm/quote', async (c) => {
  const db = c.get('db');
  const config = await jsonBody(c, vpsConfig);
  const session = config.userCouponId !== undefined ? await findSession(db, getCookie(c, SESSION_COOKIE)) : undefined;
  const quote = await quoteVps(db, config, { userId: session?.user.id });
  return c.json({
    code: 2000,
    message: {
      currency: quote.currency,
      lines: quote.lines,
      subtotalMinor: quote.subtotalMinor,
      discountMinor: quote.discountMinor,
      totalMinor: quote.totalMinor,
    },
  });
});

// POST /api/home/coupon-server/order/create - create a VPS order pending payment (login required)
ordersRouter.post('/home/coupon-server/order/create', requireSession(), async (c) => {
  const { idempotencyKey, ...config } = await jsonBody(c, createOrderRequest);
  const order = await createVpsOrder(c.get('db'), c.get('user').id, config, idempotencyKey);
  // A sale order took one of the item's stock.
  if (config.saleItemId !== undefined) liveNumbersChanged();
  return c.json({ code: 2000, message: order });
});

// GET /api/home/coupon-server/mine - the signed-in customer's unused coupons, offered by the configurator
ordersRouter.get('/home/coupon-server/mine', requireSession(), async (c) => {
  const held = await listHeldCoupons(c.get('db'), c.get('user').id, requestLocale(c, c.req.query('language')));
  return c.json({ code: 2000, message: held });
});
