'use client';

import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes } from 'react';

/** A labelled input with its translated field error, announced and linked for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; hint?: string }) {
  const t = useTranslations();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm ${error ? 'border-red-500' : 'border-line'} focus:border-brand-500`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700" data-testid={`${id}-error`}>
          {t.has(error as never) ? t(error as never) : t('api.field.invalid')}
        </p>
      ) : null}
    </div>
  );
}

/** First error key per field from a zod error. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= /^(api|validation|forms)\./.test(issue.message) ? issue.message : 'api.field.invalid';
  }
  return out;
}

/** A form-level error (not tied to one field), translated from its i18n key. */
export function FormError({ messageKey, testId }: { messageKey: string; testId?: string }) {
  const t = useTranslations();
  return (
    <p role="alert" className="mt-1 text-sm text-red-700" data-testid={testId}>
      {t.has(messageKey as never) ? t(messageKey as never) : t('api.requestFailed')}
    </p>
  );
}
