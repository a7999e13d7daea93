'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  ADMIN_LOCALES,
  type AdminLocale,
  ANNOUNCEMENT_LIMITS,
  type AnnouncementInput,
  announcementInput,
} from '@/lib/admin/schemas';
import { HTML_LANG, LOCALE_LABEL } from '@/lib/locales';
import { type AdminAnnouncement, formValuesOf, KNOWN_CATEGORIES, translationsOf } from './announcement-types';
import { AdminApiError, adminApi } from './api';
import { ConflictView } from './conflict-view';
import { DeleteAnnouncement } from './delete-announcement';
import { showApiError } from './form-errors';
import { useAdminTranslations as useTranslations } from './i18n';
import { can, useSession } from './session';
import { Alert, Button, buttonClass, formatWhen, PageHeading, TextAreaField, TextField } from './ui';
import { stayHere, useServerPreview } from './use-server-preview';

type FormValues = AnnouncementInput;
/** What the form holds while it is typed in (the schema's input; defaults filled on save). */
type FormInput = z.input<typeof announcementInput>;
type EditorForm = UseFormReturn<FormInput, unknown, FormValues>;

/** `2026-05-01T09:30` in the browser's time zone, as a datetime-local input shows it. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

function blank(): FormValues {
  const now = new Date();
  now.setSeconds(0, 0);
  return {
    category: 'product',
    pinned: false,
    publishedAt: now.toISOString(),
    translations: { en: { title: '', body: '' }, zh: { title: '', body: '' }, ja: { title: '', body: '' } },
  };
}

/**
 * /admin/announcements/new and /admin/announcements/{id}: the three languages side by side (stacked on phones),
 * each with a live preview of how the site will show it. A save over someone else's newer save answers 409
 * with their version, shown beside what was typed here (which is kept) with a choice: take theirs, or overwrite
 * theirs on purpose (docs/product/back-office-api.md).
 */
