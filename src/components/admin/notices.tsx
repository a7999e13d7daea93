'use client';

import Link from 'next/link';
import { NOTICE_LINKS, type OperatorNotice } from '@/lib/admin/notices';
import { useAdminTranslations } from './i18n';

/**
 * What operators must know about the site now (src/lib/admin/notices.ts: mail not being sent), one box each
 * above what a screen shows; `linked` (the dashboard): with a link to the screen where it shows. A status, so a
 * screen reader hears it when it arrives with the page's answer.
 */
export function OperatorNotices({ notices, linked = false }: { notices?: OperatorNotice[]; linked?: boolean }) {
  const t = useAdminTranslations('admin.notices');
  const shown = notices ?? [];
  // The status is there before the answer, empty: a screen reader announces what is added to a live region, not a
  // region that appears with its words already in it.
  return (
    <div className={shown.length > 0 ? 'mb-6 space-y-3' : undefined} role="status">
      {shown.map((notice) => (
        <div
          key={notice.key}
          className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid={`notice-${notice.key}`}
        >
          <p>{t(notice.key, notice.values as never)}</p>
          {linked ? (
            <p className="mt-2">
              <Link href={NOTICE_LINKS[notice.key]} className="font-semibold underline underline-offset-2">
                {t(`links.${notice.key}`)}
              </Link>
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
