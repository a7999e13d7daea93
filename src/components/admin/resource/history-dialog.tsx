'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import type { AdminLocale } from '@/lib/admin/schemas';
import { HTML_LANG } from '@/lib/locales';
import { AdminApiError, adminApi } from '../api';
import { Alert, formatWhen, Modal } from '../ui';
import type { ResourceText } from './text';

type Entry = {
  id: number;
  at: string;
  action: 'create' | 'update' | 'delete' | 'revert';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  staff: { name: string | null; email: string | null } | null;
};

/** The fields an entry changed, by name (the version counter aside). */
function changedFields(entry: Entry): string[] {
  const names = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  names.delete('version');
  return [...names].filter(
    (name) => JSON.stringify(entry.before?.[name] ?? null) !== JSON.stringify(entry.after?.[name] ?? null),
  );
}

/**
 * A row's history: its last changes from the audit log, who made them and which fields they touched
 * (`GET /api/admin/<resource>/:id/history`). Undoing one is done from the audit log, which shows the values.
 */
export function HistoryDialog({
  path,
  title,
  text,
  onClose,
}: {
  /** The row's API path, `/jobs/12`; null while closed. */
  path: string | null;
  title: string;
  text: ResourceText;
  onClose: () => void;
}) {
  const locale = useLocale() as AdminLocale;
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!path) return;
    setEntries(null);
    setError(null);
    const controller = new AbortController();
    adminApi<{ items: Entry[] }>(`${path}/history`, { signal: controller.signal })
      .then((answer) => setEntries(answer.items))
      .catch((e) => {
        if (!controller.signal.aborted) setError(e instanceof AdminApiError ? e.messageKey : 'api.requestFailed');
      });
    return () => controller.abort();
  }, [path]);

  return (
    <Modal open={path !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={title} wide>
      {error ? <Alert messageKey={error} /> : null}
      {entries === null && !error ? <p aria-busy="true" className="h-24" /> : null}
      {entries !== null ? (
        <ol className="space-y-2 text-sm" data-testid="history">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-line p-3">
              <p className="font-semibold">
                {text.shared(`actionNames.${entry.action}`)} · {formatWhen(entry.at, HTML_LANG[locale])}
              </p>
              <p className="text-muted">
                {entry.staff
                  ? (entry.staff.name ?? entry.staff.email ?? '—')
                  : typeof entry.after?.system === 'string'
                    ? text.shared('system')
                    : text.shared('commandLine')}
              </p>
              {entry.action === 'update' || entry.action === 'revert' ? (
                <p className="mt-1 break-words text-xs">{changedFields(entry).map(text.fieldOrName).join(', ')}</p>
              ) : null}
            </li>
          ))}
          {entries.length === 0 ? <li className="text-muted">{text.shared('noHistory')}</li> : null}
        </ol>
      ) : null}
    </Modal>
  );
}