export function AnnouncementEditor({ id }: { id?: number }) {
  const t = useTranslations('admin.editor');
  const locale = useLocale() as AdminLocale;
  const router = useRouter();
  const { session } = useSession();
  const editable = can(session?.staff.role, 'announcements.edit');
  const [version, setVersion] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(id === undefined);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<AdminAnnouncement | null>(null);

  const form: EditorForm = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(announcementInput),
    defaultValues: blank(),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const load = useCallback(async () => {
    if (id === undefined) return;
    try {
      const row = await adminApi<AdminAnnouncement>(`/announcements/${id}`);
      reset(formValuesOf(row));
      setVersion(row.version);
      setLoaded(true);
    } catch (error) {
      setLoadError(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    }
  }, [id, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: FormValues, overVersion: number | null) => {
    setSaved(false);
    try {
      if (id === undefined) {
        const row = await adminApi<AdminAnnouncement>('/announcements', { method: 'POST', body: values });
        reset(values);
        router.replace(`/admin/announcements/${row.id}?created=1`);
        return;
      }
      const row = await adminApi<AdminAnnouncement>(`/announcements/${id}`, {
        method: 'PUT',
        body: { ...values, version: overVersion },
      });
      setVersion(row.version);
      setConflict(null);
      reset(values);
      setSaved(true);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        // What was typed stays in the form; their version is shown beside it.
        setConflict(error.current as AdminAnnouncement);
        return;
      }
      showApiError(error, setError);
    }
  };

  const submit = handleSubmit((values) => save(values, version));

  if (loadError) return <Alert messageKey={loadError} testId="editor-load-error" />;
  if (!loaded) return <p aria-busy="true" className="h-64" />;

  const created = id !== undefined && typeof window !== 'undefined' && window.location.search.includes('created=1');

  return (
    <>
      <PageHeading title={id === undefined ? t('newTitle') : t('editTitle', { id })}>
        <Link href="/admin/announcements" className={buttonClass.secondary}>
          {t('back')}
        </Link>
        {id !== undefined && version !== null && editable ? (
          <DeleteAnnouncement
            announcement={{ id, version }}
            onDeleted={() => router.push('/admin/announcements')}
            asButton
          />
        ) : null}
      </PageHeading>

      {saved || (created && !isDirty) ? (
        <div className="mb-4">
          <Alert tone="success" testId="editor-saved">
            {t('saved')}
          </Alert>
        </div>
      ) : null}

      {conflict ? (
        <Conflict
          theirs={conflict}
          mine={getValues()}
          locale={locale}
          busy={isSubmitting}
          onTakeTheirs={() => {
            reset(formValuesOf(conflict));
            setVersion(conflict.version);
            setConflict(null);
          }}
          onOverwrite={handleSubmit((values) => save(values, conflict.version))}
        />
      ) : null}

      <form onSubmit={submit} noValidate className="space-y-6" data-testid="announcement-form">
        {errors.root?.server ? <Alert messageKey={errors.root.server.message} testId="editor-error" /> : null}
        <ErrorSummary errors={errors} />
        <fieldset
          disabled={!editable}
          className="grid gap-4 rounded-xl border border-line bg-white p-4 desk:grid-cols-3"
        >
          <legend className="sr-only">{t('settings')}</legend>
          <div>
            <TextField
              id="announcement-category"
              label={t('category')}
              list="announcement-categories"
              maxLength={ANNOUNCEMENT_LIMITS.categoryMax}
              error={errors.category?.message}
              {...register('category')}
            />
            <datalist id="announcement-categories">
              {KNOWN_CATEGORIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <Controller
            control={control}
            name="publishedAt"
            render={({ field, fieldState }) => {
              const future = field.value && new Date(field.value).getTime() > Date.now();
              return (
                <TextField
                  id="announcement-published"
                  label={t('publishedAt')}
                  type="datetime-local"
                  value={toLocalInput(field.value)}
                  onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  hint={
                    future ? t('schedules', { time: formatWhen(field.value, HTML_LANG[locale]) }) : t('publishedHint')
                  }
                />
              );
            }}
          />
          <div className="flex items-start gap-3 pt-7">
            <input
              id="announcement-pinned"
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-brand-600"
              aria-describedby="announcement-pinned-hint"
              {...register('pinned')}
            />
            <div>
              <label htmlFor="announcement-pinned" className="text-sm font-semibold">
                {t('pinned')}
              </label>
              <p id="announcement-pinned-hint" className="text-xs text-muted">
                {t('pinnedHint')}
              </p>
            </div>
          </div>
        </fieldset>

        <div className="grid gap-4 desk:grid-cols-3">
          {ADMIN_LOCALES.map((l) => (
            <LanguageColumn key={l} language={l} form={form} editable={editable} />
          ))}
        </div>

        {editable ? (
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-white/95 px-4 py-3">
            <Button type="submit" disabled={isSubmitting} data-testid="save">
              {isSubmitting ? t('saving') : id === undefined ? t('create') : t('save')}
            </Button>
            {isDirty ? <span className="text-sm text-muted">{t('unsaved')}</span> : null}
          </div>
        ) : (
          <Alert tone="info">{t('readOnly')}</Alert>
        )}
      </form>
    </>
  );
}

/** The problems of a refused save, listed at the top too, each a link to its field. */
function ErrorSummary({ errors }: { errors: FieldErrors<FormInput> }) {
  const t = useTranslations('admin.editor');
  const ids: string[] = [];
  if (errors.category) ids.push('announcement-category');
  if (errors.publishedAt) ids.push('announcement-published');
  for (const l of ADMIN_LOCALES) {
    if (errors.translations?.[l]?.title) ids.push(`announcement-${l}-title`);
    if (errors.translations?.[l]?.body) ids.push(`announcement-${l}-body`);
  }
  if (ids.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {t('fixFields', { count: ids.length })}
    </div>
  );
}

function LanguageColumn({ language, form, editable }: { language: AdminLocale; form: EditorForm; editable: boolean }) {
  const t = useTranslations('admin.editor');
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const text = useWatch({ control, name: `translations.${language}` });
  const english = useWatch({ control, name: 'translations.en' });
  const pinned = useWatch({ control, name: 'pinned' });
  const fallback = language !== 'en' && !text?.title && !text?.body;
  const shown = fallback ? english : text;
  const fieldErrors = errors.translations?.[language];
  const { preview, failed, pending } = useServerPreview<{ html: string }>('/announcements/preview', {
    body: shown?.body ?? '',
  });

  return (
    <fieldset
      disabled={!editable}
      className="flex min-w-0 flex-col rounded-xl border border-line bg-white p-4"
      data-testid={`language-${language}`}
      lang={language}
    >
      <legend className="px-1 text-base font-semibold">
        {LOCALE_LABEL[language]}{' '}
        <span className="text-xs font-normal text-muted">{language === 'en' ? t('required') : t('optional')}</span>
      </legend>
      <div className="space-y-3">
        <TextField
          id={`announcement-${language}-title`}
          label={t('titleLabel')}
          maxLength={ANNOUNCEMENT_LIMITS.titleMax}
          error={fieldErrors?.title?.message}
          {...register(`translations.${language}.title`)}
        />
        <TextAreaField
          id={`announcement-${language}-body`}
          label={t('body')}
          hint={t('bodyHint')}
          rows={8}
          error={fieldErrors?.body?.message}
          {...register(`translations.${language}.body`)}
        />
      </div>
      <section
        aria-label={t('previewOf', { language: LOCALE_LABEL[language] })}
        aria-busy={pending}
        className="mt-4 flex-1 rounded-lg border border-dashed border-line bg-surface p-3"
        data-testid={`preview-${language}`}
      >
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('preview')}</p>
        {fallback ? <p className="mb-2 text-xs text-amber-800">{t('fallback')}</p> : null}
        {pinned && shown?.title ? (
          <p className="mb-2 truncate rounded bg-brand-600 px-2 py-1 text-xs text-white" title={t('tickerPreview')}>
            <span className="mr-1 font-semibold">{t('ticker')}</span>
            {shown.title}
          </p>
        ) : null}
        <div className={fallback ? 'opacity-70' : undefined} lang={fallback ? 'en' : language}>
          <p className="text-base font-semibold">{shown?.title || t('untitled')}</p>
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

/**
 * Someone saved this announcement after it was opened here. Their version and what was typed here, field by
 * field where they differ; nothing typed is lost until "use theirs" is chosen.
 */
function Conflict({
  theirs,
  mine,
  locale,
  busy,
  onTakeTheirs,
  onOverwrite,
}: {
  theirs: AdminAnnouncement;
  mine: FormInput;
  locale: AdminLocale;
  busy: boolean;
  onTakeTheirs: () => void;
  onOverwrite: () => void;
}) {
  const t = useTranslations('admin.editor');
  const theirTexts = translationsOf(theirs);
  const rows: { label: string; theirs: string; mine: string }[] = [];
  const push = (label: string, a: string, b: string) => rows.push({ label, theirs: a, mine: b });
  push(t('category'), theirs.category, mine.category ?? '');
  push(t('pinned'), theirs.pinned ? t('yes') : t('no'), mine.pinned ? t('yes') : t('no'));
  push(
    t('publishedAt'),
    formatWhen(theirs.publishedAt, HTML_LANG[locale]),
    formatWhen(mine.publishedAt, HTML_LANG[locale]),
  );
  for (const l of ADMIN_LOCALES) {
    push(`${LOCALE_LABEL[l]} · ${t('titleLabel')}`, theirTexts[l].title, mine.translations[l].title ?? '');
    push(`${LOCALE_LABEL[l]} · ${t('body')}`, theirTexts[l].body, mine.translations[l].body ?? '');
  }

  return (
    <ConflictView
      title={t('conflictTitle')}
      rows={rows}
      version={theirs.version}
      updatedAt={theirs.updatedAt}
      locale={locale}
      busy={busy}
      onTakeTheirs={onTakeTheirs}
      onOverwrite={onOverwrite}
    />
  );
}
