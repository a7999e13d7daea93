'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The translated text of a field error key (forms.error.*, validation.*, api.*). */
function FieldError({ id, error }: { id: string; error: string }) {
  const t = useTranslations();
  return (
    <p id={`${id}-error`} className="mt-1 text-xs text-red-700" data-testid={`${id}-error`}>
      {t.has(error as never) ? t(error as never) : t('api.field.invalid')}
    </p>
  );
}

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

const CONTROL = 'mt-1 block w-full rounded-md border px-3 py-2 text-sm focus:border-brand-500';

/** A labelled textarea with hint and error linked for screen readers, like FormField for inputs. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; hint?: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-ink">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${CONTROL} ${error ? 'border-red-500' : 'border-line'}`}
        {...textarea}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={id} error={error} /> : null}
    </div>
  );
}

/** A labelled native select (works with the keyboard and every screen reader, no script needed). */
export function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`${CONTROL} bg-white ${error ? 'border-red-500' : 'border-line'}`}
        {...select}
      >
        {children}
      </select>
      {error ? <FieldError id={id} error={error} /> : null}
    </div>
  );
}
