'use client';

import { useId } from 'react';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { useAdminTranslations as useTranslations } from './i18n';
import { Button, formatWhen } from './ui';

export type ConflictRow = { label: string; theirs: string; mine: string };

/**
 * A save answered 409: someone saved the same item after it was opened here (docs/product/back-office-api.md).
 * Their version and what was typed here, field by field where they differ; nothing typed is lost until "use
 * theirs" is chosen. Shared by every editor of versioned content, and by the audit log when an undo would lose
 * what was saved after the change (there `labels` and `text` say so, and there is nothing to choose).
 */
export function ConflictView({
  title,
  rows,
  version,
  updatedAt,
  locale,
  busy = false,
  onTakeTheirs,
  onOverwrite,
  labels,
  text,
}: {
  title: string;
  rows: ConflictRow[];
  version: number;
  updatedAt?: string | null;
  locale: AdminLocale;
  busy?: boolean;
  onTakeTheirs?: () => void;
  onOverwrite?: () => void;
  /** The two sides' headings, when they are not "their version" and "yours". */
  labels?: { theirs: string; mine: string };
  /** What happened, when it is not a save over someone else's. */
  text?: string;
}) {
  const t = useTranslations('admin.editor');
  const titleId = useId();
  const differing = rows.filter((r) => r.theirs !== r.mine);
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
      data-testid="conflict"
    >
      <h2 id={titleId} className="text-lg font-semibold text-amber-950" tabIndex={-1} ref={(el) => el?.focus()}>
        {title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {text ?? (updatedAt ? t('conflictAt', { time: formatWhen(updatedAt, HTML_LANG[locale]) }) : t('conflictText'))}
      </p>
      {/* Field by field, theirs beside yours (one above the other on a phone). */}
      <ul className="mt-3 space-y-3">
        {differing.map((row) => (
          <li key={row.label} className="rounded-lg border border-amber-200 bg-white p-3 text-sm">
            <p className="font-semibold">{row.label}</p>
            <div className="mt-2 grid gap-3 desk:grid-cols-2">
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                  {labels?.theirs ?? t('theirs', { version })}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words" data-testid="conflict-theirs">
                  {row.theirs || '—'}
                </p>
              </div>
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">{labels?.mine ?? t('mine')}</p>
                <p className="mt-1 whitespace-pre-wrap break-words" data-testid="conflict-mine">
                  {row.mine || '—'}
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {onTakeTheirs || onOverwrite ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {onTakeTheirs ? (
            <Button variant="secondary" onClick={onTakeTheirs} data-testid="take-theirs">
              {t('takeTheirs')}
            </Button>
          ) : null}
          {onOverwrite ? (
            <Button variant="danger" onClick={onOverwrite} disabled={busy} data-testid="overwrite">
              {t('overwrite')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
