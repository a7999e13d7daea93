'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { TRANSLATED_KINDS } from '@/lib/admin/schemas';
import { LOCALE_LABEL } from '@/lib/locales';
import { AdminApiError, adminApi } from './api';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, buttonClass, PageHeading, SelectField } from './ui';

type Kind = (typeof TRANSLATED_KINDS)[number];
type Missing = { kind: Kind; id: string; title: string; missing: ('zh' | 'ja')[] };

/** Where an item is edited in the back office, for the kinds that have an editor here. */
function editorHref(item: Missing): string | null {
  switch (item.kind) {
    case 'announcement':
      return `/admin/announcements/${item.id}`;
    case 'article':
      return `/admin/articles/${item.id}`;
    default:
      return null;
  }
}

/**
 * /admin/translations: every item the site shows in English to Chinese or Japanese readers because their text is
 * missing (docs/product/back-office-api.md), grouped by kind, each naming the languages it lacks.
 */
export function MissingTranslations() {
  const t = useTranslations('admin.translations');
  const tk = useTranslations('admin.kinds');
  const [kind, setKind] = useState<Kind | ''>('');
  const [items, setItems] = useState<Missing[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setItems(null);
    adminApi<{ items: Missing[] }>('/translations/missing', { query: { kind }, signal: controller.signal })
      .then((answer) => {
        setItems(answer.items);
        setError(null);
      })
      .catch((e) => {
        if (controller.signal.aborted) return;
        setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      });
    return () => controller.abort();
  }, [kind]);

  const groups = TRANSLATED_KINDS.map((k) => ({ kind: k, items: (items ?? []).filter((i) => i.kind === k) })).filter(
    (g) => g.items.length > 0,
  );

  return (
    <>
      <PageHeading title={t('title')} />
      <p className="-mt-4 mb-4 max-w-prose text-sm text-muted">{t('intro')}</p>
      <div className="mb-6 max-w-xs">
        <SelectField
          id="translations-kind"
          label={t('kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind | '')}
        >
          <option value="">{t('allKinds')}</option>
          {TRANSLATED_KINDS.map((k) => (
            <option key={k} value={k}>
              {tk(k)}
            </option>
          ))}
        </SelectField>
      </div>
      {error ? <Alert messageKey={error} /> : null}
      {items === null && !error ? <p aria-busy="true" className="h-32" /> : null}
      {items !== null && groups.length === 0 ? (
        <Alert tone="success" testId="translations-none">
          {t('none')}
        </Alert>
      ) : null}
      <div className="space-y-6" aria-busy={items === null}>
        {groups.map((group) => (
          <section
            key={group.kind}
            aria-labelledby={`missing-${group.kind}`}
            className="rounded-xl border border-line bg-white"
            data-testid={`missing-${group.kind}`}
          >
            <h2 id={`missing-${group.kind}`} className="border-b border-line px-4 py-3 text-lg font-semibold">
              {tk(group.kind)} <span className="text-sm font-normal text-muted">({group.items.length})</span>
            </h2>
            <ul className="divide-y divide-line">
              {group.items.map((item) => {
                const href = editorHref(item);
                const title = item.title || `#${item.id}`;
                return (
                  <li
                    key={item.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
                    data-testid="missing-item"
                    data-id={item.id}
                  >
                    {href ? (
                      <Link href={href} className={`${buttonClass.link} break-words`} lang="en">
                        {title}
                      </Link>
                    ) : (
                      <span className="break-words" lang="en">
                        {title}
                      </span>
                    )}
                    <span className="flex flex-wrap items-center gap-1">
                      <span className="text-xs text-muted">{t('lacks')}</span>
                      {item.missing.map((l) => (
                        <span
                          key={l}
                          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
                          data-testid="missing-language"
                        >
                          {LOCALE_LABEL[l]}
                        </span>
                      ))}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
