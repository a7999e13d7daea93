import { z } from 'zod';
import { defineResource, versioned } from '../resource';
import { ADMIN_LOCALES, type AdminLocale } from '../schemas';

export const ANNOUNCEMENT_LIMITS = { titleMax: 200, bodyMax: 20_000, categoryMax: 40 } as const;

const announcementText = z.object({
  title: z.string().trim().max(ANNOUNCEMENT_LIMITS.titleMax, { error: 'api.field.tooLong' }).default(''),
  body: z.string().trim().max(ANNOUNCEMENT_LIMITS.bodyMax, { error: 'api.field.tooLong' }).default(''),
});

/**
 * An announcement as an editor saves it. English is required (the site falls back to it); Chinese and Japanese
 * may be empty (then English is shown and the missing-translations view lists them), but a title without a body
 * or a body without a title is refused.
 */
export const announcementInput = z
  .object({
    category: z
      .string({ error: 'api.field.required' })
      .trim()
      .min(1, { error: 'api.field.required', abort: true })
      .max(ANNOUNCEMENT_LIMITS.categoryMax, { error: 'api.field.tooLong' }),
    pinned: z.boolean({ error: 'api.field.invalid' }).default(false),
    publishedAt: z.iso.datetime({ offset: true, error: 'api.field.invalid' }),
    translations: z.object({ en: announcementText, zh: announcementText, ja: announcementText }),
  })
  .superRefine((value, ctx) => {
    for (const locale of ADMIN_LOCALES) {
      const text = value.translations[locale];
      const required = locale === 'en';
      if ((required || text.body) && !text.title) {
        ctx.addIssue({ code: 'custom', path: ['translations', locale, 'title'], message: 'api.field.required' });
      }
      if ((required || text.title) && !text.body) {
        ctx.addIssue({ code: 'custom', path: ['translations', locale, 'body'], message: 'api.field.required' });
      }
    }
  });
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** A body to preview as the announcement page draws it (no catalog tables or amounts there). */
export const announcementPreview = z.object({
  body: z.string().max(ANNOUNCEMENT_LIMITS.bodyMax, { error: 'api.field.tooLong' }),
});

type Texts = Record<AdminLocale, Record<string, string>>;

/** A row's titles in each language it has, as a three-language column shows them. */
export const titlesOf = (row: Record<string, unknown>) =>
  Object.fromEntries(ADMIN_LOCALES.map((l) => [l, (row.translations as Texts | undefined)?.[l]?.title ?? '']));

/** The languages a row is written in (`EN · ZH`): the others show English on the site. */
export const languagesOf = (row: Record<string, unknown>) =>
  ADMIN_LOCALES.filter((l) => (row.translations as Texts | undefined)?.[l]?.title)
    .map((l) => l.toUpperCase())
    .join(' · ');

const text = z.object({ title: z.string(), body: z.string() });

/**
 * News on the site in three languages, each on its own page and, pinned, in the ticker; a time in the future
 * schedules one (docs/product/back-office-api.md). Edited on a page of its own, with a preview per language.
 */
export const announcementsResource = defineResource({
  name: 'announcements',
  path: '/announcements',
  nav: { section: 'content' },
  audit: 'announcement',
  table: 'announcements',
  changes: ['announcements'],
  key: { field: 'id', type: 'number' },
  input: announcementInput,
  row: z.object({
    id: z.number().int(),
    category: z.string(),
    pinned: z.boolean(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    translations: z.object({ en: text, zh: text, ja: text }),
    ...versioned,
  }),
  access: { read: 'readContent', write: 'editContent', delete: 'editContent' },
  detail: 'page',
  undo: true,
  list: {
    sorts: ['publishedAt', 'updatedAt', 'category', 'id'],
    order: { sort: 'publishedAt', dir: 'desc' },
    search: true,
  },
  columns: [
    { name: 'title', format: 'localized', value: titlesOf },
    { name: 'category', sort: 'category' },
    { name: 'publishedAt', format: 'datetime', sort: 'publishedAt' },
    {
      name: 'state',
      format: 'option',
      value: (row) => (Date.parse(String(row.publishedAt)) > Date.now() ? 'scheduled' : 'published'),
    },
    { name: 'pinned', format: 'boolean' },
    { name: 'languages', value: languagesOf },
    { name: 'updatedAt', format: 'datetime', sort: 'updatedAt' },
  ],
  fields: [
    { name: 'category', kind: 'text', hint: true },
    { name: 'publishedAt', kind: 'datetime', hint: true },
    { name: 'pinned', kind: 'checkbox' },
    { name: 'translations', kind: 'custom', component: 'announcementTexts' },
  ],
  blank: () => {
    const now = new Date();
    now.setSeconds(0, 0);
    const empty = { title: '', body: '' };
    return {
      category: 'product',
      pinned: false,
      publishedAt: now.toISOString(),
      translations: { en: empty, zh: empty, ja: empty },
    };
  },
  title: 'title',
});
