import { ADMIN_LOCALES, type AdminLocale, type AnnouncementInput } from '@/lib/admin/schemas';

type Text = { title: string; body: string };

/** An announcement as the back office reads it (one, with its translations, or a list row). */
export type AdminAnnouncement = {
  id: number;
  category: string;
  pinned: boolean;
  publishedAt: string;
  version: number;
  /** List rows: the title in each language it is written in. */
  titles?: Partial<Record<AdminLocale, string>>;
  translations?: Partial<Record<AdminLocale, Text>> | { locale: AdminLocale; title: string; body: string }[];
  updatedAt?: string;
};

/** The translations as `{en, zh, ja}`, whichever of the two shapes the answer used; absent ones are empty. */
export function translationsOf(row: Pick<AdminAnnouncement, 'translations'>): Record<AdminLocale, Text> {
  const raw = row.translations;
  const found: Partial<Record<AdminLocale, Text>> = Array.isArray(raw)
    ? Object.fromEntries(raw.map((t) => [t.locale, { title: t.title, body: t.body }]))
    : (raw ?? {});
  const out = {} as Record<AdminLocale, Text>;
  for (const locale of ADMIN_LOCALES) {
    out[locale] = { title: found[locale]?.title ?? '', body: found[locale]?.body ?? '' };
  }
  return out;
}

/** The languages an announcement is written in. */
export function languagesOf(row: AdminAnnouncement): AdminLocale[] {
  if (row.titles) return ADMIN_LOCALES.filter((l) => row.titles?.[l]);
  const texts = translationsOf(row);
  return ADMIN_LOCALES.filter((l) => texts[l].title);
}

/** The English title (the one every announcement has), else the first there is. */
export function titleOf(row: AdminAnnouncement): string {
  if (row.titles) return row.titles.en ?? ADMIN_LOCALES.map((l) => row.titles?.[l]).find(Boolean) ?? '';
  return translationsOf(row).en.title;
}

export function formValuesOf(row: AdminAnnouncement): AnnouncementInput {
  return {
    category: row.category,
    pinned: row.pinned,
    publishedAt: new Date(row.publishedAt).toISOString(),
    translations: translationsOf(row),
  };
}

export const KNOWN_CATEGORIES = ['maintenance', 'product', 'promotion', 'security', 'company'] as const;
