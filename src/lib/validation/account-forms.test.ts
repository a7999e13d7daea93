import { describe, expect, it } from 'vitest';
import { loginForm, registerForm, resetPasswordForm } from './account-forms';
import { accountPassword } from './account-password';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('sign-up form schema', () => {
  it('reports a password mismatch together with the other fields, not after them', () => {
    const result = registerForm.safeParse({
      email: 'not an address',
      password: 'lantern harbor 42',
      confirmPassword: 'lantern harbor 43',
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
    expect(errorsOf(result)).toEqual({
      password: 'validation.passwordLength',
      confirmPassword: 'validation.passwordMismatch',
    });
  });

  it('accepts matching passwords, and says nothing of a repeat that is missing but the field error', () => {
    expect(
      registerForm.safeParse({
        email: 'a@example.com',
        password: 'lantern harbor 42',
        confirmPassword: 'lantern harbor 42',
        acceptTerms: true,
      }).success,
    ).toBe(true);
    const missing = registerForm.safeParse({
      email: 'a@example.com',
      password: 'lantern harbor 42',
      acceptTerms: true,
    });
    expect(errorsOf(missing)).toEqual({ confirmPassword: expect.any(String) });
  });
});

describe('new password form schema', () => {
  it('reports a mismatch even while the new password breaks the rule', () => {
    const result = resetPasswordForm.safeParse({ password: 'abc', confirmPassword: 'abcd' });
    expect(errorsOf(result)).toEqual({
      password: 'validation.passwordLength',
      confirmPassword: 'validation.passwordMismatch',
    });
    expect(resetPasswordForm.safeParse({ password: 'lantern 42', confirmPassword: 'lantern 42' }).success).toBe(true);
  });
});

describe('account password schema (docs/decisions/056-account-passwords.md)', () => {
  it('takes 8 to 128 characters of any kind, counted as a reader counts them', () => {
    expect(accountPassword.safeParse('Moonlit river; 7 cranes!!').success).toBe(true);
    expect(accountPassword.safeParse('🐼'.repeat(128)).success).toBe(true);
    expect(accountPassword.safeParse('静'.repeat(8)).success).toBe(true);
    expect(accountPassword.safeParse('🐼'.repeat(129)).error?.issues[0]?.message).toBe('validation.passwordLength');
    expect(accountPassword.safeParse('seven77').error?.issues[0]?.message).toBe('validation.passwordLength');
    expect(accountPassword.safeParse('line\nbreak!').error?.issues[0]?.message).toBe('validation.passwordControl');
    expect(accountPassword.safeParse('').error?.issues[0]?.message).toBe('validation.required');
  });

  it('normalizes with NFKC, so the repeat typed another way still matches', () => {
    const result = resetPasswordForm.safeParse({ password: 'ｃａｆé　ｍｅｎｕ', confirmPassword: 'cafe\u0301 menu' });
    expect(result.data).toEqual({ password: 'café menu', confirmPassword: 'café menu' });
  });

  it("lets any password up to 128 characters try to sign in, the old rule's included", () => {
    expect(loginForm.safeParse({ account: 'a@example.com', password: 'abc1' }).success).toBe(true);
    expect(loginForm.safeParse({ account: 'a@example.com', password: '🐼'.repeat(128) }).success).toBe(true);
    expect(loginForm.safeParse({ account: 'a@example.com', password: '🐼'.repeat(129) }).success).toBe(false);
  });
});
