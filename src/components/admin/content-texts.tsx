'use client';

import { type MouseEvent, useEffect, useState } from 'react';
import { type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import type { Field } from '@/lib/admin/resource';
import { ANNOUNCEMENT_LIMITS } from '@/lib/admin/resources/announcements';
import { ARTICLE_LIMITS } from '@/lib/admin/resources/articles';
import { ADMIN_LOCALES, type AdminLocale } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';
import { AdminApiError, adminApi } from './api';
import { useAdminTranslations } from './i18n';
import { type CustomConflict, type CustomField, registerCustomField } from './resource/fields';
import type { ResourceText } from './resource/text';
import { type FormValues, messageIn } from './resource/values';
import { Alert, TextAreaField, TextField } from './ui';
import { useDebounced } from './use-list';

/**
 * The three languages of an announcement or an article, side by side (stacked on phones), each with a live
 * preview made by the site's own renderer on the server: parts of the one resource form (custom fields of
 * src/lib/admin/resources/announcements.ts and articles.ts), which holds them as `{en: {title, body}, …}`.
 */

type Part = { name: 'title' | 'summary' | 'body'; max: number; rows?: number; mono?: boolean };
type Preview = { html: string; unknownPlaceholders?: string[] };
type PreviewPath = '/announcements/preview' | '/articles/preview';

type Options = {
  parts: readonly Part[];
  preview: PreviewPath;
  /** The preview is made in each language (amounts and catalog tables are). */
  perLanguage?: boolean;
  /** The preview names the placeholders the site cannot fill; they are listed under the body. */
  placeholders?: boolean;
  /** Shows how the title reads in the ticker while `pinned` is ticked. */
  ticker?: boolean;
  /** The saved row's page on the site in a language, once it has one. */
  onSite?: (saved: FormValues, language: AdminLocale) => string | undefined;
};

/**
 * A Markdown body as the site will render it, asked of the server once typing pauses (~400 ms): the same
 * markdown-it renderer the public pages use (docs/decisions/049-markdown.md), so the preview never drifts from the
 * site and no parser ships to the browser. An older answer is dropped when a newer question is under way.
 */
function useServerPreview(path: PreviewPath, body: string, locale: AdminLocale | undefined) {
  const settled = useDebounced(body, 400);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    adminApi<Preview>(path, {
      method: 'POST',
      body: locale === undefined ? { body: settled } : { locale, body: settled },
      signal: controller.signal,
    })
      .then((answer) => {
        setPreview(answer);
        setFailed(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        setFailed(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      });
    return () => controller.abort();
  }, [path, locale, settled]);
  return { preview, failed, pending: settled !== body || (preview === null && failed === null) };
}

/** Links in a preview are shown, not followed: leaving would drop what was typed. */
function stayHere(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as HTMLElement).closest('a')) event.preventDefault();
}

type Texts = Partial<Record<AdminLocale, Partial<Record<Part['name'], string>>>>;

