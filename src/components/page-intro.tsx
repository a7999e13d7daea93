import type { ReactNode } from 'react';
import { FIRST_SCREEN_ID } from '@/lib/first-screen';

/**
 * The heading band every page opens with. It is the page's first screen (src/lib/first-screen.ts) unless the
 * page marks a larger one itself (`firstScreen={false}`).
 */
export function PageIntro({
  heading,
  intro,
  firstScreen = true,
  children,
}: {
  heading: string;
  intro?: string;
  firstScreen?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      id={firstScreen ? FIRST_SCREEN_ID : undefined}
      className="border-b border-line bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto max-w-6xl px-5 py-12 desk:py-16">
        <h1 className="text-3xl font-semibold tracking-tight text-ink desk:text-4xl">{heading}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-muted">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
