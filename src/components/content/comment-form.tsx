'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { Link } from '@/i18n/navigation';
import { apiCall } from '@/lib/api-client';
import { useSiteStore } from '@/stores/site-store';

/**
 * Writing a review (POST /api/home/footer/comment with a body). Signed-in customers only; the review waits
 * for moderation, so the answer is a thank-you, not the review on the page. Validated with the same schema
 * the API uses, so the field errors match.
 */
export function CommentForm() {
  const t = useTranslations('forms');
  const locale = useLocale();
  const id = useId();
  const token = useSiteStore((s) => s.token);
  const [sent, setSent] = useState(false);
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      // The schema (and zod) load on the first submit, not with the page (docs/product/targets.md#documentation-and-content: keep pages light).
      const { commentForm } = await import('@/lib/validation/content-forms');
      return commentForm.safeParse({
        authorName: String(data.get('authorName') ?? ''),
        rating: String(data.get('rating') ?? ''),
        body: String(data.get('body') ?? ''),
      });
    },
    async (value) => {
      await apiCall('/home/footer/comment', { body: { ...value, language: locale }, silent: true });
      setSent(true);
    },
  );

  if (!token) {
    return (
      <div className="rounded-lg border border-line bg-surface p-5" data-testid="comment-login">
        <p className="text-sm text-muted">{t('comment.loginPrompt')}</p>
        <Link
          href={{ pathname: '/about', query: { ope: 'login' }, hash: 'write-review' }}
          scroll={false}
          className="mt-3 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('comment.loginCta')}
        </Link>
      </div>
    );
  }

  if (sent) {
    return (
      <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-5" data-testid="comment-sent">
        <p className="font-semibold text-emerald-800">{t('comment.thanksTitle')}</p>
        <p className="mt-1 text-sm text-emerald-800">{t('comment.thanksBody')}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="comment-form">
      <FormField
        id={`${id}-name`}
        name="authorName"
        label={t('comment.name')}
        hint={t('comment.nameHint')}
        error={errors.authorName}
        autoComplete="nickname"
        required
      />
      <FormField
        as="select"
        id={`${id}-rating`}
        name="rating"
        label={t('comment.rating')}
        defaultValue="5"
        error={errors.rating}
      >
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={n}>
            {`${'★'.repeat(n)} ${t('comment.ratingOption', { count: n })}`}
          </option>
        ))}
      </FormField>
      <FormField
        as="textarea"
        id={`${id}-body`}
        name="body"
        rows={5}
        label={t('comment.body')}
        hint={t('comment.bodyHint')}
        error={errors.body}
        required
      />
      {errors._ ? <FormError messageKey={errors._} testId="comment-error" /> : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('comment.submit')}
      </button>
    </form>
  );
}
