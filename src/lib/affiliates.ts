import { z } from 'zod';

export { REFERRAL_COOKIE, REFERRAL_PARAM } from './consent';

/** An affiliate code: 10 characters of Crockford's base32 (50 random bits), typed in any case. */
export const affiliateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, { error: 'api.field.invalid' });

export const PAYOUT_METHODS = ['balance', 'paypal', 'bank'] as const;
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid'] as const;

/** A referral click as the beacon sends it: the code from the address and the page it landed on. */
export const affiliateClickInput = z.object({
  code: z.string().trim().max(40).describe('the `aff` parameter as the visitor arrived with it'),
  path: z.string().max(2000).default('/').describe('the page the link pointed at, without its query'),
});

/** What the beacon is answered: the token for the cookie, or none for a code that is unknown or disabled. */
export const affiliateClickAnswer = z.object({
  token: z.string().nullable(),
  cookieDays: z.number().int(),
});

/** Joining: the terms version the customer read and accepted, and how they want to be paid. */
export const affiliateJoinInput = z.object({
  termsVersion: z.number().int().positive().describe('the version of the terms shown to the customer'),
  payoutMethod: z.enum(PAYOUT_METHODS).default('balance'),
  payoutAccount: z.string().trim().max(200).optional().describe('a PayPal address or bank details'),
});

export const affiliatePayoutInput = z
  .object({
    payoutMethod: z.enum(PAYOUT_METHODS),
    payoutAccount: z.string().trim().max(200).optional(),
  })
  .refine((v) => v.payoutMethod === 'balance' || (v.payoutAccount ?? '').length >= 3, {
    path: ['payoutAccount'],
    error: 'api.field.required',
  });

/** The programme's terms as the storefront shows them (docs/decisions/070-affiliate-programme.md). */
export const affiliateTermsAnswer = z.object({
  version: z.number().int(),
  ratePercent: z.string(),
  months: z.number().int(),
  cookieDays: z.number().int(),
  holdingDays: z.number().int(),
  minimumPayoutUsdCents: z.number().int(),
  excludedLineKeys: z.array(z.string()),
});
export type AffiliateTermsAnswer = z.infer<typeof affiliateTermsAnswer>;

const byStatus = z.object({ pending: z.number().int(), approved: z.number().int(), paid: z.number().int() });

/** The affiliate's own page: their code, counts and money in US cents; nothing that names a customer. */
export const affiliateDashboardAnswer = z.object({
  terms: affiliateTermsAnswer,
  affiliate: z
    .object({
      code: z.string(),
      status: z.enum(['active', 'disabled']),
      payoutMethod: z.enum(PAYOUT_METHODS),
      /** Masked: the first characters only. */
      payoutAccount: z.string().nullable(),
      joinedAt: z.string(),
      clicks: z.number().int(),
      signUps: z.number().int(),
      orders: z.number().int(),
      commissionUsdCents: byStatus,
      months: z.array(
        z.object({
          month: z.string(),
          clicks: z.number().int(),
          signUps: z.number().int(),
          orders: z.number().int(),
          commissionUsdCents: byStatus,
        }),
      ),
      nextPayout: z.object({
        date: z.string(),
        approvedUsdCents: z.number().int(),
        minimumUsdCents: z.number().int(),
        due: z.boolean(),
      }),
    })
    .nullable(),
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboardAnswer>;
