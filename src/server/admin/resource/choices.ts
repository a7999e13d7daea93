import 'server-only';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { CHOICE_SOURCES, type ChoiceSource, localizedRow } from '@/lib/admin/resource';
import { notFound } from '../../api/errors';
import type { ApiRouter } from '../../api/route';
import type { Reader } from '../../db/client';
import { jobDepartments, jobLocations } from '../../db/schema';
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

/** What each reference field chooses from, in the order the site shows them. */
const SOURCES: Partial<Record<ChoiceSource, (db: Reader) => Promise<Choice[]>>> = {
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
