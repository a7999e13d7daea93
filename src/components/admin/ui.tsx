'use client';

import { AlertDialog, Dialog } from 'radix-ui';
import {
  type ButtonHTMLAttributes,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useRef,
} from 'react';
import { useAdminTranslations as useTranslations } from './i18n';

/** An API or schema message key in the reader's language; an unknown key reads as "request failed". */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const t = useTranslations();
  return (key) => {
    if (!key) return undefined;
    if (t.has(key as never)) return t(key as never);
    return /^api\.field\./.test(key) ? t('api.field.invalid') : t('api.requestFailed');
  };
}

export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-line bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60',
  link: 'font-semibold text-brand-700 underline-offset-2 hover:underline',
} as const;

const inputClass = (error: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-600' : 'border-line'} focus:border-brand-500`;

type FieldProps = { id: string; label: string; error?: string; hint?: ReactNode };

function FieldFrame({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  const text = useErrorText()(error);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`${id}-error`}>
          {text}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A labelled input whose translated error is shown under it and linked for screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ id, label, error, hint, className, ...input }, ref) {
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint}>
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass(!!error)} ${className ?? ''}`}
          {...input}
        />
      </FieldFrame>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ id, label, error, hint, className, ...input }, ref) {
    return (
      <FieldFrame id={id} label={label} error={error} hint={hint}>
        <textarea
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass(!!error)} ${className ?? ''}`}
          {...input}
        />
      </FieldFrame>
    );
  },
);

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }
>(function SelectField({ id, label, error, hint, className, children, ...input }, ref) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${inputClass(!!error)} ${className ?? ''}`}
        {...input}
      >
        {children}
      </select>
    </FieldFrame>
  );
});

/** A message about the whole form or page (a refused sign-in, a failed load), read out when it appears. */
export function Alert({
  messageKey,
  children,
  tone = 'error',
  testId,
}: {
  messageKey?: string;
  children?: ReactNode;
  tone?: 'error' | 'info' | 'success';
  testId?: string;
}) {
  const text = useErrorText()(messageKey);
  const colours = {
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-brand-200 bg-brand-50 text-brand-900',
    success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${colours}`}
      data-testid={testId}
    >
      {text ?? children}
    </div>
  );
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function Button({
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass }) {
  return <button type="button" className={`${buttonClass[variant]} ${className ?? ''}`} {...props} />;
}

/**
 * A modal dialog (Radix: focus stays inside, Escape and the close button end it, focus goes back to what opened
 * it).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useTranslations('admin');
  // Opened by state, not by a Dialog.Trigger, so Radix has nothing to give focus back to: what had focus when
  // it opened gets it back (as src/components/account/auth-dialog.tsx does).
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current = document.activeElement;
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          // Focus starts in the form's first field rather than on the close button, which comes first.
          onOpenAutoFocus={(event) => {
            const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              'input:not([type=hidden]), select, textarea',
            );
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            if (!(back instanceof HTMLElement) || back === document.body || !back.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-32px)] ${wide ? 'w-[min(720px,calc(100vw-24px))]' : 'w-[min(440px,calc(100vw-24px))]'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-muted hover:bg-surface" aria-label={t('close')}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
                <path d="m4 4 10 10M14 4 4 14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Asks before something that cannot be undone (Radix AlertDialog: Cancel has focus first). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  tone = 'danger',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** Red for what cannot be undone; the brand colour for a plain confirmation (approving a review). */
  tone?: 'danger' | 'primary';
}) {
  const t = useTranslations('admin');
  // Opened by state, as Modal is: focus goes back to the button that asked, when it is still on the page.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current = document.activeElement;
  wasOpen.current = open;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        {/* Above a Modal too: a confirmation asked from inside a dialog dims the dialog behind it. */}
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            if (!(back instanceof HTMLElement) || back === document.body || !back.isConnected) return;
            event.preventDefault();
            back.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[70] w-[min(420px,calc(100vw-24px))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass.secondary}>{t('cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass[tone]}
              disabled={busy}
              onClick={(event) => {
                // The dialog stays open until the call answers, so a failure can still be seen.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Dates and times in the reader's language and the browser's own time zone. */
export function formatWhen(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
