import 'server-only';
import { asc } from 'drizzle-orm';
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
  plans,
  productLines,
  regions,
} from '../../db/schema';
import type { Localized } from '../../db/schema/common';

/** One row a reference field offers: its key, its name (in three languages, or as it is), and whether on offer. */
export const choiceRow = z.object({
  id: z.string(),
  name: z.union([z.string(), localizedRow]),
  active: z.boolean().optional(),
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
  plans: async (db) => catalog(await db.select().from(plans), (p) => ({ id: p.id, name: p.name, active: p.active })),
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

export function registerChoiceSource(source: ChoiceSource, read: (db: Reader) => Promise<Choice[]>): void {
  SOURCES[source] = read;
}

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
