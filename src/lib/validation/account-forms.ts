import './zod-config';
import { z } from 'zod';
import { LOCALES } from '../locales';
import { rules } from './rules';

/**
 * Account inputs, one schema each, shared by the forms and the API handlers (docs/engineering.md#types-input-errors: one zod schema per
 * input). Passwords travel RSA-OAEP encrypted (docs/product/api.md#requests): the form validates the plain password with the
 * `pass` rule (docs/product/validation.md#pattern-rules); the handler validates the same rule again after decrypting.
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

export const registerForm = z
  .object({
    email: rules.email,
    password: rules.pass,
    confirmPassword: z.string(),
    phone: optionalPhone,
    acceptTerms: z.literal(true, { message: 'validation.acceptTerms' }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

/** What the browser sends: the password as base64 ciphertext. */
export const registerRequest = z.object({
  email: rules.email,
  password: z.string().min(1, 'validation.required').max(2048, 'api.field.invalid'),
  phone: optionalPhone,
  acceptTerms: z.literal(true, { message: 'validation.acceptTerms' }),
  locale: z.enum(LOCALES).optional(),
});

export const loginForm = z.object({
  account: z.string().trim().min(1, 'validation.required').max(254, 'api.field.tooLong'),
  password: z.string().min(1, 'validation.required').max(64, 'api.field.tooLong'),
});

export const loginRequest = z.object({
  account: z.string().trim().min(1, 'validation.required').max(254, 'api.field.tooLong'),
  password: z.string().min(1, 'validation.required').max(2048, 'api.field.invalid'),
});

export const activateRequest = z.object({
  code: z.string().trim().min(1, 'validation.required').max(128, 'api.field.invalid'),
});

export const resendRequest = z.object({ email: rules.email, locale: z.enum(LOCALES).optional() });

/** "Forgot your password?": the address the reset link goes to. */
export const forgotPasswordRequest = z.object({ email: rules.email, locale: z.enum(LOCALES).optional() });

/** The new password, typed twice, on the page the reset link opens. */
export const resetPasswordForm = z
  .object({ password: rules.pass, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

/** What the browser sends: the code from the link and the new password as base64 ciphertext. */
export const resetPasswordRequest = z.object({
  code: z.string().trim().min(1, 'validation.required').max(128, 'api.field.invalid'),
  password: z.string().min(1, 'validation.required').max(2048, 'api.field.invalid'),
});

export type RegisterForm = z.input<typeof registerForm>;
export type LoginForm = z.input<typeof loginForm>;
