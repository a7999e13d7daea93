'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type InputHTMLAttributes, useRef, useState } from 'react';
import { ApiCallError } from '@/lib/api-client';

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
      <label htmlFor={id} className="block text-sm text-ink">
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

type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * The submit logic every form shares (login, sign-up, review, contact): the values are checked with the schema
 * the API uses and zod's field errors shown at once; then `send` runs, and the API's own field errors (4001) or
 * its message key become the form's errors (`_` for the form as a whole). `parse` may load the schema on the
 * first submit. A second submit while one is running (schema loading included) is ignored.
 */
export function useFormSubmit<T>(
  parse: (data: FormData) => Parsed<T> | Promise<Parsed<T>>,
  send: (value: T) => Promise<void>,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A ref, not `busy`: a double click runs both handlers before React re-renders, and with the schema loading
  // on the first submit both would otherwise get past the check and send twice.
  const running = useRef(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      let parsed: Parsed<T>;
      try {
        parsed = await parse(new FormData(event.currentTarget));
      } catch {
        // A schema loaded on the first submit can fail to arrive (the connection dropped): say so, keep the input.
        setErrors({ _: 'api.requestFailed' });
        return;
      }
      if (!parsed.success) {
        setErrors(fieldErrorsOf(parsed.error.issues));
        return;
      }
      setErrors({});
      await send(parsed.data);
    } catch (error) {
      setErrors(
        error instanceof ApiCallError && error.fields
          ? error.fields
          : { _: error instanceof ApiCallError ? error.messageKey : 'api.requestFailed' },
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { errors, busy, onSubmit };
}
