'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation';
import { type PromoContent, rememberPopupSeen } from './promo-content';

/** The pop-up itself (docs/product/states.md#promotional-pop-up): closing or clicking stores now; clicking goes to /activity/promotion. */
export function PromoDialog({ promo }: { promo: PromoContent }) {
  const t = useTranslations('shell.promo');
  const router = useRouter();
  const [open, setOpen] = useState(true);

  const close = (next: boolean) => {
    if (!next) rememberPopupSeen();
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
          <div className="bg-brand-900 px-6 pb-6 pt-8 text-white" style={{ borderTop: `6px solid ${promo.accent}` }}>
            <p className="text-xs font-semibold uppercase tracking-wide opacity-90">{t('dialogLabel')}</p>
            <Dialog.Title className="mt-2 text-2xl font-semibold">{promo.title}</Dialog.Title>
          </div>
          {promo.imageUrl ? (
            // An operator's picture from anywhere (a site path or an https address): not a Next image, whose
            // loader would need every host listed. Decorative: the title and text say what it shows.
            // biome-ignore lint/performance/noImgElement: the address is the operator's, on any host
            <img
              src={promo.imageUrl}
              alt=""
              className="block max-h-56 w-full object-cover"
              loading="lazy"
              data-testid="promo-image"
            />
          ) : null}
          <Dialog.Description className="px-6 pt-4 text-sm text-muted">{promo.subtitle}</Dialog.Description>
          <div className="flex justify-end gap-2 p-6">
            <Dialog.Close className="rounded-md border border-line px-4 py-2 text-sm font-semibold hover:bg-surface">
              {t('close')}
            </Dialog.Close>
            <button
              type="button"
              onClick={() => {
                rememberPopupSeen();
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
