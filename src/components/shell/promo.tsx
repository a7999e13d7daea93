'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { useBrowserPath } from '@/i18n/navigation-client';
import { ACTIVE_IMG_KEY, POPUP_DELAY_MS, popupDecision } from '@/lib/promo-popup';
import { isPopupHidden } from '@/lib/routes';

export type PromoContent = { title: string; subtitle: string; ctaLabel: string; accent: string };

function remember() {
  window.localStorage.setItem(ACTIVE_IMG_KEY, String(Date.now()));
}

/** The slim promotion banner under the header; hidden on the SPEC §2 routes. */
export function PromoBanner({ promo }: { promo: PromoContent }) {
  const t = useTranslations('shell.promo');
  const path = useBrowserPath();
  if (isPopupHidden(path)) return null;
  return (
    <aside aria-label={t('dialogLabel')} className="bg-brand-900 text-white" data-testid="promo-banner">
      <div className="mx-auto flex max-w-6xl items-center justify-center gap-3 px-4 py-2 text-sm">
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: promo.accent }} />
        <span className="truncate font-medium">{promo.title}</span>
        <Link
          href="/activity/promotion"
          className="shrink-0 rounded-full bg-white px-3 py-0.5 font-semibold text-brand-900 hover:bg-brand-50"
        >
          {promo.ctaLabel}
        </Link>
      </div>
    </aside>
  );
}

/**
 * Promotional pop-up (SPEC §4): 30 s after load, only when activeImg holds a timestamp older than 24 h;
 * never without one (the first visit stores it, decision 005). Closing or clicking stores now; clicking
 * goes to /activity/promotion. Hidden on the SPEC §2 routes.
 */
export function PromoPopup({ promo }: { promo: PromoContent }) {
  const t = useTranslations('shell.promo');
  const path = useBrowserPath();
  const router = useRouter();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const decision = popupDecision({
      activeImg: window.localStorage.getItem(ACTIVE_IMG_KEY),
      now: Date.now(),
      pathname: path,
    });
    if (decision.storeFirstVisit) remember();
    if (!decision.show) return;
    const timer = window.setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [path]);

  const close = (next: boolean) => {
    if (!next) remember();
    setOpen(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2200] bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-[2201] w-[min(440px,calc(100vw-32px))] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-white shadow-2xl"
          data-testid="promo-popup"
        >
          <div className="px-6 pb-6 pt-8 text-white" style={{ backgroundColor: promo.accent }}>
            <p className="text-xs font-semibold uppercase tracking-wide opacity-90">{t('dialogLabel')}</p>
            <Dialog.Title className="mt-2 text-2xl font-bold">{promo.title}</Dialog.Title>
          </div>
          <Dialog.Description className="px-6 pt-4 text-sm text-muted">{promo.subtitle}</Dialog.Description>
          <div className="flex justify-end gap-2 p-6">
            <Dialog.Close className="rounded-md border border-line px-4 py-2 text-sm font-medium hover:bg-surface">
              {t('close')}
            </Dialog.Close>
            <button
              type="button"
              onClick={() => {
                remember();
                setOpen(false);
                router.push('/activity/promotion');
              }}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {promo.ctaLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
