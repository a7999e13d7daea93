import 'server-only';
import { z } from 'zod';
import { cursorPageOf, pageOf, type ResourceQuery, resourceQuery } from '@/lib/admin/resource';
import { auditEntryRow } from '@/lib/admin/resources/audit';
import { version, withVersion } from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import { noFields } from '../../api/input';
import type { ApiRouter } from '../../api/route';
import { rowHistory } from '../audit';
import type { BoundResource } from './bind';

/** A key from the path: a row id, or a code chosen at creation (`std-2c4g`, `.com`, `tokyo`). */
const codeKey = z.string().regex(/^[\w.-]{1,80}$/, { error: 'api.field.invalid' });

/**
 * The routes of a resource, made from its declaration (docs/engineering.md#back-office): its list, one row, its
 * history, create, change, delete and its actions, each with the permission it needs, the schemas it reads and
 * answers and its description in /api/openapi.json. Routes of the resource's own (a preview, an export) come
 * first, so a fixed path such as `/admin/orders/export` is never read as a key.
 */
export function resourceRoutes(router: ApiRouter, resource: BoundResource): void {
  const { declaration: d } = resource;
  const base = `/admin/${d.name}`;
  const one = `${base}/:id`;
  const params = z.object({ id: d.key.type === 'number' ? recordId : codeKey });
  const row = d.row;
  const read = { auth: 'staff', permission: d.access.read } as const;
  const tag = `Admin: ${d.name}`;
  const db = (c: { get: (name: 'db') => import('../../db/client').Database }) => c.get('db');

  resource.binding.routes?.(router, resource);

  router.route(
    {
      method: 'get',
      path: base,
      summary: `A page of ${d.name}, searched, filtered and ordered`,
      query: resourceQuery(d),
      response: d.list.paging === 'keyset' ? cursorPageOf(row) : pageOf(row),
      tag,
      ...read,
    },
    (c, { query }) => resource.list(db(c), query as ResourceQuery, c.get('staff')) as never,
  );

  router.route(
    {
      method: 'get',
      path: one,
      summary: `One of ${d.name}`,
      params,
      response: d.detailRow ?? row,
      errors: [404],
      tag,
      ...read,
    },
    (c, { params }) => resource.get(db(c), params.id, c.get('staff')),
  );

  for (const action of d.actions ?? []) {
    const run = resource.binding.actions?.[action.name];
    if (!run) throw new Error(`${d.name}: the action ${action.name} is declared but not bound`);
    router.route(
      {
        method: 'post',
        path: `${one}/${action.name}`,
        summary: `${action.name} one of ${d.name}`,
        params,
        body: action.input ?? noFields,
        response: row.nullable(),
        errors: [404, 409],
        tag,
        auth: 'staff',
        permission: action.permission,
      },
      (c, { params, body }) =>
        run({ db: db(c), by: c.get('staff'), id: params.id, input: body as Record<string, unknown>, c }),
    );
  }

  const write = d.access.write;
  if (write === false) return;

  router.route(
    {
      method: 'get',
      path: `${one}/history`,
      summary: `The changes of one of ${d.name}, newest first, from the audit log`,
      params,
      response: z.object({ items: z.array(auditEntryRow) }),
      tag,
      auth: 'staff',
      permission: write,
    },
    async (c, { params }) => ({ items: await rowHistory(db(c), d.audit, String(params.id)) }),
  );

  if (d.access.create !== false) {
    router.route(
      {
        method: 'post',
        path: base,
        summary: `Create one of ${d.name}`,
        body: d.input,
        response: row,
        errors: [409],
        tag,
        auth: 'staff',
        permission: write,
      },
      (c, { body }) => resource.create(db(c), c.get('staff'), body),
    );
  }

  if (d.access.update !== false) {
    router.route(
      {
        method: 'put',
        path: one,
        summary: `Change one of ${d.name} (with the version it was read at; 409 with the row as it is now)`,
        params,
        body: withVersion(d.input),
        response: row,
        errors: [404, 409],
        tag,
        auth: 'staff',
        permission: write,
      },
      (c, { params, body }) =>
        resource.update(db(c), c.get('staff'), params.id, body as Record<string, unknown> & { version: number }),
    );
  }

  if (d.access.delete !== false) {
    router.route(
      {
        method: 'delete',
        path: one,
        summary: `Delete one of ${d.name} (with the version it was read at)`,
        params,
        query: z.object({ version }),
        response: z.null(),
        errors: [404, 409],
        tag,
        auth: 'staff',
        permission: d.access.delete,
      },
      async (c, { params, query }) => {
        await resource.remove(db(c), c.get('staff'), params.id, query.version);
        return null;
      },
    );
  }
}
