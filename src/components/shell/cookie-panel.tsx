'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  COOKIE_CONFIRM_KEY,
  type ConsentChoice,
  consentEntries,
  cookiesToDelete,
  deleteCookies,
  listCookieNames,
  readConsent,
} from '@/lib/consent';
import {
  askingControl,
  CONSENT_CHANGED_EVENT,
  COOKIE_PANEL_HEIGHT_PROPERTY,
  OPEN_COOKIE_SETTINGS_EVENT,
} from './cookie-events';

function Category(props: {
  title: string;
  description: string;
  checked: boolean;
  locked?: boolean;
  onChange?: (value: boolean) => void;
}) {
  const id = useId();
  // A native switch (WAI-ARIA switch pattern: a button with aria-checked, Space and Enter toggle it): the
  // panel shows on every first visit, and Radix's Switch was a few KB of script there
  // (docs/decisions/016-first-paint-before-storage.md).
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {props.title}
        </label>
        <p id={`${id}-desc`} className="text-xs text-muted">
          {props.description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={props.checked}
        aria-describedby={`${id}-desc`}
        disabled={props.locked}
        onClick={() => props.onChange?.(!props.checked)}
        className="group relative mt-1 h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors disabled:opacity-70 aria-checked:bg-brand-600"
      >
        <span className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-[22px]" />
      </button>
    </div>
  );
}

/**
 * Cookie consent (docs/decisions/006-cookie-consent.md): shown unless cookieConfirm is stored; category 1 (necessary) always on and
 * locked; categories 2 (analytics) and 3 (advertising) stored in cookieSelect1..3 as 0 on / 1 off. Confirm
 * stores the choices, applies the deletion rules and hides the panel; cancel only hides it.
 *
 * Keyboard: shown by itself (a first visit) it takes no focus, since the visitor may already be typing, but it is
 * first in the tab order (CookieConsent). Asked for by a control (the footer's "Cookie settings"), it takes focus,
 * and gives it back to that control when it closes. It never holds focus: Tab goes on to the page.
 */
export function CookiePanel(props: { asked: boolean; returnTo: HTMLElement | null }) {
  const t = useTranslations('shell.cookies');
  // Mounted only in the browser, when the visitor must answer or asked to change their answer: open at once,
  // with the stored choices (one render, not a hidden first pass and an effect).
  const [shown, setShown] = useState({ open: true, asked: props.asked, returnTo: props.returnTo });
  const [choice, setChoice] = useState<ConsentChoice>(
    () => readConsent((key) => window.localStorage.getItem(key)).choice,
  );
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const reopen = (event: Event) => {
      setChoice(readConsent((key) => window.localStorage.getItem(key)).choice);
      setShown({ open: true, asked: true, returnTo: askingControl(event) });
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
  }, []);

  useEffect(() => {
    if (shown.open && shown.asked) panel.current?.focus();
  }, [shown]);

  // The chat button sits above the panel on a phone, and the page keeps clear of it (globals.css), by its height.
  // Set before the frame is painted, so the panel never appears over the button.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!shown.open || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(COOKIE_PANEL_HEIGHT_PROPERTY, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(COOKIE_PANEL_HEIGHT_PROPERTY);
    };
  }, [shown.open]);

  if (!shown.open) return null;

  const close = () => {
    setShown((s) => ({ ...s, open: false }));
    if (shown.asked && shown.returnTo?.isConnected) shown.returnTo.focus();
  };

  const confirm = () => {
    for (const [key, value] of consentEntries(choice)) window.localStorage.setItem(key, value);
    deleteCookies(cookiesToDelete(choice, listCookieNames(document)), document, window.location.hostname);
    window.dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT));
    close();
  };

  return (
    // Wide screens: beside the chat button (ChatLauncher: 1.25rem from the corner, 3.5rem wide), never over it.
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="cookie-consent-title"
      data-testid="cookie-consent"
      data-confirm-key={COOKIE_CONFIRM_KEY}
      className="fixed inset-x-0 bottom-0 z-[2100] border-t border-line bg-white shadow-[0_-8px_24px_rgba(0,0,0,0.12)] outline-none desk:inset-x-auto desk:bottom-5 desk:right-[5.5rem] desk:w-[420px] desk:rounded-lg desk:border"
    >
      <div className="max-h-[70vh] overflow-y-auto p-5">
        <h2 id="cookie-consent-title" className="text-base font-semibold">
          {t('title')}
        </h2>
        <p className="mt-2 text-sm text-muted">{t('intro')}</p>
        <div className="mt-3 divide-y divide-line">
          <Category title={t('necessary')} description={t('necessaryDesc')} checked locked />
          <Category
            title={t('analytics')}
            description={t('analyticsDesc')}
            checked={choice[2]}
            onChange={(v) => setChoice((c) => ({ ...c, 2: v }))}
          />
          <Category
            title={t('advertising')}
            description={t('advertisingDesc')}
            checked={choice[3]}
            onChange={(v) => setChoice((c) => ({ ...c, 3: v }))}
          />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={close}
            className="rounded-md border border-line px-4 py-2 text-sm font-semibold hover:bg-surface"
          >
            {t('cancel')}
          </button>
          <button
            type="button"
            onClick={confirm}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('confirm')}
          </button>
        </div>
      </div>
    </section>
  );
}
