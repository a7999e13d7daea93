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

/** Staff passwords: 12-128 characters; length is what makes a password strong (NIST SP 800-63B). */
export const STAFF_PASSWORD = { min: 12, max: 128 } as const;

const email = z
  .string({ error: 'api.field.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'api.field.required', abort: true })
  .max(254, { error: 'api.field.tooLong', abort: true })
  .pipe(z.email({ error: 'api.field.invalid' }));

const password = z
  .string({ error: 'api.field.required' })
  .min(1, { error: 'api.field.required', abort: true })
  .min(STAFF_PASSWORD.min, { error: 'api.admin.passwordTooShort' })
  .max(STAFF_PASSWORD.max, { error: 'api.field.tooLong' });

/** Six digits, as authenticator apps show them (spaces people type between the halves are dropped). */
const totpCode = z
  .string({ error: 'api.field.required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'api.admin.totpInvalid' }));

const token = z
  .string({ error: 'api.field.required' })
  .trim()
  .regex(/^[\w-]{20,100}$/, { error: 'api.admin.setupInvalid' });

/** At sign-in: an authenticator's six digits, or a one-time recovery code (`abcde-fghij`). */
const secondFactor = z
  .string({ error: 'api.field.required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, { error: 'api.admin.totpInvalid' }));

export const staffLogin = z.object({
  email,
  password: z.string({ error: 'api.field.required' }).min(1).max(1024),
  totpCode: secondFactor,
});
export type StaffLogin = z.infer<typeof staffLogin>;

export const setupInspect = z.object({ token });
export const staffSetup = z.object({ token, password, totpCode });

/** Renewing one's recovery codes asks for a fresh authenticator code (a left-open session is not enough). */
export const recoveryCodesRenewal = z.object({ totpCode });
export type StaffSetup = z.infer<typeof staffSetup>;

const name = z
  .string({ error: 'api.field.required' })
  .trim()
  .min(1, { error: 'api.field.required', abort: true })
  .max(80, { error: 'api.field.tooLong' });

export const staffInvite = z.object({
  email,
  name,
  role: z.enum(STAFF_ROLES, { error: 'api.field.invalid' }),
  locale: z.enum(ADMIN_LOCALES, { error: 'api.field.invalid' }).default('en'),
});
export type StaffInvite = z.infer<typeof staffInvite>;

/** A row's version as the editor loaded it: a save over a newer one is refused (409). */
export const version = wholeNumber({ min: 1, max: 2_147_483_647 });

export const staffUpdate = z.object({
  role: z.enum(STAFF_ROLES, { error: 'api.field.invalid' }),
  status: z.enum(['active', 'disabled'], { error: 'api.field.invalid' }),
  version,
});
export type StaffUpdate = z.infer<typeof staffUpdate>;

/**
 * Sending an invitation again or resetting a second factor names the version the owner saw, so an action is never
 * taken on a person changed meanwhile (docs/product/back-office-api.md, "Recovering staff").
 */
export const staffAction = z.object({ version });

/** A list's page, order and search, from the query string. */
export function listQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: wholeNumber({ min: 1, max: 100_000 }).default(1),
    rows: wholeNumber({ min: 1, max: 100 }).default(20),
    sort: z.enum(sortable, { error: 'api.field.invalid' }).default(sortable[0]),
    dir: z.enum(['asc', 'desc'], { error: 'api.field.invalid' }).default('desc'),
    q: z.string().trim().max(200, { error: 'api.field.tooLong' }).default(''),
  });
}

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
