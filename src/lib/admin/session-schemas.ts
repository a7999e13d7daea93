import '../validation/zod-config';
import { z } from 'zod';
import { staffRow } from './resources/staff';
import { STAFF_ROLES, staffEmail } from './schemas';

/**
 * Signing in to the back office, a setup link and one's own recovery codes (docs/product/back-office-api.md,
 * Sessions): what the forms and the `/api/admin/auth` routes read, and what those routes answer.
 */

/** Staff passwords: 12-128 characters; length is what makes a password strong (NIST SP 800-63B). */
export const STAFF_PASSWORD = { min: 12, max: 128 } as const;

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
  email: staffEmail,
  password: z.string({ error: 'api.field.required' }).min(1).max(1024),
  totpCode: secondFactor,
});

export const setupInspect = z.object({ token });
export const staffSetup = z.object({ token, password, totpCode });
export type StaffSetup = z.infer<typeof staffSetup>;

/** Renewing one's recovery codes asks for a fresh authenticator code (a left-open session is not enough). */
export const recoveryCodesRenewal = z.object({ totpCode });

/** What a setup link offers: who it is for, and the authenticator secret to enrol (as text and as a QR code). */
export const setupOffer = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type SetupOffer = z.infer<typeof setupOffer>;

const recoveryCodes = z.array(z.string()).describe('one-time codes, shown once: the server keeps only their hash');

/** A session begun (sign-in): who, and the CSRF token every state-changing call sends back. */
export const signedIn = z.object({ staff: staffRow, csrfToken: z.string() });
export type Session = z.infer<typeof signedIn>;

/** A setup link used: signed in, with the recovery codes shown this once. */
export const setUp = signedIn.extend({ recoveryCodes });
export type SetUp = z.infer<typeof setUp>;

/** The session as it is (`GET /api/admin/auth/me`), with how many recovery codes are left. */
export const currentSession = signedIn.extend({ recoveryCodesLeft: z.number().int() });
export type CurrentSession = z.infer<typeof currentSession>;

export const renewedCodes = z.object({ recoveryCodes });
export type RenewedCodes = z.infer<typeof renewedCodes>;
