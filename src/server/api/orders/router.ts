import 'server-only';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { billingProfileAnswer } from '@/lib/billing/profile';
import { createOrderRequest, vpsConfig } from '@/lib/catalog/vps-config';
import { heldCouponAnswer } from '@/lib/coupons';
import { orderNumberRequest, orderSearchRequest } from '@/lib/validation/order-forms';
import { findSession, SESSION_COOKIE } from '../../auth/sessions';
import { readBillingProfile } from '../../billing/profile';
import { creditNoteDownload, customerCreditNote } from '../../invoices/credit-notes';
import { customerInvoice, invoiceDownload } from '../../invoices/queries';
import { requestLocale, statedLocale } from '../context';
import { liveNumbersChanged } from '../live/cache';
import { apiRouter } from '../route';
import {
  cancelCustomerOrder,
  getCustomerOrder,
  listCustomerOrders,
  orderDetailAnswer,
  orderPageAnswer,
} from './customer-orders';
import { notifyAnswer, receiveNotification } from './payment-notify';
import { quoteAnswer, quoteVps, taxLinesFor } from './pricing';
import { createVpsOrder, listHeldCoupons, orderSummaryAnswer } from './service';

export const ordersRouter = apiRouter('Orders');

/** A credit note's number as the site writes them: `CN-2026-000001`. */
const creditNoteNumberRequest = z.object({
  number: z
    .string()
    .trim()
    .regex(/^CN-\d{4}-\d{6,}$/, 'api.field.invalid'),
});

const heldCouponsQuery = z.object({ language: z.string().optional() });

ordersRouter.route(
  {
    method: 'post',
    path: '/product/cvm/quote',
    summary: 'The live price of a configuration, by the code that charges it',
    description: 'With `userCouponId`, the customer session cookie is read to apply that coupon.',
    auth: 'customerOptional',
    body: vpsConfig,
    response: quoteAnswer,
  },
  async (c, { body: config }) => {
    // A quote writes nothing: it sets no recent-write cookie (src/server/db/replica.ts), and reads the primary for
    // the coupons the visitor holds.
    c.set('readOnly', true);
    const db = c.get('db');
    const session = config.userCouponId !== undefined ? await findSession(db, getCookie(c, SESSION_COOKIE)) : undefined;
    const quote = await quoteVps(db, config, { userId: session?.user.id });
    return {
      currency: quote.currency,
      billing: quote.billing,
      hourly: quote.hourly,
      termPercentOff: quote.termPercentOff,
      lines: quote.lines,
      subtotalMinor: quote.subtotalMinor,
      discountMinor: quote.discountMinor,
      totalMinor: quote.totalMinor,
      billingCountry: quote.billingCountry,
      taxLines: taxLinesFor(quote.taxLines, requestLocale(c)),
      taxMinor: quote.taxMinor,
      totalInclTaxMinor: quote.totalInclTaxMinor,
    };
  },
);

ordersRouter.route(
  {
    method: 'post',
    path: '/home/coupon-server/order/create',
    summary: 'Create a VPS order pending payment',
    auth: 'customer',
    body: createOrderRequest,
    response: orderSummaryAnswer,
    errors: [404, 409],
  },
  async (c, { body: { idempotencyKey, ...config } }) => {
    const order = await createVpsOrder(c.get('db'), c.get('user').id, config, idempotencyKey, {
      // The language the customer ordered in, for the order's mails; without one, the account's.
      locale: statedLocale(c.req.header('cookie'), c.req.header('accept-language')),
    });
    // A sale order took one of the item's stock.
    if (config.saleItemId !== undefined) liveNumbersChanged();
    return order;
  },
);

ordersRouter.route(
  {
    method: 'get',
    path: '/account/billing-profile',
    summary: 'The billing country, company and tax id the customer last ordered with, offered at the next checkout',
    auth: 'customer',
    response: billingProfileAnswer,
  },
  (c) => readBillingProfile(c.get('db'), c.get('user').id),
);

ordersRouter.route(
  {
    method: 'get',
    path: '/home/coupon-server/mine',
    summary: "The signed-in customer's unused coupons, offered by the configurator",
    auth: 'customer',
    query: heldCouponsQuery,
    response: z.array(heldCouponAnswer),
  },
  (c, { query }) => listHeldCoupons(c.get('db'), c.get('user').id, requestLocale(c, query.language)),
);

ordersRouter.route(
  {
    method: 'post',
    path: '/finance/order-server/order/search',
    summary: "The signed-in customer's orders, newest first",
    auth: 'customer',
    body: orderSearchRequest,
    response: orderPageAnswer,
  },
  (c, { body }) => listCustomerOrders(c.get('db'), c.get('user').id, body),
);

ordersRouter.route(
  {
    method: 'post',
    path: '/finance/order-server/order/get',
    summary: "One of the customer's orders with its lines and history",
    auth: 'customer',
    body: orderNumberRequest,
    response: orderDetailAnswer,
    errors: [404],
  },
  (c, { body }) => getCustomerOrder(c.get('db'), c.get('user').id, body.number),
);

ordersRouter.route(
  {
    method: 'get',
    path: '/finance/order-server/invoice/:number',
    summary: "The invoice of one of the customer's paid orders, as a PDF",
    description: 'In the language of the account when it was issued (docs/decisions/067-invoices.md).',
    auth: 'customer',
    params: orderNumberRequest,
    raw: { mediaType: 'application/pdf', description: 'The invoice (an attachment named by its number).' },
    errors: [404],
  },
  async (c, { params }) => invoiceDownload(c, await customerInvoice(c.get('db'), c.get('user').id, params.number)),
);

ordersRouter.route(
  {
    method: 'get',
    path: '/finance/order-server/credit-note/:number',
    summary: "A credit note of one of the customer's refunded orders, as a PDF",
    description: "In the customer's language when it was issued (docs/decisions/068-refunds-and-credit-notes.md).",
    auth: 'customer',
    params: creditNoteNumberRequest,
    raw: { mediaType: 'application/pdf', description: 'The credit note (an attachment named by its number).' },
    errors: [404],
  },
  async (c, { params }) =>
    creditNoteDownload(c, await customerCreditNote(c.get('db'), c.get('user').id, params.number)),
);

ordersRouter.route(
  {
    method: 'post',
    path: '/finance/order-server/order/cancel',
    summary: 'Cancel an unpaid order; what it held is given back',
    auth: 'customer',
    body: orderNumberRequest,
    response: orderSummaryAnswer,
    errors: [404, 409],
  },
  async (c, { body }) => {
    const cancelled = await cancelCustomerOrder(c.get('db'), c.get('user').id, body.number);
    // It may have given back sale stock or a group seat.
    liveNumbersChanged();
    return cancelled;
  },
);

ordersRouter.route(
  {
    method: 'post',
    path: '/finance/order-server/pay/notify',
    summary: 'The customer centre reports a payment, provisioning or refund',
    description:
      'Signed over the raw body (docs/decisions/037-order-lifecycle.md): the signature is checked before the body ' +
      "is read. Answers the order's number and status; the same event again answers what it did the first time.",
    auth: 'paymentSignature',
    errors: [404, 409],
    response: notifyAnswer,
  },
  async (c) => receiveNotification(c.get('db'), await c.req.text(), c.req.header('cirrus-signature')),
);
