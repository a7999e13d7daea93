import 'server-only';
import { z } from 'zod';
import { pageOf, resourceQuery } from '@/lib/admin/resource';
import { version, withVersion } from '@/lib/admin/schemas';
import { recordId } from '@/lib/validation/numbers';
import type { ApiRouter } from '../../api/route';
import { auditEntryRow, rowHistory } from '../audit';
import type { BoundResource } from './bind';

/** A key from the path: a row id, or a code chosen at creation (`std-2c4g`, `.com`, `tokyo`). */
const codeKey = z.string().regex(/^[\w.-]{1,80}$/, { error: 'api.field.invalid' });

/**
 * The routes of a resource, made from its declaration (docs/engineering.md#back-office): its list, one row, its
 * history, create, change and delete, each with the permission it needs, the schemas it reads and answers and its
 * description in /api/openapi.json. Routes of the resource's own (a preview, an action) come first, so a fixed
 * path such as `/admin/jobs/choices` is never read as an id.
 */
export function resourceRoutes(router: ApiRouter, resource: BoundResource): void {
  const { declaration: d } = resource;
  const base = `/admin/${d.name}`;
  const one = `${base}/:id`;
  const params = z.object({ id: d.key.type === 'number' ? recordId : codeKey });
  const row = d.row;
  const read = { auth: 'staff', permission: d.access.read } as const;
  const write = { auth: 'staff', permission: d.access.write } as const;
  const tag = `Admin: ${d.name}`;

  resource.binding.routes?.(router, resource);

  router.route(
    {
      method: 'get',
      path: base,
      summary: `A page of ${d.name}, searched, filtered and ordered`,
      query: resourceQuery(d),
      response: pageOf(row),
      tag,
      ...read,
    },
    (c, { query }) => resource.list(c.get('db'), query as never),
  );

  router.route(
    { method: 'get', path: one, summary: `One of ${d.name}`, params, response: row, errors: [404], tag, ...read },
    (c, { params }) => resource.get(c.get('db'), params.id),
  );

  router.route(
    {
      method: 'get',
      path: `${one}/history`,
      summary: `The changes of one of ${d.name}, newest first, from the audit log`,
      params,
      response: z.object({ items: z.array(auditEntryRow) }),
      tag,
      ...write,
    },
    async (c, { params }) => ({ items: await rowHistory(c.get('db'), d.audit, String(params.id)) }),
  );

  router.route(
    {
      method: 'post',
      path: base,
      summary: `Create one of ${d.name}`,
      body: d.input,
      response: row,
      errors: [409],
      tag,
      ...write,
    },
    (c, { body }) => resource.create(c.get('db'), c.get('staff'), body),
  );

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
      ...write,
    },
    (c, { params, body }) =>
      resource.update(c.get('db'), c.get('staff'), params.id, body as Record<string, unknown> & { version: number }),
  );

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
        await resource.remove(c.get('db'), c.get('staff'), params.id, query.version);
        return null;
      },
    );
  }
}
