import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { LOCALES, parseLocale } from '@/lib/locales';
import { registryAdapter } from '../../domains/registry';
import type { AppEnv } from '../context';
import { jsonBody } from '../input';
import { describeRoutes } from '../openapi/describe';
import { checkDomainName, listDomainSuffixes } from './queries';

/** More suffixes than one search may ask the registry about at once (each may be an outside RDAP request). */
export const MAX_SUFFIXES_PER_CHECK = 50;

const suffixSearch = z.object({
  language: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseLocale(v) !== undefined, { message: 'api.field.invalid' })
    .describe(`one of ${LOCALES.join(', ')}; the list is the same in every language (categories are codes)`),
  category: z.string().trim().max(32).optional().describe('popular, country or new; omitted: every category'),
});

const suffixCheck = z.object({
  name: z
    .string()
    .max(253)
    .describe('a second-level label in any script, optionally with one of our suffixes: example, example.com, 域名'),
  suffixes: z
    .array(z.string().max(63))
    .max(MAX_SUFFIXES_PER_CHECK)
    .optional()
    .describe('suffixes to check, e.g. [".com", "net"]; omitted: every active suffix'),
});

export const domainsRouter = new Hono<AppEnv>();

// POST /api/domain/suffix/search - active domain suffixes with register, renew and transfer prices (docs/product/api.md#domains)
domainsRouter.post('/domain/suffix/search', async (c) => {
  const { category } = await jsonBody(c, suffixSearch);
  return c.json({ code: 2000, message: await listDomainSuffixes(c.get('db'), { category }) });
});

// POST /api/domain/suffix/check - whether a name is available under each suffix, with its prices (docs/product/api.md#domains)
domainsRouter.post('/domain/suffix/check', async (c) => {
  const input = await jsonBody(c, suffixCheck);
  const db = c.get('db');
  return c.json({ code: 2000, message: await checkDomainName(db, registryAdapter(db), input) });
});

export const domainDocs = describeRoutes('Domains', [
  {
    method: 'post',
    path: '/domain/suffix/search',
    summary: 'Active domain suffixes with register, renew and transfer prices',
    body: suffixSearch,
  },
  {
    method: 'post',
    path: '/domain/suffix/check',
    summary: 'Whether a name is available under each suffix, with its prices',
    body: suffixCheck,
  },
]);
