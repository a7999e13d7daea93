import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { createOrderRequest, vpsConfig } from '@/lib/catalog/vps-config';
import { orderNumberRequest, orderSearchRequest } from '@/lib/validation/order-forms';
import { findSession, requireSession, SESSION_COOKIE } from '../../auth/sessions';
import { type AppEnv, requestLocale } from '../context';
import { jsonBody, queryInput } from '../input';
import { liveNumbersChanged } from '../live/cache';
import { describeRoutes } from '../openapi/describe';
import { cancelCustomerOrder, getCustomerOrder, listCustomerOrders } from './customer-orders';
import { receiveNotification } from './payment-notify';
import { quoteVps } from './pricing';
import { createVpsOrder, listHeldCoupons } from './service';

export const ordersRouter = new Hono<AppEnv>();

const heldCouponsQuery = z.object({ language: z.string().optional() });

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
      billing: quote.billing,
      hourly: quote.hourly,
      termPercentOff: quote.termPercentOff,
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
  const held = await listHeldCoupons(
    c.get('db'),
    c.get('user').id,
    requestLocale(c, queryInput(c, heldCouponsQuery).language),
  );
  return c.json({ code: 2000, message: held });
});

// POST /api/finance/order-server/order/search - the signed-in customer's orders, newest first, paginated
ordersRouter.post('/finance/order-server/order/search', requireSession(), async (c) => {
  const query = await jsonBody(c, orderSearchRequest);
  return c.json({ code: 2000, message: await listCustomerOrders(c.get('db'), c.get('user').id, query) });
});

// POST /api/finance/order-server/order/get - one of the customer's orders with its lines and history
ordersRouter.post('/finance/order-server/order/get', requireSession(), async (c) => {
  const { number } = await jsonBody(c, orderNumberRequest);
  return c.json({ code: 2000, message: await getCustomerOrder(c.get('db'), c.get('user').id, number) });
});

// POST /api/finance/order-server/order/cancel - cancel an unpaid order; what it held is given back
ordersRouter.post('/finance/order-server/order/cancel', requireSession(), async (c) => {
  const { number } = await jsonBody(c, orderNumberRequest);
  const cancelled = await cancelCustomerOrder(c.get('db'), c.get('user').id, number);
  // It may have given back sale stock or a group seat.
  liveNumbersChanged();
  return c.json({ code: 2000, message: cancelled });
});

// POST /api/finance/order-server/pay/notify - the customer centre reports a payment, provisioning or refund
// (signed with PAYMENT_WEBHOOK_SECRET over the raw body; docs/decisions/037-order-lifecycle.md)
ordersRouter.post('/finance/order-server/pay/notify', async (c) => {
  const outcome = await receiveNotification(c.get('db'), await c.req.text(), c.req.header('cirrus-signature'));
  return c.json(outcome.body, outcome.status as 200);
});

export const orderDocs = describeRoutes('Orders', [
  {
    method: 'post',
    path: '/product/cvm/quote',
    summary: 'The live price of a configuration, by the code that charges it',
    description: 'With `userCouponId`, the customer session cookie is read to apply that coupon.',
    auth: 'customerOptional',
    body: vpsConfig,
  },
  {
    method: 'post',
    path: '/home/coupon-server/order/create',
    summary: 'Create a VPS order pending payment',
    auth: 'customer',
    body: createOrderRequest,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/home/coupon-server/mine',
    summary: "The signed-in customer's unused coupons",
    auth: 'customer',
    query: heldCouponsQuery,
  },
  {
    method: 'post',
    path: '/finance/order-server/order/search',
    summary: "The signed-in customer's orders, newest first",
    auth: 'customer',
    body: orderSearchRequest,
  },
  {
    method: 'post',
    path: '/finance/order-server/order/get',
    summary: "One of the customer's orders with its lines and history",
    auth: 'customer',
    body: orderNumberRequest,
    errors: [404],
  },
  {
    method: 'post',
    path: '/finance/order-server/order/cancel',
    summary: 'Cancel an unpaid order; what it held is given back',
    auth: 'customer',
    body: orderNumberRequest,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/finance/order-server/pay/notify',
    summary: 'The customer centre reports a payment, provisioning or refund',
    description:
      'Signed over the raw body (docs/decisions/037-order-lifecycle.md); answers `{code, message}` with the ' +
      "order's number and status.",
    auth: 'paymentSignature',
    errors: [404, 409],
    response: z.object({ number: z.string(), status: z.string() }),
  },
]);
