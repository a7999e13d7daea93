import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  couponInput,
  couponQuery,
  couponUpdate,
  pintuanOfferInput,
  pintuanOfferUpdate,
  pintuanQuery,
  promotionInput,
  promotionQuery,
  promotionUpdate,
  saleInput,
  saleItemInput,
  saleItemUpdate,
  saleQuery,
  saleUpdate,
} from '@/lib/admin/promotions-schemas';
import { version } from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from '../../admin/promotions/campaigns';
import { createCoupon, getCoupon, listCoupons, updateCoupon } from '../../admin/promotions/coupons';
import { promotionOptions } from '../../admin/promotions/options';
import {
  createPintuanOffer,
  getPintuanOffer,
  listPintuanOffers,
  updatePintuanOffer,
} from '../../admin/promotions/pintuan';
import {
  createSale,
  createSaleItem,
  getSale,
  getSaleItem,
  listSales,
  updateSale,
  updateSaleItem,
} from '../../admin/promotions/sales';
import { requireStaff } from '../../admin/sessions';
import type { AppEnv } from '../context';
import { jsonBody, parseWith, queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';

/**
 * The promotion editors' API (docs/product/back-office-promotions.md): VPS sales and their items, coupons and
 * the welcome bundle, group-buy offers, and the campaigns behind the pop-up and banner. Owners and managers
 * change them (`manageCommerce`); every staff role reads them (`readCommerce`).
 */
export const promotionRoutes = new Hono<AppEnv>();

const idParam = z.object({ id: recordId });
const versionQuery = z.object({ version });

promotionRoutes.get('/admin/promotion-options', requireStaff('readCommerce'), async (c) =>
  c.json({ code: 2000, message: await promotionOptions(c.get('db')) }),
);

// ---- coupons and the welcome bundle ---------------------------------------------------------------------------

promotionRoutes.get('/admin/coupons', requireStaff('readCommerce'), async (c) => {
  const query = queryInput(c, couponQuery);
  return c.json({ code: 2000, message: await listCoupons(c.get('db'), query) });
});

promotionRoutes.get('/admin/coupons/:id', requireStaff('readCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getCoupon(c.get('db'), id) });
});

promotionRoutes.post('/admin/coupons', requireStaff('manageCommerce'), async (c) => {
  const input = await jsonBody(c, couponInput);
  return c.json({ code: 2000, message: await createCoupon(c.get('db'), c.get('staff'), input) });
});

promotionRoutes.put('/admin/coupons/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, couponUpdate);
  return c.json({ code: 2000, message: await updateCoupon(c.get('db'), c.get('staff'), id, input) });
});

// ---- VPS sales and their items --------------------------------------------------------------------------------

promotionRoutes.get('/admin/sales', requireStaff('readCommerce'), async (c) => {
  const query = queryInput(c, saleQuery);
  return c.json({ code: 2000, message: await listSales(c.get('db'), query) });
});

promotionRoutes.get('/admin/sales/:id', requireStaff('readCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getSale(c.get('db'), id) });
});

promotionRoutes.post('/admin/sales', requireStaff('manageCommerce'), async (c) => {
  const input = await jsonBody(c, saleInput);
  return c.json({ code: 2000, message: await createSale(c.get('db'), c.get('staff'), input) });
});

promotionRoutes.put('/admin/sales/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, saleUpdate);
  return c.json({ code: 2000, message: await updateSale(c.get('db'), c.get('staff'), id, input) });
});

promotionRoutes.post('/admin/sales/:id/items', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, saleItemInput);
  return c.json({ code: 2000, message: await createSaleItem(c.get('db'), c.get('staff'), id, input) });
});

promotionRoutes.get('/admin/sale-items/:id', requireStaff('readCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getSaleItem(c.get('db'), id) });
});

promotionRoutes.put('/admin/sale-items/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, saleItemUpdate);
  return c.json({ code: 2000, message: await updateSaleItem(c.get('db'), c.get('staff'), id, input) });
});

// ---- group-buy offers -----------------------------------------------------------------------------------------

promotionRoutes.get('/admin/pintuan-offers', requireStaff('readCommerce'), async (c) => {
  const query = queryInput(c, pintuanQuery);
  return c.json({ code: 2000, message: await listPintuanOffers(c.get('db'), query) });
});

promotionRoutes.get('/admin/pintuan-offers/:id', requireStaff('readCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getPintuanOffer(c.get('db'), id) });
});

promotionRoutes.post('/admin/pintuan-offers', requireStaff('manageCommerce'), async (c) => {
  const input = await jsonBody(c, pintuanOfferInput);
  return c.json({ code: 2000, message: await createPintuanOffer(c.get('db'), c.get('staff'), input) });
});

promotionRoutes.put('/admin/pintuan-offers/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, pintuanOfferUpdate);
  return c.json({ code: 2000, message: await updatePintuanOffer(c.get('db'), c.get('staff'), id, input) });
});

