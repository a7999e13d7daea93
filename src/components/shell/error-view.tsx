import type { ReactNode } from 'react';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';

/** The error page body (docs/product/screens.md#not-found-and-error-pages): status code and message, never a stack. */
export function ErrorView(props: {
  status: number;
  statusLabel: string;
  title: string;
  message: ReactNode;
  /** A sentence on what may have happened and what to do next. */
  hint?: ReactNode;
  actions: ReactNode;
  /** Ways on from here, below the actions. */
  children?: ReactNode;
}) {
  return (
    <section
      id={FIRST_SCREEN_ID}
      className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-6 py-20 text-center"
    >
      <p className="text-7xl font-semibold tracking-tight text-brand-600" aria-hidden="true">
        {props.status}
      </p>
      <p className="sr-only">{props.statusLabel}</p>
      <h1 className="mt-4 text-2xl font-semibold">{props.title}</h1>
      <p className="mt-3 break-all text-muted" data-testid="error-message">
        {props.message}
      </p>
      {props.hint ? <p className="mt-4 max-w-xl text-lg text-ink">{props.hint}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">{props.actions}</div>
      {props.children}
    </section>
  );
}
