'use client';

import { useState } from 'react';
import type { AdminAnnouncement } from './announcement-types';
import { AdminApiError, adminApi } from './api';
import { useAdminTranslations as useTranslations } from './i18n';
import { Alert, ConfirmDialog, useErrorText } from './ui';

/** Delete, after a confirmation; the version sent is the one shown, so a newer edit is never deleted unseen. */
export function DeleteAnnouncement({
  announcement,
  onDeleted,
  asButton = false,
}: {
  announcement: Pick<AdminAnnouncement, 'id' | 'version'>;
  onDeleted: () => void;
  asButton?: boolean;
}) {
  const t = useTranslations('admin.announcements');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    try {
      await adminApi(`/announcements/${announcement.id}`, {
        method: 'DELETE',
        query: { version: announcement.version },
      });
      setOpen(false);
      onDeleted();
    } catch (error) {
      setFailure(error instanceof AdminApiError ? error.messageKey : 'api.requestFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        className={
          asButton
            ? 'rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50'
            : 'font-semibold text-red-700 hover:underline'
        }
      >
        {t('delete')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('deleteTitle')}
        description={failure ? (errorText(failure) ?? '') : t('deleteText')}
        confirmLabel={t('deleteConfirm')}
        onConfirm={() => void remove()}
        busy={busy}
      />
      {failure && !open ? <Alert messageKey={failure} /> : null}
    </>
  );
}