// ---- campaigns: the promotion page, the pop-up and the banner -------------------------------------------------

promotionRoutes.get('/admin/campaigns', requireStaff('readCommerce'), async (c) => {
  const query = queryInput(c, promotionQuery);
  return c.json({ code: 2000, message: await listCampaigns(c.get('db'), query) });
});

promotionRoutes.get('/admin/campaigns/:id', requireStaff('readCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json({ code: 2000, message: await getCampaign(c.get('db'), id) });
});

promotionRoutes.post('/admin/campaigns', requireStaff('manageCommerce'), async (c) => {
  const input = await jsonBody(c, promotionInput);
  return c.json({ code: 2000, message: await createCampaign(c.get('db'), c.get('staff'), input) });
});

promotionRoutes.put('/admin/campaigns/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const input = await jsonBody(c, promotionUpdate);
  return c.json({ code: 2000, message: await updateCampaign(c.get('db'), c.get('staff'), id, input) });
});

promotionRoutes.delete('/admin/campaigns/:id', requireStaff('manageCommerce'), async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  const { version: expected } = queryInput(c, versionQuery);
  await deleteCampaign(c.get('db'), c.get('staff'), id, expected);
  return c.json({ code: 2000, message: null });
});

const staff = { auth: 'staff' } as const;
const reads = { ...staff, permission: 'readCommerce' } as const;
const changes = { ...staff, permission: 'manageCommerce' } as const;

export const promotionDocs = describeRoutes('Admin: promotions', [
  { method: 'get', path: '/admin/promotion-options', summary: 'What the promotion forms offer', ...reads },
  { method: 'get', path: '/admin/coupons', summary: 'Coupons', query: couponQuery, ...reads },
  { method: 'get', path: '/admin/coupons/:id', summary: 'One coupon', params: idParam, errors: [404], ...reads },
  { method: 'post', path: '/admin/coupons', summary: 'Create a coupon', body: couponInput, errors: [409], ...changes },
  {
    method: 'put',
    path: '/admin/coupons/:id',
    summary: 'Change a coupon',
    params: idParam,
    body: couponUpdate,
    errors: [404, 409],
    ...changes,
  },
  { method: 'get', path: '/admin/sales', summary: 'VPS sales', query: saleQuery, ...reads },
  {
    method: 'get',
    path: '/admin/sales/:id',
    summary: 'One sale with its items',
    params: idParam,
    errors: [404],
    ...reads,
  },
  { method: 'post', path: '/admin/sales', summary: 'Create a sale', body: saleInput, errors: [409], ...changes },
  {
    method: 'put',
    path: '/admin/sales/:id',
    summary: 'Change a sale',
    params: idParam,
    body: saleUpdate,
    errors: [404, 409],
    ...changes,
  },
  {
    method: 'post',
    path: '/admin/sales/:id/items',
    summary: 'Add an item to a sale',
    params: idParam,
    body: saleItemInput,
    errors: [404, 409],
    ...changes,
  },
  { method: 'get', path: '/admin/sale-items/:id', summary: 'One sale item', params: idParam, errors: [404], ...reads },
  {
    method: 'put',
    path: '/admin/sale-items/:id',
    summary: 'Change a sale item',
    params: idParam,
    body: saleItemUpdate,
    errors: [404, 409],
    ...changes,
  },
  { method: 'get', path: '/admin/pintuan-offers', summary: 'Group-buy offers', query: pintuanQuery, ...reads },
  {
    method: 'get',
    path: '/admin/pintuan-offers/:id',
    summary: 'One group-buy offer',
    params: idParam,
    errors: [404],
    ...reads,
  },
  {
    method: 'post',
    path: '/admin/pintuan-offers',
    summary: 'Create a group-buy offer',
    body: pintuanOfferInput,
    errors: [409],
    ...changes,
  },
  {
    method: 'put',
    path: '/admin/pintuan-offers/:id',
    summary: 'Change a group-buy offer',
    params: idParam,
    body: pintuanOfferUpdate,
    errors: [404, 409],
    ...changes,
  },
  {
    method: 'get',
    path: '/admin/campaigns',
    summary: 'Campaigns (pop-up and banner)',
    query: promotionQuery,
    ...reads,
  },
  { method: 'get', path: '/admin/campaigns/:id', summary: 'One campaign', params: idParam, errors: [404], ...reads },
  {
    method: 'post',
    path: '/admin/campaigns',
    summary: 'Create a campaign',
    body: promotionInput,
    errors: [409],
    ...changes,
  },
  {
    method: 'put',
    path: '/admin/campaigns/:id',
    summary: 'Change a campaign',
    params: idParam,
    body: promotionUpdate,
    errors: [404, 409],
    ...changes,
  },
  {
    method: 'delete',
    path: '/admin/campaigns/:id',
    summary: 'Delete a campaign',
    params: idParam,
    query: versionQuery,
    errors: [404, 409],
    ...changes,
  },
]);
