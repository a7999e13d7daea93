import 'server-only';
import { asc, desc } from 'drizzle-orm';
import { z } from 'zod';
import { CHOICE_SOURCES, type ChoiceSource, localizedRow } from '@/lib/admin/resource';
import { notFound } from '../../api/errors';
import type { ApiRouter } from '../../api/route';
import type { Reader } from '../../db/client';
import {
  bandwidthTiers,
  diskProducts,
  images,
  jobDepartments,
  jobLocations,
  planRegions,
  plans,
  productLines,
  regions,
  saleActivities,
} from '../../db/schema';
import type { Localized } from '../../db/schema/common';

/**
 * One row a reference field offers: its key, its name (in three languages, or as it is), whether on offer, and the
 * keys of other sources' rows it goes with (a plan's regions), which narrow a field that names them.
 */
export const choiceRow = z.object({
  id: z.string(),
  name: z.union([z.string(), localizedRow]),
  active: z.boolean().optional(),
  lists: z.record(z.string(), z.array(z.string())).optional(),
});
type Choice = z.infer<typeof choiceRow>;

const byCode = (rows: { code: string; name: Localized }[]): Choice[] =>
  rows.map(({ code, name }) => ({ id: code, name }));

/** The catalog's rows in display order, withdrawn ones marked (a form may keep naming one). */
const catalog = <T extends { id: string; sort: number }>(rows: T[], choice: (row: T) => Choice): Choice[] =>
  rows.sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id)).map(choice);

/** What each reference field chooses from, in the order the site shows them. */
const SOURCES: Partial<Record<ChoiceSource, (db: Reader) => Promise<Choice[]>>> = {
  regions: async (db) =>
    catalog(await db.select().from(regions), (r) => ({ id: r.id, name: r.city, active: r.active })),
  productLines: async (db) => catalog(await db.select().from(productLines), (l) => ({ id: l.id, name: l.name })),
  // Each plan with the regions it is sold in, so a form offers a plan's regions only.
  plans: async (db) => {
    const [rows, sold] = await Promise.all([db.select().from(plans), db.select().from(planRegions)]);
    return catalog(rows, (p) => ({
      id: p.id,
      name: p.name,
      active: p.active,
      lists: { regions: sold.filter((s) => s.planId === p.id).map((s) => s.regionId) },
    }));
  },
  // What a coupon applies to: the product lines, and domains, which are no product line (coupons name them
  // `domain`, docs/product/back-office-promotions.md).
  couponProducts: async (db) => [
    ...catalog(await db.select().from(productLines), (l) => ({ id: l.id, name: l.name })),
    { id: 'domain', name: { en: 'Domains', zh: '域名', ja: 'ドメイン' } },
  ],
  sales: async (db) =>
    (await db.select().from(saleActivities).orderBy(desc(saleActivities.startsAt))).map((s) => ({
      id: String(s.id),
      name: s.name,
    })),
  images: async (db) => catalog(await db.select().from(images), (i) => ({ id: i.id, name: i.name, active: i.active })),
  disks: async (db) =>
    catalog(await db.select().from(diskProducts), (d) => ({ id: d.id, name: d.name, active: d.active })),
  bandwidth: async (db) =>
    catalog(await db.select().from(bandwidthTiers), (b) => ({ id: b.id, name: `${b.mbps} Mbps`, active: b.active })),
  jobDepartments: async (db) =>
    byCode(await db.select().from(jobDepartments).orderBy(asc(jobDepartments.sort), asc(jobDepartments.code))),
  jobLocations: async (db) =>
    byCode(await db.select().from(jobLocations).orderBy(asc(jobLocations.sort), asc(jobLocations.code))),
};

/**
 * `GET /api/admin/choices/:source`: the rows a form's reference field offers. Names of things, shown to any
 * signed-in staff member whose screen has such a field.
 */
export function choiceRoutes(router: ApiRouter): void {
  router.route(
    {
      method: 'get',
      path: '/admin/choices/:source',
      summary: 'The rows a form field that refers to another list offers',
      params: z.object({ source: z.enum(CHOICE_SOURCES, { error: 'api.field.invalid' }) }),
      response: z.object({ items: z.array(choiceRow) }),
      errors: [404],
      auth: 'staff',
      permission: 'signedIn',
    },
    async (c, { params }) => {
      const read = SOURCES[params.source];
      if (!read) throw notFound();
      return { items: await read(c.get('db')) };
    },
  );
}
