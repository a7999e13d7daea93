import { z } from 'zod';
import { defineResource, versioned } from '../resource';
import { ADMIN_LOCALES } from '../schemas';
import { languagesOf, titlesOf } from './announcements';

export const ARTICLE_LIMITS = { titleMax: 200, summaryMax: 500, bodyMax: 100_000 } as const;

const articleText = z.object({
  title: z.string().trim().max(ARTICLE_LIMITS.titleMax, { error: 'api.field.tooLong' }).default(''),
  summary: z.string().trim().max(ARTICLE_LIMITS.summaryMax, { error: 'api.field.tooLong' }).default(''),
  body: z.string().max(ARTICLE_LIMITS.bodyMax, { error: 'api.field.tooLong' }).default(''),
});

/** The documentation index's sections, in its order (the site shows anything else under "other"). */
export const DOC_CATEGORIES = ['product', 'pricing', 'developer', 'network', 'policy'] as const;

/** `/admin/articles/new` is the editor of a new article, so no article may be called `new`. */
const RESERVED_ARTICLE_SLUGS = ['new'];

/** An article's address, `/doc/article/{slug}`: lower-case words joined by hyphens. */
export const articleSlug = z
  .string()
  .trim()
  .min(1, { error: 'api.field.required' })
  .max(80, { error: 'api.field.tooLong' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'api.admin.slugInvalid' })
  .refine((slug) => !RESERVED_ARTICLE_SLUGS.includes(slug), { error: 'api.admin.slugTaken' });

/**
 * A documentation article as an editor saves it: English title, summary and body required; a language with a
 * body needs its title and summary too. Placeholders are checked against the catalog on the server. A changed
 * slug moves the article and leaves a redirect from the old address.
 */
export const articleInput = z
  .object({
    slug: articleSlug,
    category: z.enum(DOC_CATEGORIES, { error: 'api.field.invalid' }),
    translations: z.object({ en: articleText, zh: articleText, ja: articleText }),
  })
  .superRefine((value, ctx) => {
    for (const locale of ADMIN_LOCALES) {
      const text = value.translations[locale];
      if (locale !== 'en' && !text.title && !text.summary && !text.body.trim()) continue;
      for (const field of ['title', 'summary', 'body'] as const) {
        if (!text[field].trim()) {
          ctx.addIssue({ code: 'custom', path: ['translations', locale, field], message: 'api.field.required' });
        }
      }
    }
  });
export type ArticleInput = z.infer<typeof articleInput>;

/** A body to preview as the article page draws it, in a language (amounts and catalog tables in it). */
export const articlePreview = z.object({
  locale: z.enum(ADMIN_LOCALES, { error: 'api.field.invalid' }),
  body: z.string().max(ARTICLE_LIMITS.bodyMax, { error: 'api.field.tooLong' }),
});

const text = z.object({ title: z.string(), summary: z.string(), body: z.string() });

/**
 * The documentation at /doc/article/{slug} (docs/product/back-office-api.md, "Article addresses"): edited on a
 * page of its own with a preview per language made by the site's renderer. Its address can change (the old one
 * redirects); its creation is not undone from the audit log, since the address may already be linked to.
 */
export const articlesResource = defineResource({
  name: 'articles',
  path: '/articles',
  nav: { section: 'content' },
  audit: 'article',
  table: 'docArticles',
  changes: ['articles'],
  key: { field: 'slug', type: 'string' },
  input: articleInput,
  row: z.object({
    slug: z.string(),
    category: z.string(),
    updatedAt: z.string(),
    translations: z.object({ en: text, zh: text, ja: text }),
    ...versioned,
  }),
  access: { read: 'readContent', write: 'editContent', delete: false },
  detail: 'page',
  undo: { creation: false },
  list: { sorts: ['sort', 'slug', 'updatedAt'], order: { sort: 'sort', dir: 'asc' }, search: true },
  columns: [
    { name: 'title', format: 'localized', value: titlesOf },
    { name: 'slug', format: 'code', sort: 'slug' },
    { name: 'category', format: 'option' },
    { name: 'languages', value: languagesOf },
    { name: 'updatedAt', format: 'datetime', sort: 'updatedAt' },
  ],
  fields: [
    { name: 'slug', kind: 'text', hint: true },
    { name: 'category', kind: 'select', options: DOC_CATEGORIES },
    { name: 'translations', kind: 'custom', component: 'articleTexts' },
  ],
  blank: () => {
    const empty = { title: '', summary: '', body: '' };
    return { slug: '', category: 'product' as const, translations: { en: empty, zh: empty, ja: empty } };
  },
  title: 'title',
});
