import 'server-only';
import { z } from 'zod';
import { parseLocale } from '@/lib/locales';
import type { Database } from '../../db/client';
import { type AppContext, publicReader, requestLocale } from '../context';
import { invalidInput } from '../errors';
import { readCache } from '../read-cache';
import { apiRouter } from '../route';
import {
  bandwidthTierAnswer,
  diskProductAnswer,
  getPlan,
  imageFamilyAnswer,
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
  productLineAnswer,
  productLineExists,
  quickSetAnswer,
  regionAnswer,
  securityGroupAnswer,
  snapshotPolicyAnswer,
  trafficPackageAnswer,
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

export const catalogRouter = apiRouter('Catalog');

// The catalog is read far more than it changes: answers are kept 30 s per instance (decision 010).
catalogRouter.hono.use('/cvm/*', readCache({ ttlMs: 30_000 }));
catalogRouter.hono.use('/product/cvm/fastSet/*', readCache({ ttlMs: 30_000 }));

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/area/search',
    summary: 'Active regions with their network notes and test IP',
    query: languageQuery,
    response: z.array(regionAnswer),
  },
  async (c, { query }) => {
    const list = await listRegions(publicReader(c), requestLocale(c, query.language));
    cacheForAMinute(c, query);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/get/image',
    summary: 'Active OS images by family; with regionId only those offered there',
    query: regionQuery,
    response: z.array(imageFamilyAnswer),
  },
  async (c, { query }) => {
    const db = publicReader(c);
    // The check and the list run side by side: one round trip.
    const [families] = await Promise.all([listImageFamilies(db, query.regionId), requireRegion(db, query.regionId)]);
    cacheForAMinute(c);
    return families;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/securityGroup/official/search',
    summary: 'Official security-group templates with their rules',
    query: languageQuery,
    response: z.array(securityGroupAnswer),
  },
  async (c, { query }) => {
    const list = await listSecurityGroups(publicReader(c), requestLocale(c, query.language));
    cacheForAMinute(c, query);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/disk/getDiskProduct',
    summary: 'Block-storage volume types with size range and price per GB',
    query: languageQuery,
    response: z.array(diskProductAnswer),
  },
  async (c, { query }) => {
    const list = await listDiskProducts(publicReader(c), requestLocale(c, query.language));
    cacheForAMinute(c, query);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/user/getBand',
    summary: "Bandwidth tiers; with planId only those up to the plan's port limit",
    query: bandQuery,
    response: z.array(bandwidthTierAnswer),
  },
  async (c, { query }) => {
    const db = publicReader(c);
    const plan = await requirePlan(db, query.planId);
    const list = await listBandwidthTiers(db, plan?.maxBandwidthMbps);
    cacheForAMinute(c);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/user/getFlow',
    summary: 'Extra monthly traffic packages',
    response: z.array(trafficPackageAnswer),
  },
  async (c) => {
    const list = await listTrafficPackages(publicReader(c));
    cacheForAMinute(c);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/user/product',
    summary: 'Product lines with their plans; regionId and line narrow them',
    query: productQuery,
    response: z.array(productLineAnswer),
  },
  async (c, { query }) => {
    const db = publicReader(c);
    const [lines] = await Promise.all([
      listProductLines(db, requestLocale(c, query.language), { regionId: query.regionId, lineId: query.line }),
      requireRegion(db, query.regionId),
      requireLine(db, query.line),
    ]);
    cacheForAMinute(c, query);
    return lines;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/product/cvm/fastSet/search',
    summary: 'Quick-set configurations; with regionId only those whose plan and image are offered there',
    query: regionQuery,
    response: z.array(quickSetAnswer),
  },
  async (c, { query }) => {
    const db = publicReader(c);
    const [list] = await Promise.all([
      listQuickSets(db, requestLocale(c, query.language), query.regionId),
      requireRegion(db, query.regionId),
    ]);
    cacheForAMinute(c, query);
    return list;
  },
);

catalogRouter.route(
  {
    method: 'get',
    path: '/cvm/snapshoot/strategy/getAllPublic',
    summary: 'Public snapshot policies with schedule, retention and price',
    query: languageQuery,
    response: z.array(snapshotPolicyAnswer),
  },
  async (c, { query }) => {
    const list = await listSnapshotPolicies(publicReader(c), requestLocale(c, query.language));
    cacheForAMinute(c, query);
    return list;
  },
);
