import { describe, expect, it } from 'vitest';
import { registerForm, resetPasswordForm } from './account-forms';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('sign-up form schema', () => {
  it('reports a password mismatch together with the other fields, not after them', () => {
    const result = registerForm.safeParse({
      email: 'not an address',
      password: 'abc123',
      confirmPassword: 'abc124',
      phone: '',
      acceptTerms: false,
    });
    expect(errorsOf(result)).toEqual({
      email: 'validation.email',
      confirmPassword: 'validation.passwordMismatch',
      acceptTerms: 'validation.acceptTerms',
    });
  });

  it('reports a weak password and a mismatch each on its own field', () => {
    const result = registerForm.safeParse({
      email: 'a@example.com',
      password: 'abc',
      confirmPassword: 'abd',
      acceptTerms: true,
    });
    expect(errorsOf(result)).toEqual({ password: 'validation.pass', confirmPassword: 'validation.passwordMismatch' });
  });

  it('accepts matching passwords, and says nothing of a repeat that is missing but the field error', () => {
    expect(
      registerForm.safeParse({
        email: 'a@example.com',
        password: 'abc123',
        confirmPassword: 'abc123',
        acceptTerms: true,
      }).success,
    ).toBe(true);
    const missing = registerForm.safeParse({ email: 'a@example.com', password: 'abc123', acceptTerms: true });
    expect(errorsOf(missing)).toEqual({ confirmPassword: expect.any(String) });
  });
});

describe('new password form schema', () => {
  it('reports a mismatch even while the new password breaks the rule', () => {
    const result = resetPasswordForm.safeParse({ password: 'abc', confirmPassword: 'abcd' });
    expect(errorsOf(result)).toEqual({ password: 'validation.pass', confirmPassword: 'validation.passwordMismatch' });
    expect(resetPasswordForm.safeParse({ password: 'abc123', confirmPassword: 'abc123' }).success).toBe(true);
  });
});
