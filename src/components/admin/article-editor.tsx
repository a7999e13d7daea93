'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  ADMIN_LOCALES,
  type AdminLocale,
  ARTICLE_LIMITS,
  type ArticleUpdate,
  articleCreate,
  articleUpdate,
  DOC_CATEGORIES,
} from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { localizedPath } from '@/lib/routes';
import { AdminApiError, adminApi } from './api';
import { type ConflictRow, ConflictView } from './conflict-view';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, Button, buttonClass, PageHeading, SelectField, TextAreaField, TextField } from './ui';
import { stayHere, useServerPreview } from './use-server-preview';

type Text = { title: string; summary: string; body: string };
type ArticleSnapshot = {
  slug: string;
  category: string;
  version: number;
  updatedAt: string;
  translations: Record<AdminLocale, Text>;
};
type FormInput = z.input<typeof articleUpdate>;
type EditorForm = UseFormReturn<FormInput, unknown, ArticleUpdate>;
type Preview = { html: string; unknownPlaceholders: string[] };

const valuesOf = (row: ArticleSnapshot): FormInput => ({
  slug: row.slug,
  category: row.category as FormInput['category'],
  translations: row.translations,
  version: row.version,
});
const EMPTY_TEXT = { title: '', summary: '', body: '' };
/** A new article: the same form; the create schema has no version, so it is left out when sending. */
const NEW_ARTICLE: FormInput = {
  slug: '',
  category: 'product',
  translations: { en: EMPTY_TEXT, zh: EMPTY_TEXT, ja: EMPTY_TEXT },
  version: 0,
};

/**
 * /admin/articles/{slug} (and /admin/articles/new, without a slug): a documentation article's address and section, and
 * its three languages side by side (stacked on phones), each with
 * title, summary, Markdown body and a preview made by the site's own renderer on the server, so catalog tables
 * and amounts show as visitors will see them (docs/product/back-office-api.md). A placeholder the site cannot
 * fill is named under its body as it is typed, and refused on save next to that body. A save over a newer
 * version shows the 409 view shared with announcements. A new slug moves the article; the site redirects the old
 * address to the new one for good.
 */
