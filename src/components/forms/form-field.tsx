'use client';

import { useTranslations } from 'next-intl';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useRef,
  useState,
} from 'react';
import { ApiCallError } from '@/lib/api-client';

/**
 * The one rule for turning an error key (zod's message, the API's `fields` or `messageKey`) into text in the
 * reader's language: a key the messages know is translated, any other reads as the fallback (docs/product/errors.md).
 */
export function useErrorText(): (key: string, fallback?: 'api.field.invalid' | 'api.requestFailed') => string {
  const t = useTranslations();
  return (key, fallback = 'api.field.invalid') => (t.has(key as never) ? t(key as never) : t(fallback));
}

type FieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** The id of something else that describes the field, read after its hint and error (a strength meter). */
  describedBy?: string | undefined;
};

/** The control the field shows: an input (the default), a textarea or a native select. */
type Control =
  | ({ as?: 'input' } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: 'textarea' } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  // A native select works with the keyboard and every screen reader, no script needed.
  | ({ as: 'select'; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>);

const CONTROL = 'mt-1 block w-full rounded-md border px-3 py-2 text-sm focus:border-brand-500';

/**
 * A labelled form control with its hint and translated field error, both linked to it for screen readers. Every
 * customer-facing form uses it (account, review, contact, promotions); the back office has its own in
 * src/components/admin/ui.tsx because it reads the admin messages and hands refs to react-hook-form.
 */
export function FormField(props: FieldProps & Control) {
  const { id, label, error, hint } = props;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, props.describedBy ?? null].filter(Boolean).join(' ') ||
    undefined;
  const aria = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  const border = error ? 'border-red-500' : 'border-line';
  let control: ReactNode;
  if (props.as === 'textarea') {
    const { as: _as, id: _id, label: _label, error: _error, hint: _hint, describedBy: _d, ...textarea } = props;
    control = <textarea {...aria} className={`${CONTROL} ${border}`} {...textarea} />;
  } else if (props.as === 'select') {
    const { as: _as, id: _id, label: _label, error: _error, hint: _hint, describedBy: _d, children, ...select } = props;
    control = (
      <select {...aria} className={`${CONTROL} bg-white ${border}`} {...select}>
        {children}
      </select>
    );
  } else {
    const { as: _as, id: _id, label: _label, error: _error, hint: _hint, describedBy: _d, ...input } = props;
    // A text field says so: a browser assumes it, but an `<input>` without a type reads as an oversight.
    control = <input type="text" {...aria} className={`${CONTROL} ${border}`} {...input} />;
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-ink">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={id} error={error} /> : null}
    </div>
  );
}

/** A field's translated error, with the id the field's `aria-describedby` names. */
export function FieldError({ id, error }: { id: string; error: string }) {
  const errorText = useErrorText();
  return (
    <p id={`${id}-error`} className="mt-1 text-xs text-red-700" data-testid={`${id}-error`}>
      {errorText(error)}
    </p>
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
  const errorText = useErrorText();
  return (
    <p role="alert" className="mt-1 text-sm text-red-700" data-testid={testId}>
      {errorText(messageKey, 'api.requestFailed')}
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
