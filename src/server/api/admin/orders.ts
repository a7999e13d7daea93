import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { customerQuery, deliveryParams, deliveryQuery, orderAction, orderQuery } from '@/lib/admin/orders-schemas';
import { recordId } from '@/lib/validation/numbers';
import { csvDownload } from '../../admin/csv';
import {
  activateCustomer,
  disableCustomer,
  getCustomer,
  listCustomers,
  resendActivationMail,
} from '../../admin/orders/customers';
import { listDeliveries, retryDelivery } from '../../admin/orders/deliveries';
import {
  CSV_HEADER,
  cancelOrder,
  exportOrderRows,
  getAdminOrder,
  listOrders,
  markRefunded,
  orderFilterOptions,
  resendOrderConfirmation,
} from '../../admin/orders/orders';
import { requireStaff } from '../../admin/sessions';
import type { AppEnv } from '../context';
import { jsonBody, noFields, parseWith, queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';

/**
 * Orders, customers and deliveries in the back office (docs/product/back-office-orders.md). Reading and resending
 * mails is `support` (owner, manager, support); changing an order or an account is `manageCommerce` (owner,
 * manager). requireStaff checks it on the server, with the session and, for changes, its CSRF token.
 */
export const ordersRoutes = new Hono<AppEnv>();

const idParam = z.object({ id: recordId });

// ---- orders ---------------------------------------------------------------------------------------------------

ordersRoutes.get('/admin/orders', requireStaff('support'), async (c) => {
  const query = queryInput(c, orderQuery);
  return c.json({ code: 2000, message: await listOrders(c.get('db'), c.get('staff'), query) });
});

/** What the filters offer: the plans orders can name, and the currencies. */
ordersRoutes.get('/admin/orders/filters', requireStaff('support'), async (c) => {
  return c.json({ code: 2000, message: await orderFilterOptions(c.get('db')) });
});

/** The filtered list as CSV, streamed a batch at a time (the filters are read before the first byte). */
ordersRoutes.get('/admin/orders/export', requireStaff('support'), async (c) => {
  const query = queryInput(c, orderQuery);
  return csvDownload(c, 'orders', CSV_HEADER, exportOrderRows(c.get('db'), c.get('staff'), query));
});

ordersRoutes.get('/admin/orders/:id', requireStaff('support'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getAdminOrder(c.get('db'), c.get('staff'), id) });
});

ordersRoutes.post('/admin/orders/:id/cancel', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { note } = await jsonBody(c, orderAction);
  return c.json({ code: 2000, message: await cancelOrder(c.get('db'), c.get('staff'), id, note) });
});

ordersRoutes.post('/admin/orders/:id/mark-refunded', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { note } = await jsonBody(c, orderAction);
  return c.json({ code: 2000, message: await markRefunded(c.get('db'), c.get('staff'), id, note) });
});

ordersRoutes.post('/admin/orders/:id/resend-confirmation', requireStaff('support'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await resendOrderConfirmation(c.get('db'), c.get('staff'), id) });
});

// ---- customers ------------------------------------------------------------------------------------------------

ordersRoutes.get('/admin/customers', requireStaff('support'), async (c) => {
  const query = queryInput(c, customerQuery);
  return c.json({ code: 2000, message: await listCustomers(c.get('db'), c.get('staff'), query) });
});

ordersRoutes.get('/admin/customers/:id', requireStaff('support'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getCustomer(c.get('db'), c.get('staff'), id) });
});

ordersRoutes.post('/admin/customers/:id/activate', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await activateCustomer(c.get('db'), c.get('staff'), id) });
});

ordersRoutes.post('/admin/customers/:id/disable', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await disableCustomer(c.get('db'), c.get('staff'), id) });
});

ordersRoutes.post('/admin/customers/:id/resend-activation', requireStaff('support'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await resendActivationMail(c.get('db'), c.get('staff'), id) });
});

// ---- deliveries -----------------------------------------------------------------------------------------------

ordersRoutes.get('/admin/deliveries', requireStaff('support'), async (c) => {
  const query = queryInput(c, deliveryQuery);
  return c.json({ code: 2000, message: await listDeliveries(c.get('db'), c.get('staff'), query) });
});

ordersRoutes.post('/admin/deliveries/:kind/:id/retry', requireStaff('support'), async (c) => {
  const { kind, id } = parseWith(deliveryParams, c.req.param());
  await jsonBody(c, noFields);
  return c.json({ code: 2000, message: await retryDelivery(c.get('db'), c.get('staff'), kind, id) });
});

export const ordersDocs = describeRoutes('Admin: orders', [
  {
    method: 'get',
    path: '/admin/orders',
    summary: 'Orders, filtered and paged',
    auth: 'staff',
    permission: 'support',
    query: orderQuery,
  },
  {
    method: 'get',
    path: '/admin/orders/filters',
    summary: 'What the order filters offer',
    auth: 'staff',
    permission: 'support',
  },
  {
    method: 'get',
    path: '/admin/orders/export',
    summary: 'The filtered orders as CSV, streamed',
    auth: 'staff',
    permission: 'support',
    query: orderQuery,
    raw: {
      mediaType: 'text/csv',
      description: 'The orders as CSV (an attachment), not the `{code, message}` envelope.',
    },
  },
  {
    method: 'get',
    path: '/admin/orders/:id',
    summary: 'One order with its lines, history, mails and webhooks',
    auth: 'staff',
    permission: 'support',
    params: idParam,
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/cancel',
    summary: 'Cancel an order',
    auth: 'staff',
    permission: 'manageCommerce',
    params: idParam,
    body: orderAction,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/mark-refunded',
    summary: 'Mark an order refunded',
    auth: 'staff',
    permission: 'manageCommerce',
    params: idParam,
    body: orderAction,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/orders/:id/resend-confirmation',
    summary: "Queue the order's confirmation mail again",
    auth: 'staff',
    permission: 'support',
    params: idParam,
    body: noFields,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/customers',
    summary: 'Customers, filtered and paged',
    auth: 'staff',
    permission: 'support',
    query: customerQuery,
  },
  {
    method: 'get',
    path: '/admin/customers/:id',
    summary: 'One customer with their orders and mails',
    auth: 'staff',
    permission: 'support',
    params: idParam,
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/customers/:id/activate',
    summary: 'Activate an account by hand',
    auth: 'staff',
    permission: 'manageCommerce',
    params: idParam,
    body: noFields,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/customers/:id/disable',
    summary: 'Disable an account; its sessions end',
    auth: 'staff',
    permission: 'manageCommerce',
    params: idParam,
    body: noFields,
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/admin/customers/:id/resend-activation',
    summary: 'Queue the activation mail again',
    auth: 'staff',
    permission: 'support',
    params: idParam,
    body: noFields,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/admin/deliveries',
    summary: 'Mails and webhooks in the outboxes, by state',
    auth: 'staff',
    permission: 'support',
    query: deliveryQuery,
  },
  {
    method: 'post',
    path: '/admin/deliveries/:kind/:id/retry',
    summary: 'Retry a failed mail or webhook now',
    auth: 'staff',
    permission: 'support',
    params: deliveryParams,
    body: noFields,
    errors: [404, 409],
  },
]);
