import './zod-config';
import { z } from 'zod';
import { parseLocale } from '../locales';
import { CONTACT_TOPICS } from './contact-topics';
import { recordId, wholeNumber } from './numbers';
import { rules } from './rules';

/**
 * Inputs of the content pages (docs/decisions/014-content-pages.md), one schema each, shared by the forms and the API handlers (docs/engineering.md#types-input-errors:
 * one zod schema per input). Messages are i18n keys under `forms.error.*` so the browser shows the same
 * words the API answers with (4001 with the field named, docs/product/errors.md#business-codes).
 */

/**
 * Markup in visitor text: an HTML tag or comment (`<script`, `<img`, `</`, `<!--`), or a `javascript:` URL.
 * Stored text is always rendered as text (React escapes it), so this is not what keeps pages safe; it refuses
 * input that only an attack would send, and keeps such text out of the operators' mail and moderation queue.
 */
const MARKUP = /<\s*[a-z!/?]|javascript\s*:/i;

export function containsMarkup(value: string): boolean {
  return MARKUP.test(value);
}

/** Control characters other than tab and line breaks have no place in a comment or a message. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Trimmed plain text of `min`-`max` characters (code points, so a CJK or emoji character counts once). */
function plainText(min: number, max: number, lengthKey: string) {
  return z
    .string({ error: 'forms.error.required' })
    .trim()
    .min(1, { error: 'forms.error.required', abort: true })
    .refine((v) => !containsMarkup(v), { error: 'forms.error.markup', abort: true })
    .refine((v) => !CONTROL.test(v), { error: 'forms.error.control', abort: true })
    .refine(
      (v) => {
        const length = [...v].length;
        return length >= min && length <= max;
      },
      { error: lengthKey },
    );
}

export const COMMENT_LIMITS = { nameMin: 2, nameMax: 40, bodyMin: 10, bodyMax: 1000 } as const;
export const CONTACT_LIMITS = { nameMin: 2, nameMax: 80, messageMin: 20, messageMax: 5000 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Reviews (POST /api/home/footer/comment)
// ---------------------------------------------------------------------------------------------------------------

/** A new review: the name shown with it, 1-5 stars and the text; it waits for moderation before it is listed. */
export const commentForm = z.object({
  authorName: plainText(COMMENT_LIMITS.nameMin, COMMENT_LIMITS.nameMax, 'forms.error.displayName'),
  rating: z.coerce
    .number({ error: 'forms.error.rating' })
    .int({ error: 'forms.error.rating' })
    .min(1, { error: 'forms.error.rating' })
    .max(5, { error: 'forms.error.rating' }),
  body: plainText(COMMENT_LIMITS.bodyMin, COMMENT_LIMITS.bodyMax, 'forms.error.commentLength'),
});
export type CommentForm = z.input<typeof commentForm>;

/** A language code as docs/product/screens.md#languages-and-addresses spells them (en, en-US, zh, zh-CN, ja, ja-JP), read to one of the three. */
const language = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const locale = parseLocale(v);
    if (!locale) ctx.addIssue({ code: 'custom', message: 'api.field.invalid' });
    return locale;
  });

/** What the browser sends to post a review: the form plus, optionally, the language it is written in. */
export const commentRequest = commentForm.extend({ language });

/** Listing: approved reviews, newest first; every language unless `language` narrows it. */
export const commentListRequest = z.object({
  page: wholeNumber({ min: 1, max: 10_000 }).default(1),
  row: wholeNumber({ min: 1, max: 50 }).default(6),
  language,
});

// ---------------------------------------------------------------------------------------------------------------
// Contact form (POST /api/contact)
// ---------------------------------------------------------------------------------------------------------------

export { CONTACT_TOPICS, type ContactTopic } from './contact-topics';

export const contactForm = z.object({
  name: plainText(CONTACT_LIMITS.nameMin, CONTACT_LIMITS.nameMax, 'forms.error.contactName'),
  email: z
    .string({ error: 'forms.error.required' })
    .trim()
    .min(1, { error: 'forms.error.required', abort: true })
    .pipe(rules.email),
  topic: z.enum(CONTACT_TOPICS, { error: 'forms.error.topic' }),
  message: plainText(CONTACT_LIMITS.messageMin, CONTACT_LIMITS.messageMax, 'forms.error.contactMessage'),
});
export type ContactForm = z.input<typeof contactForm>;

export const contactRequest = contactForm.extend({ language });

// ---------------------------------------------------------------------------------------------------------------
// Company history and jobs searches
// ---------------------------------------------------------------------------------------------------------------

/** POST /api/seniorManage/about/history/search: every milestone, optionally one year, oldest or newest first. */
export const historySearchRequest = z.object({
  language,
  year: wholeNumber({ min: 1900, max: 2200 }).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** Department and location codes: lowercase words joined by hyphens, as the seed spells them. */
const code = z
  .string()
  .trim()
  .max(40)
  .regex(/^[a-z][a-z-]*$/, 'api.field.invalid');

/** POST /api/seniorManage/jobs/search: open jobs, narrowed by department, location or one id. */
export const jobsSearchRequest = z.object({
  language,
  department: code.optional(),
  location: code.optional(),
  id: recordId.optional(),
});
