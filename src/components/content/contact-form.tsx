'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FormError, FormField, useFormSubmit } from '@/components/forms/form-field';
import { apiCall } from '@/lib/api-client';
import { CONTACT_TOPICS } from '@/lib/validation/contact-topics';

/**
 * The /contact form (POST /api/contact): name, e-mail, topic and message, checked with the schema the API
 * uses; the API's own field errors (4001) and the rate limit (4290) are shown next to the controls.
 */
export function ContactForm() {
  const t = useTranslations('forms');
  const locale = useLocale();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, busy, onSubmit } = useFormSubmit(
    async (data) => {
      // The schema (and zod) load on the first submit, not with the page: /contact stays light (docs/decisions/014-content-pages.md).
      const { contactForm } = await import('@/lib/validation/content-forms');
      return contactForm.safeParse({
        name: String(data.get('name') ?? ''),
        email: String(data.get('email') ?? ''),
        topic: String(data.get('topic') ?? ''),
        message: String(data.get('message') ?? ''),
      });
    },
    async (value) => {
      await apiCall('/contact', { body: { ...value, language: locale }, silent: true });
      setSentTo(value.email);
    },
  );

  if (sentTo) {
    return (
      <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-6" data-testid="contact-sent">
        <p className="text-lg font-semibold text-emerald-800">{t('contact.sentTitle')}</p>
        <p className="mt-1 text-sm text-emerald-800">{t('contact.sentBody', { email: sentTo })}</p>
        <button
          type="button"
          onClick={() => setSentTo(null)}
          className="mt-4 text-sm font-semibold text-brand-700 underline"
        >
          {t('contact.sendAnother')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="contact-form">
      <div className="grid gap-4 desk:grid-cols-2">
        <FormField
          id={`${id}-name`}
          name="name"
          label={t('contact.name')}
          autoComplete="name"
          error={errors.name}
          required
        />
        <FormField
          id={`${id}-email`}
          name="email"
          type="email"
          label={t('contact.email')}
          autoComplete="email"
          error={errors.email}
          required
        />
      </div>
      <FormField
        as="select"
        id={`${id}-topic`}
        name="topic"
        label={t('contact.topic')}
        defaultValue=""
        error={errors.topic}
      >
        <option value="" disabled>
          {t('contact.topicPlaceholder')}
        </option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {t(`contact.topics.${topic}`)}
          </option>
        ))}
      </FormField>
      <FormField
        as="textarea"
        id={`${id}-message`}
        name="message"
        rows={7}
        label={t('contact.message')}
        hint={t('contact.messageHint')}
        error={errors.message}
        required
      />
      {errors._ ? <FormError messageKey={errors._} testId="contact-error" /> : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t('working') : t('contact.submit')}
      </button>
    </form>
  );
}
