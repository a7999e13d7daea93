import { z } from 'zod';
import { isEmail } from './validation/rules';

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

/** The longest payout account: bank details are free text (holder, bank, IBAN or account number, SWIFT/BIC). */
export const PAYOUT_ACCOUNT_MAX = 200;

/**
 * How the affiliate is paid: one schema for the dashboard's form and PUT /api/affiliate/payout-method. PayPal needs
 * the e-mail address of the PayPal account, a bank transfer the account details; the balance needs nothing, and
 * whatever was typed for it is dropped (the handler clears the stored account).
 */
export const affiliatePayoutInput = z
  .object({
    payoutMethod: z.enum(PAYOUT_METHODS),
    payoutAccount: z.string().trim().optional().describe('the PayPal e-mail address, or the bank account details'),
  })
  .superRefine((v, ctx) => {
    if (v.payoutMethod === 'balance') return;
    const account = v.payoutAccount ?? '';
    const at = { path: ['payoutAccount'] };
    if (account === '') ctx.addIssue({ code: 'custom', ...at, message: 'api.field.required' });
    else if (account.length > PAYOUT_ACCOUNT_MAX) ctx.addIssue({ code: 'custom', ...at, message: 'api.field.tooLong' });
    else if (v.payoutMethod === 'paypal' && !isEmail(account)) {
      ctx.addIssue({ code: 'custom', ...at, message: 'validation.email' });
    } else if (v.payoutMethod === 'bank' && account.length < 5) {
      ctx.addIssue({ code: 'custom', ...at, message: 'api.field.invalid' });
    }
  });
export type AffiliatePayoutInput = z.infer<typeof affiliatePayoutInput>;

/**
 * A stored payout account as it is shown back: a PayPal address keeps its first character and its domain
 * (`p***@example.com`), bank details only their last four letters or digits. The full details are never answered.
 */
export function maskPayoutAccount(method: (typeof PAYOUT_METHODS)[number], account: string | null): string | null {
  if (!account || method === 'balance') return null;
  if (method === 'paypal') {
    const at = account.lastIndexOf('@');
    return at > 0 ? `${account[0]}***${account.slice(at)}` : '***';
  }
  const tail = account.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return tail.length === 4 ? `***${tail}` : '***';
}

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
      /** Masked (maskPayoutAccount): never the full PayPal address or bank details. */
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
