import 'server-only';
import { z } from 'zod';
import { LOCALES, parseLocale } from '@/lib/locales';
import { registryAdapter } from '../../domains/registry';
import { publicReader } from '../context';
import { apiRouter } from '../route';
import { checkDomainName, domainCheckAnswer, domainSuffixAnswer, listDomainSuffixes } from './queries';

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

/** Domain suffixes and name checks (docs/product/api.md#domains). */
export const domainsRouter = apiRouter('Domains');

domainsRouter.route(
  {
    method: 'post',
    path: '/domain/suffix/search',
    summary: 'Active domain suffixes with register, renew and transfer prices',
    body: suffixSearch,
    response: z.array(domainSuffixAnswer),
  },
  (c, { body }) => listDomainSuffixes(publicReader(c), { category: body.category }),
);

domainsRouter.route(
  {
    method: 'post',
    path: '/domain/suffix/check',
    summary: 'Whether a name is available under each suffix, with its prices',
    body: suffixCheck,
    response: z.array(domainCheckAnswer),
  },
  (c, { body }) => {
    const db = c.get('db');
    return checkDomainName(db, registryAdapter(db), body);
  },
);
