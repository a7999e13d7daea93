import './zod-config';
import { z } from 'zod';
import { LOCALES } from '../locales';
import { accountPassword, currentPassword, repeatedPassword } from './account-password';
import { rules } from './rules';

/**
 * Account inputs, one schema each, shared by the forms and the API handlers (docs/engineering.md#types-input-errors: one zod schema per
 * input). Passwords travel encrypted (docs/product/api.md#requests): the form validates the plain password with the
 * account password schema (docs/product/validation.md#account-passwords); the handler validates it again after
 * decrypting, and checks the list of common passwords, which only the server holds in full.
 */
const optionalPhone = z
  .string()
  .trim()
  .max(20, 'validation.phone')
  .optional()
  .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
  .pipe(rules.phone.optional());

/**
 * The repeated password must equal the password. A refinement of the whole object runs only once every field is
 * valid, so the mismatch showed up last, after the e-mail and the rest had been fixed. This one runs as soon as
 * both passwords are strings, whatever else is wrong, so each field's error shows at once, on its own field.
 */
const passwordsMatch = {
  path: ['confirmPassword'],
  message: 'validation.passwordMismatch',
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/**
 * A password as the browser sends it: a JWE (RSA-OAEP-256 and A256GCM) or, from a tab opened before it, bare
 * RSA-OAEP ciphertext in base64 (docs/product/api.md#requests). The longest password allowed, 128 characters of 4
 * UTF-8 bytes each, makes a JWE of about 1,130 characters.
 */
const encryptedPassword = z.string().min(1, 'validation.required').max(2048, 'api.field.invalid');

export const registerForm = z
  .object({
    email: rules.email,
    password: accountPassword,
    confirmPassword: repeatedPassword,
    phone: optionalPhone,
    acceptTerms: z.literal(true, { message: 'validation.acceptTerms' }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

/** What the browser sends: the password encrypted. */
export const registerRequest = z.object({
  email: rules.email,
  password: encryptedPassword,
  phone: optionalPhone,
  acceptTerms: z.literal(true, { message: 'validation.acceptTerms' }),
  locale: z.enum(LOCALES).optional(),
});

export const loginForm = z.object({
  account: z.string().trim().min(1, 'validation.required').max(254, 'api.field.tooLong'),
  password: currentPassword,
});

export const loginRequest = z.object({
  account: z.string().trim().min(1, 'validation.required').max(254, 'api.field.tooLong'),
  password: encryptedPassword,
});

export const activateRequest = z.object({
  code: z.string().trim().min(1, 'validation.required').max(128, 'api.field.invalid'),
});

export const resendRequest = z.object({ email: rules.email, locale: z.enum(LOCALES).optional() });

/** "Forgot your password?": the address the reset link goes to. */
export const forgotPasswordRequest = z.object({ email: rules.email, locale: z.enum(LOCALES).optional() });

/** The new password, typed twice, on the page the reset link opens. */
export const resetPasswordForm = z
  .object({ password: accountPassword, confirmPassword: repeatedPassword })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

/** What the browser sends: the code from the link and the new password encrypted. */
export const resetPasswordRequest = z.object({
  code: z.string().trim().min(1, 'validation.required').max(128, 'api.field.invalid'),
  password: encryptedPassword,
});

export type RegisterForm = z.input<typeof registerForm>;
export type LoginForm = z.input<typeof loginForm>;
