import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { parseLocale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { type AppContext, type AppEnv, requestLocale } from '../context';
import { invalidInput } from '../errors';
import { queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';
import { readCache } from '../read-cache';
import {
  getPlan,
  isActiveRegion,
  listBandwidthTiers,
  listDiskProducts,
  listImageFamilies,
  listProductLines,
  listQuickSets,
  listRegions,
  listSecurityGroups,
  listSnapshotPolicies,
  listTrafficPackages,
  type PlanRecord,
  productLineExists,
} from './queries';

/** A catalogue id in the query string. Empty (a cleared select) means no filter; an id no row has is 4001 (see below). */
const catalogId = z
  .string()
  .max(64, 'api.field.invalid')
  .optional()
  .transform((id) => (id === '' ? undefined : id));

const language = z.string().max(16).optional().describe('en, zh or ja (en-US, zh-CN, ja-JP accepted)');

const languageQuery = z.object({ language });
const regionQuery = z.object({ language, regionId: catalogId.describe('a region id from /api/cvm/area/search') });
const productQuery = regionQuery.extend({ line: catalogId.describe('a product line id') });
const bandQuery = z.object({ planId: catalogId.describe('a plan id from /api/cvm/user/product') });

const unknownId = (field: string) => invalidInput({ [field]: 'api.field.invalid' });

/** 4001 naming `regionId` unless it is absent or an active region. */
async function requireRegion(db: Database, regionId: string | undefined): Promise<void> {
  if (regionId !== undefined && !(await isActiveRegion(db, regionId))) throw unknownId('regionId');
}

/** 4001 naming `line` unless it is absent or a product line. */
async function requireLine(db: Database, lineId: string | undefined): Promise<void> {
  if (lineId !== undefined && !(await productLineExists(db, lineId))) throw unknownId('line');
}

/** The plan on sale with that id (undefined when none was asked for), else 4001 naming `planId`. */
async function requirePlan(db: Database, planId: string | undefined): Promise<PlanRecord | undefined> {
  if (planId === undefined) return undefined;
  const plan = await getPlan(db, planId);
  if (!plan) throw unknownId('planId');
  return plan;
}

/**
 * The catalogue changes rarely: any cache may keep an answer a minute. A localized answer whose language came from
 * the cookie or Accept-Language rather than the query string varies by them, so a shared cache never serves
 * one visitor's language to another. Set only on success, so errors stay `no-store`.
 */
function cacheForAMinute(c: AppContext, localized?: { language?: string | undefined }) {
  c.header('cache-control', 'public, max-age=60');
  if (localized && parseLocale(localized.language) === undefined) c.header('vary', 'Cookie, Accept-Language');
}

export const catalogRouter = new Hono<AppEnv>();

// The catalog is read far more than it changes: answers are kept 30 s per instance (decision 010).
catalogRouter.use('/cvm/*', readCache({ ttlMs: 30_000 }));
catalogRouter.use('/product/cvm/fastSet/*', readCache({ ttlMs: 30_000 }));

// GET /api/cvm/area/search - active regions with country, city, network notes and a test IP
catalogRouter.get('/cvm/area/search', async (c) => {
  const query = queryInput(c, languageQuery);
  const list = await listRegions(c.get('db'), requestLocale(c, query.language));
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/get/image - active OS images grouped by family; with regionId only those offered there
catalogRouter.get('/cvm/get/image', async (c) => {
  const query = queryInput(c, regionQuery);
  const db = c.get('db');
  // The check and the list run side by side: one round trip.
  const [families] = await Promise.all([listImageFamilies(db, query.regionId), requireRegion(db, query.regionId)]);
  cacheForAMinute(c);
  return c.json({ code: 2000, message: families });
});

// GET /api/cvm/securityGroup/official/search - official security-group templates with their rules
catalogRouter.get('/cvm/securityGroup/official/search', async (c) => {
  const query = queryInput(c, languageQuery);
  const list = await listSecurityGroups(c.get('db'), requestLocale(c, query.language));
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/disk/getDiskProduct - block-storage volume types with size range and price per GB
catalogRouter.get('/cvm/disk/getDiskProduct', async (c) => {
  const query = queryInput(c, languageQuery);
  const list = await listDiskProducts(c.get('db'), requestLocale(c, query.language));
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/user/getBand - bandwidth tiers; with planId only those up to the plan's port limit
catalogRouter.get('/cvm/user/getBand', async (c) => {
  const query = queryInput(c, bandQuery);
  const db = c.get('db');
  const plan = await requirePlan(db, query.planId);
  const list = await listBandwidthTiers(db, plan?.maxBandwidthMbps);
  cacheForAMinute(c);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/user/getFlow - extra monthly traffic packages
catalogRouter.get('/cvm/user/getFlow', async (c) => {
  const list = await listTrafficPackages(c.get('db'));
  cacheForAMinute(c);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/user/product - product lines with their plans; regionId and line narrow them, empty lines dropped
catalogRouter.get('/cvm/user/product', async (c) => {
  const query = queryInput(c, productQuery);
  const db = c.get('db');
  const [lines] = await Promise.all([
    listProductLines(db, requestLocale(c, query.language), { regionId: query.regionId, lineId: query.line }),
    requireRegion(db, query.regionId),
    requireLine(db, query.line),
  ]);
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: lines });
});

// GET /api/product/cvm/fastSet/search - quick-set configurations; with regionId only those whose plan and image are offered there
catalogRouter.get('/product/cvm/fastSet/search', async (c) => {
  const query = queryInput(c, regionQuery);
  const db = c.get('db');
  const [list] = await Promise.all([
    listQuickSets(db, requestLocale(c, query.language), query.regionId),
    requireRegion(db, query.regionId),
  ]);
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: list });
});

// GET /api/cvm/snapshoot/strategy/getAllPublic - public snapshot policies with schedule, retention and price
catalogRouter.get('/cvm/snapshoot/strategy/getAllPublic', async (c) => {
  const query = queryInput(c, languageQuery);
  const list = await listSnapshotPolicies(c.get('db'), requestLocale(c, query.language));
  cacheForAMinute(c, query);
  return c.json({ code: 2000, message: list });
});

export const catalogDocs = describeRoutes('Catalog', [
  {
    method: 'get',
    path: '/cvm/area/search',
    summary: 'Active regions with their network notes and test IP',
    query: languageQuery,
  },
  {
    method: 'get',
    path: '/cvm/get/image',
    summary: 'Active OS images by family; with regionId only those offered there',
    query: regionQuery,
  },
  {
    method: 'get',
    path: '/cvm/securityGroup/official/search',
    summary: 'Official security-group templates with their rules',
    query: languageQuery,
  },
  {
    method: 'get',
    path: '/cvm/disk/getDiskProduct',
    summary: 'Block-storage volume types with size range and price per GB',
    query: languageQuery,
  },
  {
    method: 'get',
    path: '/cvm/user/getBand',
    summary: "Bandwidth tiers; with planId only those up to the plan's port limit",
    query: bandQuery,
  },
  { method: 'get', path: '/cvm/user/getFlow', summary: 'Extra monthly traffic packages' },
  {
    method: 'get',
    path: '/cvm/user/product',
    summary: 'Product lines with their plans; regionId and line narrow them',
    query: productQuery,
  },
  {
    method: 'get',
    path: '/product/cvm/fastSet/search',
    summary: 'Quick-set configurations; with regionId only those offered there',
    query: regionQuery,
  },
  {
    method: 'get',
    path: '/cvm/snapshoot/strategy/getAllPublic',
    summary: 'Public snapshot policies with schedule, retention and price',
    query: languageQuery,
  },
]);
