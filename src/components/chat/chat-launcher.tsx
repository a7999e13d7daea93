'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useRef, useState } from 'react';

// The panel's code (messages, sanitizer, dialogs) loads when the visitor first opens it (docs/decisions/015-chat-helper.md, docs/product/targets.md#performance).
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The shell's chat button (docs/product/screens.md#chat-helper): opens the 450 px helper panel, full screen below 960 px. */
export function ChatLauncher({ widgetKey }: { widgetKey: string }) {
  const t = useTranslations('chat');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // On a phone the cookie panel spans the bottom of the screen; the button stays above it, by the height the panel
  // sets (COOKIE_PANEL_HEIGHT_PROPERTY). On wide screens the panel sits beside the button instead.
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen((o) => !o);
        }}
        className="fixed bottom-[calc(1.25rem+var(--cookie-panel-height,0px))] right-5 z-[2000] flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-900 focus-visible:outline-offset-4 desk:bottom-5"
        aria-label={t('open')}
        data-testid="chat-launcher"
      >
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none">
          <path
            d="M4 5h16v11H9l-5 4V5Z"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            fill="currentColor"
            fillOpacity="0.15"
          />
          <path d="M8 10h8M8 13h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ChatPanel widgetKey={widgetKey} open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      ) : null}
    </>
  );
}
