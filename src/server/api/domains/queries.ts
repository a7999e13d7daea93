import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { int } from '@/lib/api/answers';
import type { Database } from '../../db/client';
import { domainSuffixes } from '../../db/schema';
import { AVAILABILITIES, type RegistryAdapter } from '../../domains/registry';
import { invalidInput } from '../errors';
import { displayName, normalizeSuffix, parseSearchName } from './names';

export const domainSuffixAnswer = z.object({
  suffix: z.string(),
  category: z.string(),
  registerPriceCents: int(),
  renewPriceCents: int(),
  transferPriceCents: int(),
  promo: z.boolean(),
});
export type DomainSuffix = z.infer<typeof domainSuffixAnswer>;

export const domainCheckAnswer = z.object({
  suffix: z.string(),
  fqdn: z.string().describe('the ASCII (punycode) name, e.g. `xn--eqrt2g.com`'),
  displayName: z.string().describe('the same name as a visitor reads it, e.g. `域名.com`'),
  state: z.enum(AVAILABILITIES),
  registerPriceCents: int(),
  renewPriceCents: int(),
  transferPriceCents: int(),
});
export type DomainCheck = z.infer<typeof domainCheckAnswer>;

/** Active domain suffixes with their yearly prices in USD cents, in catalogue order. */
export async function listDomainSuffixes(db: Database, filter: { category?: string } = {}): Promise<DomainSuffix[]> {
  return db
    .select({
      suffix: domainSuffixes.suffix,
      category: domainSuffixes.category,
      registerPriceCents: domainSuffixes.registerPriceCents,
      renewPriceCents: domainSuffixes.renewPriceCents,
      transferPriceCents: domainSuffixes.transferPriceCents,
      promo: domainSuffixes.promo,
    })
    .from(domainSuffixes)
    .where(
      and(
        eq(domainSuffixes.active, true),
        filter.category === undefined ? undefined : eq(domainSuffixes.category, filter.category),
      ),
    )
    .orderBy(asc(domainSuffixes.sort), asc(domainSuffixes.suffix));
}

/**
 * Checks one label under several suffixes. `name` may carry one of our suffixes (`example.com`), which then
 * comes first; `suffixes` defaults to every active one. Invalid input is a 4001 naming `name` or `suffixes`.
 */
export async function checkDomainName(
  db: Database,
  registry: RegistryAdapter,
  input: { name: string; suffixes?: string[] },
): Promise<DomainCheck[]> {
  const catalogue = await listDomainSuffixes(db);
  const bySuffix = new Map(catalogue.map((s) => [s.suffix, s]));
  const parsed = parseSearchName(
    input.name,
    catalogue.map((s) => s.suffix),
  );

  let requested: string[] = catalogue.map((s) => s.suffix);
  let suffixError: string | undefined;
  if (input.suffixes !== undefined) {
    const normalized = input.suffixes.map(normalizeSuffix);
    if (normalized.some((s) => s === undefined || !bySuffix.has(s))) suffixError = 'domain.error.unknownSuffix';
    requested = normalized.filter((s): s is string => s !== undefined);
  }
  if (!parsed.ok || suffixError) {
    throw invalidInput({
      ...(parsed.ok ? {} : { name: parsed.messageKey }),
      ...(suffixError ? { suffixes: suffixError } : {}),
    });
  }

  const order = [...new Set([...(parsed.typedSuffix ? [parsed.typedSuffix] : []), ...requested])];
  const rows = order.flatMap((suffix) => {
    const price = bySuffix.get(suffix);
    return price ? [{ price, fqdn: `${parsed.label}${suffix}` }] : [];
  });
  const states = await registry.check(rows.map((r) => r.fqdn));
  return rows.map(({ price, fqdn }) => ({
    suffix: price.suffix,
    fqdn,
    displayName: displayName(fqdn),
    state: states.get(fqdn) ?? 'unknown',
    registerPriceCents: price.registerPriceCents,
    renewPriceCents: price.renewPriceCents,
    transferPriceCents: price.transferPriceCents,
  }));
}
