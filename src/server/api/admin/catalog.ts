import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CATALOG_INPUTS,
  CATALOG_KINDS,
  type CatalogKind,
  catalogListQuery,
  catalogVersion,
} from '@/lib/admin/catalog-schemas';
import { version } from '@/lib/admin/schemas';
import {
  catalogChoices,
  createCatalogItem,
  deleteCatalogItem,
  getCatalogItem,
  listCatalog,
  updateCatalogItem,
} from '../../admin/catalog';
import { requireStaff } from '../../admin/sessions';
import type { AppEnv } from '../context';
import { jsonBody, parseWith, queryInput } from '../input';
import { describeRoutes } from '../openapi/describe';

/**
 * The catalog editors' API (docs/product/back-office-catalog.md): every staff role reads, owners and managers
 * change (`manageCommerce`). Thin: each route parses its input with the schema the form uses and calls one function
 * of src/server/admin/catalog.ts.
 */
export const catalogRoutes = new Hono<AppEnv>();

const kindParam = z.object({ kind: z.enum(CATALOG_KINDS, { error: 'api.notFound' }) });
/** An item's key as it appears in the path: a code, a domain suffix (`.com`) or a reserved label. */
const itemParam = kindParam.extend({
  id: z
    .string()
    .min(1)
    .max(64, { error: 'api.field.invalid' })
    .regex(/^[a-z0-9.-]+$/, { error: 'api.field.invalid' }),
});
const deleteQuery = z.object({ version: version.optional() });

const inputOf = (kind: CatalogKind) => CATALOG_INPUTS[kind] as z.ZodType;

catalogRoutes.get('/admin/catalog/choices', requireStaff(), async (c) => {
  return c.json({ code: 2000, message: await catalogChoices(c.get('db')) });
});

catalogRoutes.get('/admin/catalog/:kind', requireStaff(), async (c) => {
  const { kind } = parseWith(kindParam, c.req.param());
  const query = queryInput(c, catalogListQuery);
  return c.json({ code: 2000, message: await listCatalog(c.get('db'), kind, query) });
});

catalogRoutes.get('/admin/catalog/:kind/:id', requireStaff(), async (c) => {
  const { kind, id } = parseWith(itemParam, c.req.param());
  return c.json({ code: 2000, message: await getCatalogItem(c.get('db'), kind, id) });
});

catalogRoutes.post('/admin/catalog/:kind', requireStaff('manageCommerce'), async (c) => {
  const { kind } = parseWith(kindParam, c.req.param());
  const input = await jsonBody(c, inputOf(kind));
  return c.json({ code: 2000, message: await createCatalogItem(c.get('db'), c.get('staff'), kind, input as never) });
});

catalogRoutes.put('/admin/catalog/:kind/:id', requireStaff('manageCommerce'), async (c) => {
  const { kind, id } = parseWith(itemParam, c.req.param());
  const input = await jsonBody(c, z.intersection(inputOf(kind), catalogVersion));
  return c.json({
    code: 2000,
    message: await updateCatalogItem(c.get('db'), c.get('staff'), kind, id, input as never),
  });
});

catalogRoutes.delete('/admin/catalog/:kind/:id', requireStaff('manageCommerce'), async (c) => {
  const { kind, id } = parseWith(itemParam, c.req.param());
  const { version: expected } = queryInput(c, deleteQuery);
  await deleteCatalogItem(c.get('db'), c.get('staff'), kind, id, expected);
  return c.json({ code: 2000, message: null });
});

const anyKindInput = z.union(CATALOG_KINDS.map((kind) => inputOf(kind)) as unknown as [z.ZodType, z.ZodType]);

export const catalogDocs = describeRoutes('Admin: catalog', [
  {
    method: 'get',
    path: '/admin/catalog/choices',
    summary: 'What the catalog forms offer (regions, lines, families…)',
    auth: 'staff',
  },
  {
    method: 'get',
    path: '/admin/catalog/:kind',
    summary: 'A catalog list of one kind',
    auth: 'staff',
    params: kindParam,
    query: catalogListQuery,
    errors: [404],
  },
  {
    method: 'get',
    path: '/admin/catalog/:kind/:id',
    summary: 'One catalog item',
    auth: 'staff',
    params: itemParam,
    errors: [404],
  },
  {
    method: 'post',
    path: '/admin/catalog/:kind',
    summary: 'Create a catalog item',
    description: 'The body is the input of the kind named in the path (one of the alternatives).',
    auth: 'staff',
    permission: 'manageCommerce',
    params: kindParam,
    body: anyKindInput,
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/admin/catalog/:kind/:id',
    summary: 'Change a catalog item (with the version it was read at)',
    description: 'The body is the input of the kind named in the path, with `version`.',
    auth: 'staff',
    permission: 'manageCommerce',
    params: itemParam,
    body: z.intersection(anyKindInput, catalogVersion),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/admin/catalog/:kind/:id',
    summary: 'Delete a catalog item',
    auth: 'staff',
    permission: 'manageCommerce',
    params: itemParam,
    query: deleteQuery,
    errors: [404, 409],
  },
]);
