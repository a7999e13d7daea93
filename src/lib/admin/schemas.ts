import '../validation/zod-config';
import { z } from 'zod';
import { isSitePath, isWebAddress } from '../site-path';
import { wholeNumber } from '../validation/numbers';

/**
 * The back office's inputs (docs/product/back-office-api.md), one schema each, shared by its forms and the
 * `/api/admin` handlers. Messages are i18n keys under `api.` (the same words in the form and in the answer).
 */

export const STAFF_ROLES = ['owner', 'manager', 'editor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_LOCALES = ['en', 'zh', 'ja'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];

/** An e-mail address as staff sign in with it and are invited at: trimmed, in lower case. */
export const staffEmail = z
  .string({ error: 'api.field.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'api.field.required', abort: true })
  .max(254, { error: 'api.field.tooLong', abort: true })
  .pipe(z.email({ error: 'api.field.invalid' }));

/** A row's version as the editor loaded it: a save over a newer one is refused (409). */
export const version = wholeNumber({ min: 1, max: 2_147_483_647 });

export const AUDIT_KINDS = [
  'staff',
  'announcement',
  'article',
  'job',
  'history',
  'footer',
  'review',
  'region',
  'image',
  'productLine',
  'plan',
  'disk',
  'bandwidthTier',
  'trafficPackage',
  'securityGroup',
  'snapshotPolicy',
  'quickSet',
  'domainSuffix',
  'reservedLabel',
  'order',
  'customer',
  'mail',
  'webhook',
  'coupon',
  'sale',
  'saleItem',
  'pintuanOffer',
  'promotion',
  'price',
  'priceSchedule',
  'currencyRate',
  'taxRule',
  'affiliate',
  'affiliateTerms',
  'affiliateCommission',
  'affiliatePayout',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const TRANSLATED_KINDS = ['announcement', 'article', 'job', 'history', 'footer'] as const;
/** The missing-translations view's choice: every kind, or one (its filter in the address and the API). */
export const MISSING_TRANSLATION_KINDS = ['all', ...TRANSLATED_KINDS] as const;

/** Text in three languages: English required (the site's fallback), Chinese and Japanese may wait. */
export function localizedText(max: number) {
  const text = z.string().trim().max(max, { error: 'api.field.tooLong' });
  return z.object({
    en: text.min(1, { error: 'api.field.required' }),
    zh: text.default(''),
    ja: text.default(''),
  });
}

/** A list of lines in three languages (a job's responsibilities): English needs at least one. */
function localizedLines(maxLines: number, maxLength: number) {
  const lines = z
    .array(z.string().trim().min(1, { error: 'api.field.required' }).max(maxLength, { error: 'api.field.tooLong' }))
    .max(maxLines, { error: 'api.field.tooLong' });
  return z.object({
    en: lines.min(1, { error: 'api.field.required' }),
    zh: lines.default([]),
    ja: lines.default([]),
  });
}

export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;

const code = z
  .string({ error: 'api.field.required' })
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, { error: 'api.field.invalid' });

export const jobInput = z.object({
  department: code,
  location: code,
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: 'api.field.invalid' }),
  title: localizedText(120),
  summary: localizedText(1000),
  responsibilities: localizedLines(20, 300),
  requirements: localizedLines(20, 300),
  postedAt: z.iso.datetime({ offset: true, error: 'api.field.invalid' }),
  active: z.boolean({ error: 'api.field.invalid' }).default(true),
});

export const historyInput = z.object({
  year: wholeNumber({ min: 1990, max: 2100 }),
  month: wholeNumber({ min: 1, max: 12 }),
  title: localizedText(120),
  body: localizedText(2000),
});

/**
 * A footer link: a path on this site (`/doc/…`, as a browser resolves it: docs/decisions/053-site-paths.md) or an
 * https address elsewhere, which the footer opens in a new tab.
 */
export const footerLinkInput = z.object({
  name: localizedText(60),
  link: z
    .string({ error: 'api.field.required' })
    .trim()
    .max(500, { error: 'api.field.tooLong' })
    .refine((v) => isSitePath(v) || isWebAddress(v), {
      error: 'api.admin.linkInvalid',
    }),
  sort: wholeNumber({ min: 0, max: 1000 }).default(0),
  active: z.boolean({ error: 'api.field.invalid' }).default(true),
});

export const withVersion = <T extends z.ZodObject>(schema: T) => schema.extend({ version });