export function ArticleEditor({
  slug,
  movedFrom,
  justCreated = false,
}: {
  slug?: string;
  /** The address this article was saved away from, just now. */
  movedFrom?: string;
  justCreated?: boolean;
}) {
  const router = useRouter();
  const t = useTranslations('admin.articleEditor');
  const te = useTranslations('admin.editor');
  const locale = useLocale() as AdminLocale;
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<ArticleSnapshot | null>(null);
  const creating = slug === undefined;
  const [saved, setSaved] = useState(justCreated || movedFrom !== undefined);
  const [conflict, setConflict] = useState<ArticleSnapshot | null>(null);

  const form: EditorForm = useForm<FormInput, unknown, ArticleUpdate>({
    // A new article is checked by the create schema, which has no version: the form's 0 is not sent.
    resolver: zodResolver(creating ? (articleCreate as unknown as typeof articleUpdate) : articleUpdate) as never,
    defaultValues: NEW_ARTICLE,
  });
  const {
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const load = useCallback(async () => {
    if (slug === undefined) return;
    try {
      const row = await adminApi<ArticleSnapshot>(`/articles/${slug}`);
      reset(valuesOf(row));
      setLoaded(row);
    } catch (error) {
      setLoadError(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    }
  }, [slug, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: ArticleUpdate) => {
    setSaved(false);
    try {
      if (creating) {
        const { version: _unsent, ...created } = values;
        const row = await adminApi<ArticleSnapshot>('/articles', { method: 'POST', body: created });
        router.replace(`/admin/articles/${row.slug}?created=1`);
        return;
      }
      const row = await adminApi<ArticleSnapshot>(`/articles/${slug}`, { method: 'PUT', body: values });
      setConflict(null);
      reset(valuesOf(row));
      setLoaded(row);
      setSaved(true);
      // Moved: the editor's own address follows the article (the old one would find only its redirect).
      if (row.slug !== slug) router.replace(`/admin/articles/${row.slug}?moved=${slug}`);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        // What was typed stays in the form; their version is shown beside it.
        setConflict(error.current as ArticleSnapshot);
        return;
      }
      showApiError(error, setError);
    }
  };

  if (loadError) return <Alert messageKey={loadError} testId="editor-load-error" />;
  if (!loaded && !creating) return <p aria-busy="true" className="h-64" />;

  const fieldErrors = [
    ...(['slug', 'category'] as const).filter((f) => errors[f]),
    ...ADMIN_LOCALES.flatMap((l) =>
      (['title', 'summary', 'body'] as const).filter((f) => errors.translations?.[l]?.[f]),
    ),
  ];
  const heading = loaded
    ? loaded.translations[locale]?.title || loaded.translations.en.title || loaded.slug
    : t('newTitle');

  return (
    <>
      <PageHeading title={heading}>
        <Link href="/admin/articles" className={buttonClass.secondary}>
          {t('back')}
        </Link>
      </PageHeading>
      {loaded ? (
        <p className="-mt-4 mb-4 text-sm text-muted">
          {t(`categories.${loaded.category as (typeof DOC_CATEGORIES)[number]}`)} · {loaded.slug} · v{loaded.version}
        </p>
      ) : null}

      {saved && !isDirty ? (
        <div className="mb-4">
          <Alert tone="success" testId="editor-saved">
            {t('saved')} {movedFrom && loaded?.slug !== movedFrom ? t('movedFrom', { slug: movedFrom }) : null}
          </Alert>
        </div>
      ) : null}

      {conflict ? (
        <ConflictView
          title={t('conflictTitle')}
          rows={conflictRows(conflict, getValues(), te)}
          version={conflict.version}
          updatedAt={conflict.updatedAt}
          locale={locale}
          busy={isSubmitting}
          onTakeTheirs={() => {
            reset(valuesOf(conflict));
            setLoaded(conflict);
            setConflict(null);
          }}
          onOverwrite={handleSubmit((values) => save({ ...values, version: conflict.version }))}
        />
      ) : null}

      <form onSubmit={handleSubmit(save)} noValidate className="space-y-6" data-testid="article-form">
        {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="editor-error" /> : null}
        {fieldErrors.length > 0 ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {te('fixFields', { count: fieldErrors.length })}
          </div>
        ) : null}
        <fieldset
          disabled={!editable}
          className="grid gap-4 rounded-xl border border-line bg-white p-4 desk:grid-cols-3"
          data-testid="article-address"
        >
          <legend className="sr-only">{t('addressLegend')}</legend>
          <div className="desk:col-span-2">
            <TextField
              id="article-slug"
              label={t('slug')}
              hint={creating ? t('slugHintNew') : t('slugHint', { slug: loaded?.slug ?? '' })}
              maxLength={80}
              autoCapitalize="off"
              spellCheck={false}
              className="font-mono"
              error={errors.slug?.message}
              {...form.register('slug')}
            />
          </div>
          <SelectField
            id="article-category"
            label={t('category')}
            error={errors.category?.message}
            {...form.register('category')}
          >
            {DOC_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <div className="grid gap-4 desk:grid-cols-3">
          {ADMIN_LOCALES.map((l) => (
            <LanguageColumn key={l} language={l} slug={loaded?.slug} form={form} editable={editable} />
          ))}
        </div>
        {editable ? (
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-white/95 px-4 py-3">
            <Button type="submit" disabled={isSubmitting} data-testid="save">
              {isSubmitting ? te('saving') : te('save')}
            </Button>
            {isDirty ? <span className="text-sm text-muted">{te('unsaved')}</span> : null}
          </div>
        ) : (
          <Alert tone="info">{t('readOnly')}</Alert>
        )}
      </form>
    </>
  );
}

function conflictRows(
  theirs: ArticleSnapshot,
  mine: FormInput,
  te: ReturnType<typeof useTranslations<'admin.editor'>>,
): ConflictRow[] {
  const labels = { title: te('titleLabel'), summary: te('summary'), body: te('body') };
  return ADMIN_LOCALES.flatMap((l) =>
    (['title', 'summary', 'body'] as const).map((field) => ({
      label: `${LOCALE_LABEL[l]} · ${labels[field]}`,
      theirs: theirs.translations[l][field],
      mine: mine.translations[l]?.[field] ?? '',
    })),
  );
}

function LanguageColumn({
  language,
  slug,
  form,
  editable,
}: {
  language: AdminLocale;
  /** The saved article's address (none yet for a new one). */
  slug: string | undefined;
  form: EditorForm;
  editable: boolean;
}) {
  const t = useTranslations('admin.articleEditor');
  const te = useTranslations('admin.editor');
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const body = useWatch({ control, name: `translations.${language}.body` }) ?? '';
  const title = useWatch({ control, name: `translations.${language}.title` }) ?? '';
  const { preview, failed, pending } = useServerPreview<Preview>('/articles/preview', { locale: language, body });
  const fieldErrors = errors.translations?.[language];
  const unknown = preview?.unknownPlaceholders ?? [];
  const id = (field: string) => `article-${language}-${field}`;

  return (
    <fieldset
      disabled={!editable}
      className="flex min-w-0 flex-col rounded-xl border border-line bg-white p-4"
      data-testid={`language-${language}`}
      lang={language}
    >
      <legend className="px-1 text-base font-semibold">
        {LOCALE_LABEL[language]}{' '}
        <span className="text-xs font-normal text-muted">{language === 'en' ? te('required') : te('optional')}</span>
      </legend>
      <div className="space-y-3">
        <TextField
          id={id('title')}
          label={te('titleLabel')}
          maxLength={ARTICLE_LIMITS.titleMax}
          error={fieldErrors?.title?.message}
          {...register(`translations.${language}.title`)}
        />
        <TextAreaField
          id={id('summary')}
          label={te('summary')}
          rows={2}
          maxLength={ARTICLE_LIMITS.summaryMax}
          error={fieldErrors?.summary?.message}
          {...register(`translations.${language}.summary`)}
        />
        <TextAreaField
          id={id('body')}
          label={te('body')}
          hint={t('bodyHint')}
          rows={14}
          className="font-mono"
          error={fieldErrors?.body?.message}
          {...register(`translations.${language}.body`)}
        />
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
      </div>
      <section
        aria-label={te('previewOf', { language: LOCALE_LABEL[language] })}
        aria-busy={pending}
        className="mt-4 flex-1 overflow-x-auto rounded-lg border border-dashed border-line bg-surface p-3"
        data-testid={`preview-${language}`}
      >
        <p className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
          <span>{te('preview')}</span>
          {slug ? (
            <a
              href={localizedPath(language, `/doc/article/${slug}`)}
              target="_blank"
              rel="noopener"
              className="normal-case tracking-normal text-brand-700 underline"
            >
              {t('onSite')}
            </a>
          ) : null}
        </p>
        {!body.trim() && language !== 'en' ? <p className="mb-2 text-xs text-amber-800">{te('fallback')}</p> : null}
        <p className="text-lg font-semibold">{title || te('untitled')}</p>
        {failed ? <Alert messageKey={failed} /> : null}
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only stops links in the preview from leaving the editor; Enter on a link fires this click too */}
        <div
          onClick={stayHere}
          className="text-sm"
          data-testid={`preview-html-${language}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built by the site's renderer on the server (src/server/docs/markdown-html.ts), which escapes every text and attribute
          dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }}
        />
      </section>
    </fieldset>
  );
}