function LanguageColumn({
  language,
  field,
  text,
  idPrefix,
  options,
}: {
  language: AdminLocale;
  field: Field;
  text: ResourceText;
  idPrefix: string;
  options: Options;
}) {
  const t = useAdminTranslations('admin.editor');
  const form = useFormContext<FormValues>();
  const texts = (useWatch({ name: field.name }) ?? {}) as Texts;
  const pinned = useWatch({ name: 'pinned' }) as boolean | undefined;
  const own = texts[language] ?? {};
  // A language without its text shows English on the site, and so here.
  const fallback = language !== 'en' && !own.title && !own.body?.trim();
  const shown = fallback ? (texts.en ?? {}) : own;
  const { preview, failed, pending } = useServerPreview(
    options.preview,
    shown.body ?? '',
    options.perLanguage ? language : undefined,
  );
  const errors = (form.formState.errors as FieldErrors)[field.name] as Record<string, unknown> | undefined;
  const unknown = fallback ? [] : (preview?.unknownPlaceholders ?? []);
  const site = options.onSite?.((form.formState.defaultValues ?? {}) as FormValues, language);
  const id = (part: string) => `${idPrefix}-${field.name}-${language}-${part}`;

  return (
    <fieldset
      className="flex min-w-0 flex-col rounded-xl border border-line bg-white p-4"
      data-testid={`language-${language}`}
      lang={language}
    >
      <legend className="px-1 text-base font-semibold">
        {LOCALE_LABEL[language]}{' '}
        <span className="text-xs font-normal text-muted">{language === 'en' ? t('required') : t('optional')}</span>
      </legend>
      <div className="space-y-3">
        {options.parts.map((part) => {
          const props = {
            id: id(part.name),
            label: text.field(part.name),
            hint: text.hint(part.name),
            maxLength: part.max,
            error: messageIn((errors?.[language] as Record<string, unknown> | undefined)?.[part.name]),
            className: part.mono ? 'font-mono' : undefined,
            ...form.register(`${field.name}.${language}.${part.name}`),
          };
          return part.rows ? (
            <TextAreaField key={part.name} rows={part.rows} {...props} />
          ) : (
            <TextField key={part.name} {...props} />
          );
        })}
        {options.placeholders ? (
          <div aria-live="polite" data-testid={`unknown-${language}`}>
            {unknown.length > 0 ? (
              <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <p className="font-semibold">{t('unknownTitle', { count: unknown.length })}</p>
                <ul className="mt-1 list-disc pl-5 font-mono text-xs">
                  {unknown.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <section
        aria-label={t('previewOf', { language: LOCALE_LABEL[language] })}
        aria-busy={pending}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a preview wider than its column (an article's tables) scrolls sideways, and must take focus to be read by keyboard
        tabIndex={0}
        className="mt-4 flex-1 overflow-x-auto rounded-lg border border-dashed border-line bg-surface p-3 focus-visible:outline-3 focus-visible:outline-brand-500"
        data-testid={`preview-${language}`}
      >
        <p className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
          <span>{t('preview')}</span>
          {site ? (
            <a
              href={site}
              target="_blank"
              rel="noopener"
              className="normal-case tracking-normal text-brand-700 underline"
            >
              {t('onSite')}
            </a>
          ) : null}
        </p>
        {fallback ? <p className="mb-2 text-xs text-amber-800">{t('fallback')}</p> : null}
        {options.ticker && pinned && shown.title ? (
          <p className="mb-2 truncate rounded bg-brand-600 px-2 py-1 text-xs text-white" title={t('tickerPreview')}>
            <span className="mr-1 font-semibold">{t('ticker')}</span>
            {shown.title}
          </p>
        ) : null}
        <div className={fallback ? 'opacity-70' : undefined} lang={fallback ? 'en' : language}>
          <p className="text-base font-semibold">{shown.title || t('untitled')}</p>
          {failed ? <Alert messageKey={failed} /> : null}
          {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops links in the preview from leaving the editor; Enter on a link fires this click too */}
          <div
            onClick={stayHere}
            className="mt-2 text-sm"
            data-testid={`preview-html-${language}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built by the site's renderer on the server (src/server/docs/markdown-html.ts), which escapes every text and attribute
            dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
          />
        </div>
      </section>
    </fieldset>
  );
}

/** The field: its three languages in columns, under the field's own name. */
function textsField(options: Options): CustomField {
  return function Texts({ field, text, idPrefix }) {
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{text.field(field.name)}</legend>
        <div className="grid gap-4 desk:grid-cols-3">
          {ADMIN_LOCALES.map((l) => (
            <LanguageColumn key={l} language={l} field={field} text={text} idPrefix={idPrefix} options={options} />
          ))}
        </div>
      </fieldset>
    );
  };
}

/** A 409 over the texts: each language's parts, theirs beside what was typed. */
const textsConflict =
  (parts: readonly Part[]): CustomConflict =>
  (theirs, mine, text) =>
    ADMIN_LOCALES.flatMap((l) =>
      parts.map((part) => ({
        label: `${LOCALE_LABEL[l]} · ${text.field(part.name)}`,
        theirs: (theirs as Texts | undefined)?.[l]?.[part.name] ?? '',
        mine: (mine as Texts | undefined)?.[l]?.[part.name] ?? '',
      })),
    );

const ANNOUNCEMENT_PARTS: readonly Part[] = [
  { name: 'title', max: ANNOUNCEMENT_LIMITS.titleMax },
  { name: 'body', max: ANNOUNCEMENT_LIMITS.bodyMax, rows: 8 },
];
registerCustomField(
  'announcementTexts',
  textsField({ parts: ANNOUNCEMENT_PARTS, preview: '/announcements/preview', ticker: true }),
  textsConflict(ANNOUNCEMENT_PARTS),
);

const ARTICLE_PARTS: readonly Part[] = [
  { name: 'title', max: ARTICLE_LIMITS.titleMax },
  { name: 'summary', max: ARTICLE_LIMITS.summaryMax, rows: 2 },
  { name: 'body', max: ARTICLE_LIMITS.bodyMax, rows: 14, mono: true },
];
registerCustomField(
  'articleTexts',
  textsField({
    parts: ARTICLE_PARTS,
    preview: '/articles/preview',
    perLanguage: true,
    placeholders: true,
    onSite: (saved, language) =>
      saved.slug ? localizedPath(language, `/doc/article/${String(saved.slug)}`) : undefined,
  }),
  textsConflict(ARTICLE_PARTS),
);
