import { z } from 'zod';
import { defineResource, versioned } from '../resource';

const whole = (min: number, max: number) =>
  z.coerce.number({ error: 'api.field.invalid' }).int({ error: 'api.field.invalid' }).min(min).max(max);

/** The affiliate programme's terms as owners and managers edit them (docs/decisions/070-affiliate-programme.md). */
export const affiliateTermsInput = z.object({
  ratePercent: z
    .string({ error: 'api.field.required' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'api.field.invalid' }),
  months: whole(1, 120),
  cookieDays: whole(1, 365),
  holdingDays: whole(0, 180),
  minimumPayoutUsdCents: whole(0, 10_000_000),
  excludedLineKeys: z
    .string()
    .trim()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .or(z.array(z.string().trim().min(1).max(40)).max(20)),
});

/**
 * The programme's one row of terms: what the storefront's affiliate page shows and the ledger computes with. Its
 * history is the audit log's (every save a version, each undoable); it is never created or deleted here.
 */
export const affiliateTermsResource = defineResource({
  name: 'affiliate-terms',
  path: '/affiliate-terms',
  nav: { section: 'commerce' },
  audit: 'affiliateTerms',
  table: 'affiliateTerms',
  // The affiliate article and page read them.
  changes: ['articles'],
  key: { field: 'id', type: 'number' },
  input: affiliateTermsInput,
  row: z.object({
    id: z.number().int(),
    ratePercent: z.string(),
    months: z.number().int(),
    cookieDays: z.number().int(),
    holdingDays: z.number().int(),
    minimumPayoutUsdCents: z.number().int(),
    excludedLineKeys: z.array(z.string()),
    ...versioned,
  }),
  access: { read: 'readCommerce', write: 'manageCommerce', create: false, delete: false },
  undo: true,
  list: { sorts: ['id'], order: { sort: 'id', dir: 'asc' } },
  columns: [
    { name: 'ratePercent', format: 'percent' },
    { name: 'months', format: 'number' },
    { name: 'cookieDays', format: 'number' },
    { name: 'holdingDays', format: 'number' },
    { name: 'minimumPayoutUsdCents', format: 'money' },
  ],
  fields: [
    { name: 'ratePercent', kind: 'decimal', hint: true },
    { name: 'months', kind: 'integer' },
    { name: 'cookieDays', kind: 'integer' },
    { name: 'holdingDays', kind: 'integer' },
    { name: 'minimumPayoutUsdCents', kind: 'integer', hint: true },
    { name: 'excludedLineKeys', kind: 'text', hint: true },
  ],
  blank: () => ({
    ratePercent: '15',
    months: 12,
    cookieDays: 30,
    holdingDays: 30,
    minimumPayoutUsdCents: 5000,
    excludedLineKeys: 'domain, traffic_overage',
  }),
  title: 'ratePercent',
});
