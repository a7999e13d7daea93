import type { ReactNode } from 'react';

/** The heading band every page opens with. */
export function PageIntro({ heading, intro, children }: { heading: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-5 py-12 desk:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-ink desk:text-4xl">{heading}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
