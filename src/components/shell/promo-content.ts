import { ACTIVE_IMG_KEY } from '@/lib/promo-popup';

export type PromoContent = {
  title: string;
  subtitle: string;
  ctaLabel: string;
  accent: string;
  /** The pop-up's picture, chosen in the back office; null for none. */
  imageUrl?: string | null;
};

/** Closing, following or first seeing the pop-up stores the current time (docs/product/states.md#promotional-pop-up, decision 005). */
export function rememberPopupSeen(): void {
  window.localStorage.setItem(ACTIVE_IMG_KEY, String(Date.now()));
}
